import type { Clash, ClashDecision, Roster, ServingItem, Subject, SubjectWithItems } from '../api/terminal';

/**
 * What the terminal decides by itself when the server cannot be reached, from the day's roster held on the
 * device. Pure: every function takes the roster and answers a new one, nothing is stored here.
 */

/** A roster item this device served while offline, not yet confirmed by the server. */
export type LocalItem = ServingItem & { servedLocally?: boolean };

export type LocalResult =
  | 'served'
  /** Served before, by the server's roster or by an earlier scan on this device. */
  | 'already_served'
  | 'no_order'
  | 'unknown_card'
  | 'inactive'
  /** No roster for the day on this device: nothing could be checked; the scan is kept for the server to decide. */
  | 'unverified'
  /** A dish contains one of the subject's allergens (the roster's clash): nothing served until the cook decides. */
  | 'check'
  /** The cook's choices on a check. */
  | 'alternative_served'
  | 'not_served';

export interface LocalDecision {
  result: LocalResult;
  subject: Subject | null;
  /** The subject's items of the chosen meal types. */
  items: LocalItem[];
  /** Items this scan served (locally). */
  servedNow: number[];
  /** For already_served: when the first of the items was served, and whether that was this device offline. */
  servedAt: string | null;
  servedLocally: boolean;
}

/** Whether the scan is queued for the server: it was (or may have been) handed out, or the cook decided on a check. */
export function shouldQueue(decision: LocalDecision): boolean {
  return ['served', 'unverified', 'alternative_served', 'not_served'].includes(decision.result);
}

/** The allergens and dishes of the items' clashes, each once, in the items' order (null: no clash). */
export function clashOf(items: readonly ServingItem[]): Clash | null {
  const dishes = new Set<string>();
  const allergens = new Set<string>();
  for (const item of items) {
    if (item.status !== 'active' || !item.clash) continue;
    item.clash.dishes.forEach((dish) => dishes.add(dish));
    item.clash.allergens.forEach((allergen) => allergens.add(allergen));
  }
  return allergens.size ? { dishes: [...dishes], allergens: [...allergens] } : null;
}

export const normalizeCard = (cardNumber: string) => cardNumber.trim();

export function findByCard(roster: Roster, cardNumber: string): SubjectWithItems | null {
  const wanted = normalizeCard(cardNumber);
  if (!wanted) return null;
  return roster.subjects.find((entry) => entry.subject.cardNumber !== null && normalizeCard(entry.subject.cardNumber) === wanted) ?? null;
}

function markServed(roster: Roster, subjectKey: string, itemIds: ReadonlySet<number>, servedAt: string): Roster {
  return {
    ...roster,
    subjects: roster.subjects.map((entry) =>
      `${entry.subject.type}:${entry.subject.id}` !== subjectKey
        ? entry
        : {
            ...entry,
            items: entry.items.map((item): LocalItem =>
              itemIds.has(item.id) && item.status === 'active' ? { ...item, status: 'served', servedAt, servedLocally: true } : item,
            ),
          },
    ),
  };
}

/**
 * The local answer to a scan of `cardNumber` for `mealTypesIds` at `scannedAt`, and the roster with the served
 * items marked (served locally). Mirrors the server's order of checks: unknown card, inactive, no order,
 * already served, the cook's "not served", a clash to check (the roster's `clash`, the server's one rule),
 * served (an alternative when the cook chose it).
 */
export function decideLocally(
  roster: Roster | null,
  cardNumber: string,
  mealTypesIds: readonly number[],
  scannedAt: string,
  clashDecision?: ClashDecision,
): { decision: LocalDecision; roster: Roster | null } {
  const none = { subject: null, items: [], servedNow: [], servedAt: null, servedLocally: false };
  if (!roster) return { decision: { result: 'unverified', ...none }, roster };
  const entry = findByCard(roster, cardNumber);
  if (!entry) return { decision: { result: 'unknown_card', ...none }, roster };
  const wanted = new Set(mealTypesIds);
  const items: LocalItem[] = entry.items.filter((item) => wanted.has(item.mealType.id));
  const base = { subject: entry.subject, items, servedNow: [], servedAt: null, servedLocally: false };
  if (!entry.subject.isActive) return { decision: { result: 'inactive', ...base }, roster };
  if (items.length === 0) return { decision: { result: 'no_order', ...base }, roster };
  const active = items.filter((item) => item.status === 'active');
  if (active.length === 0) {
    const first = [...items].sort((a, b) => (a.servedAt ?? '').localeCompare(b.servedAt ?? ''))[0]!;
    return {
      decision: { result: 'already_served', ...base, servedAt: first.servedAt, servedLocally: first.servedLocally === true },
      roster,
    };
  }
  if (clashDecision === 'not_served') return { decision: { result: 'not_served', ...base }, roster };
  if (!clashDecision && clashOf(active)) return { decision: { result: 'check', ...base }, roster };
  const servedIds = new Set(active.map((item) => item.id));
  const next = markServed(roster, `${entry.subject.type}:${entry.subject.id}`, servedIds, scannedAt);
  const servedItems = (findByCard(next, cardNumber)?.items ?? []).filter((item) => wanted.has(item.mealType.id));
  return {
    decision: {
      result: clashDecision === 'alternative_served' ? 'alternative_served' : 'served',
      ...base,
      items: servedItems,
      servedNow: [...servedIds],
    },
    roster: next,
  };
}

/** A scan the server answered: its items replace the roster's (served online, or refused as already served). */
export function applyServerItems(roster: Roster | null, subject: Subject | null, items: readonly ServingItem[]): Roster | null {
  if (!roster || !subject || items.length === 0) return roster;
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    ...roster,
    subjects: roster.subjects.map((entry) =>
      entry.subject.type !== subject.type || entry.subject.id !== subject.id
        ? entry
        : { ...entry, items: entry.items.map((item) => byId.get(item.id) ?? item) },
    ),
  };
}

export interface PendingScan {
  date: string;
  cardNumber: string;
  mealTypesIds: readonly number[];
  scannedAt: string;
  clashDecision?: ClashDecision;
}

/**
 * A freshly downloaded roster knows nothing of the scans still waiting on this device: they are served again
 * locally, so a child served offline is not served a second time after a background refresh.
 */
export function withPendingScans(fresh: Roster, pending: readonly PendingScan[]): Roster {
  let roster = fresh;
  for (const scan of pending) {
    if (scan.date !== fresh.date || scan.clashDecision === 'not_served') continue;
    const entry = findByCard(roster, scan.cardNumber);
    if (!entry) continue;
    const wanted = new Set(scan.mealTypesIds);
    const ids = new Set(entry.items.filter((item) => wanted.has(item.mealType.id) && item.status === 'active').map((item) => item.id));
    if (ids.size) roster = markServed(roster, `${entry.subject.type}:${entry.subject.id}`, ids, scan.scannedAt);
  }
  return roster;
}
