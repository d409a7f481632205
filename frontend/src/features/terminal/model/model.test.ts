import { describe, expect, it } from 'vitest';
import type { Roster, ScanResult, ServingItem, Subject } from '../api/terminal';
import {
  loadFollowUps,
  loadQueue,
  loadRoster,
  loadServingChoice,
  loadSummaryMode,
  saveFollowUps,
  saveQueue,
  saveRoster,
  saveServingChoice,
  saveSummaryMode,
  terminalId,
  terminalKeys,
} from './device-storage';
import { addFollowUps, enqueue, removeScans, syncQueue, type FollowUp, type QueuedScan, type SendOutcome } from './queue';
import { applyServerItems, clashOf, decideLocally, shouldQueue, withPendingScans } from './roster';

const LUNCH = { id: 2, name: 'Lunch' };
const SOUP = { id: 3, name: 'Soup' };

function subject(id: number, overrides: Partial<Subject> = {}): Subject {
  return {
    type: 'child',
    id,
    firstName: 'Ola',
    lastName: `Kid${id}`,
    cardNumber: `CARD${id}`,
    institution: { id: 1, name: 'SP 12' },
    classroom: { id: 4, name: '1A' },
    diet: { id: 1, name: 'Standard' },
    allergens: [],
    allergiesNote: '',
    isActive: true,
    ...overrides,
  };
}

function item(id: number, mealType = LUNCH, overrides: Partial<ServingItem> = {}): ServingItem {
  return {
    id,
    date: '2026-11-25',
    mealType,
    diet: { id: 1, name: 'Standard' },
    portionSize: { id: 1, name: 'Normal' },
    dish: 'Pierogi',
    clash: null,
    status: 'active',
    servedAt: null,
    servedBy: null,
    ...overrides,
  };
}

const roster: Roster = {
  date: '2026-11-25',
  generatedAt: '2026-11-25T10:00:00Z',
  subjects: [
    { subject: subject(1), items: [item(11), item(12, SOUP)] },
    { subject: subject(2), items: [item(21, LUNCH, { status: 'served', servedAt: '2026-11-25T11:04:00Z' })] },
    { subject: subject(3, { isActive: false }), items: [item(31)] },
    { subject: subject(4), items: [item(41, SOUP)] },
  ],
};

const AT = '2026-11-25T11:30:00Z';

function queued(id: string, cardNumber = 'CARD1'): QueuedScan {
  return { clientScanId: id, date: '2026-11-25', cardNumber, mealTypesIds: [2], scannedAt: AT, terminalId: 't-1', offline: true, subjectName: null };
}

function scanResult(result: ScanResult['result'], message: string): ScanResult {
  return { entryId: 1, clientScanId: 'x', result, subject: subject(1), items: [], servedNow: [], message };
}

describe('local decision', () => {
  it('given an active order of a chosen meal type, serves it locally and marks the roster item served locally', () => {
    const { decision, roster: next } = decideLocally(roster, ' CARD1 ', [2], AT);

    expect(decision.result).toBe('served');
    expect(decision.subject?.id).toBe(1);
    expect(decision.servedNow).toEqual([11]);
    expect(decision.items).toEqual([{ ...item(11), status: 'served', servedAt: AT, servedLocally: true }]);
    expect(next?.subjects[0]?.items).toEqual([{ ...item(11), status: 'served', servedAt: AT, servedLocally: true }, item(12, SOUP)]);
    expect(shouldQueue(decision)).toBe(true);
    // The roster given is not changed.
    expect(roster.subjects[0]?.items[0]?.status).toBe('active');
  });

  it('given the same card scanned twice offline, the second is already served locally and is not queued', () => {
    const first = decideLocally(roster, 'CARD1', [2], AT);
    const second = decideLocally(first.roster, 'CARD1', [2], '2026-11-25T11:31:00Z');

    expect(second.decision).toMatchObject({ result: 'already_served', servedAt: AT, servedLocally: true, servedNow: [] });
    expect(second.roster).toBe(first.roster);
    expect(shouldQueue(second.decision)).toBe(false);
  });

  it('refuses what the server would: served before, unknown card, inactive, no order of the chosen meal types', () => {
    expect(decideLocally(roster, 'CARD2', [2], AT).decision).toMatchObject({ result: 'already_served', servedAt: '2026-11-25T11:04:00Z', servedLocally: false });
    expect(decideLocally(roster, 'NOPE', [2], AT).decision).toMatchObject({ result: 'unknown_card', subject: null });
    expect(decideLocally(roster, 'CARD3', [2], AT).decision).toMatchObject({ result: 'inactive' });
    expect(decideLocally(roster, 'CARD4', [2], AT).decision).toMatchObject({ result: 'no_order', items: [] });
    for (const card of ['CARD2', 'NOPE', 'CARD3', 'CARD4']) {
      const { decision, roster: next } = decideLocally(roster, card, [2], AT);
      expect(shouldQueue(decision)).toBe(false);
      expect(next).toBe(roster);
    }
  });

  it('without a roster on the device, keeps the scan unverified for the server to decide', () => {
    const { decision, roster: next } = decideLocally(null, 'CARD1', [2], AT);
    expect(decision.result).toBe('unverified');
    expect(shouldQueue(decision)).toBe(true);
    expect(next).toBeNull();
  });

  it('serves again locally the scans still queued when a fresh roster arrives, and takes the server items it answered', () => {
    const fresh = withPendingScans(roster, [queued('a'), { ...queued('b'), date: '2026-11-26' }]);
    expect(fresh.subjects[0]?.items.map((entry) => entry.status)).toEqual(['served', 'active']);

    const answered = applyServerItems(roster, subject(1), [item(12, SOUP, { status: 'served', servedAt: AT })]);
    expect(answered?.subjects[0]?.items.map((entry) => entry.status)).toEqual(['active', 'served']);
  });
});

describe('local decision on a clash (the roster carries the server\'s rule)', () => {
  const GLUTEN = { dishes: ['Gulasz'], allergens: ['Gluten'] };
  const clashRoster: Roster = { ...roster, subjects: [{ subject: subject(1), items: [item(11, LUNCH, { clash: GLUTEN }), item(12, SOUP)] }] };

  it('checks instead of serving: nothing marked, nothing queued, the clash named', () => {
    const { decision, roster: next } = decideLocally(clashRoster, 'CARD1', [2, 3], AT);

    expect(decision).toMatchObject({ result: 'check', servedNow: [] });
    expect(clashOf(decision.items)).toEqual(GLUTEN);
    expect(next).toBe(clashRoster);
    expect(shouldQueue(decision)).toBe(false);
  });

  it('serves every active item on an alternative, serves nothing on not served; both are queued', () => {
    const alternative = decideLocally(clashRoster, 'CARD1', [2, 3], AT, 'alternative_served');
    const refused = decideLocally(clashRoster, 'CARD1', [2, 3], AT, 'not_served');

    expect(alternative.decision).toMatchObject({ result: 'alternative_served', servedNow: [11, 12] });
    expect(refused.decision).toMatchObject({ result: 'not_served', servedNow: [] });
    expect(refused.roster).toBe(clashRoster);
    expect(shouldQueue(alternative.decision) && shouldQueue(refused.decision)).toBe(true);
    // A fresh roster keeps a queued "not served" item active.
    expect(withPendingScans(clashRoster, [{ ...queued('n'), clashDecision: 'not_served' }]).subjects[0]?.items[0]?.status).toBe('active');
  });

  it('without a clash in the chosen meal types, serves as usual', () => {
    expect(decideLocally(clashRoster, 'CARD1', [3], AT).decision).toMatchObject({ result: 'served', servedNow: [12] });
  });
});

describe('queue', () => {
  it('queues a clientScanId once', () => {
    expect(enqueue(enqueue([], queued('a')), queued('a')).map((scan) => scan.clientScanId)).toEqual(['a']);
    expect(removeScans([queued('a'), queued('b')], new Set(['a'])).map((scan) => scan.clientScanId)).toEqual(['b']);
  });

  it('persists the queue, the follow-ups, the roster and the choices per tenant host', () => {
    saveQueue('acme.localhost', [queued('a'), queued('b')]);
    saveRoster('acme.localhost', roster);
    saveRoster('acme.localhost', { ...roster, date: '2026-11-26' });

    expect(loadQueue('acme.localhost').map((scan) => scan.clientScanId)).toEqual(['a', 'b']);
    expect(loadQueue('beta.localhost')).toEqual([]);
    expect(loadRoster('acme.localhost', '2026-11-26')?.date).toBe('2026-11-26');
    // One roster per host is kept: the older day's is dropped.
    expect(loadRoster('acme.localhost', '2026-11-25')).toBeNull();

    const followUp: FollowUp = { clientScanId: 'a', date: '2026-11-25', cardNumber: 'CARD1', scannedAt: AT, subjectName: 'Ola', result: 'no_order', message: 'No meal ordered for this day.', answeredAt: AT };
    saveFollowUps('acme.localhost', [followUp]);
    expect(loadFollowUps('acme.localhost')).toEqual([followUp]);

    window.localStorage.setItem(terminalKeys.queue('acme.localhost'), 'not json');
    expect(loadQueue('acme.localhost')).toEqual([]);
  });

  it('remembers the summary mode, the meal types, and the day only on the day it was chosen', () => {
    expect(loadSummaryMode()).toBe('summary');
    saveSummaryMode('details');
    expect(loadSummaryMode()).toBe('details');

    expect(loadServingChoice('acme', '2026-11-25')).toEqual({ mealTypesIds: [], date: '2026-11-25' });
    saveServingChoice('acme', { mealTypesIds: [2, 3], date: '2026-11-26', chosenOn: '2026-11-25' });
    expect(loadServingChoice('acme', '2026-11-25')).toEqual({ mealTypesIds: [2, 3], date: '2026-11-26' });
    expect(loadServingChoice('acme', '2026-11-27')).toEqual({ mealTypesIds: [2, 3], date: '2026-11-27' });
  });

  it('makes the device id once', () => {
    const first = terminalId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(terminalId()).toBe(first);
  });
});

describe('sync', () => {
  const now = () => '2026-11-25T12:00:00Z';

  it('sends the queue in order and stops at the first scan without an answer, keeping the rest in order', async () => {
    const sent: string[] = [];
    const outcomes: Record<string, SendOutcome> = {
      a: { kind: 'answered', ok: true, message: 'Served.', scan: scanResult('served', 'Served.') },
      b: { kind: 'unreachable' },
    };
    const queue = [queued('a'), queued('b'), queued('c')];

    const report = await syncQueue(queue, async (scan) => {
      sent.push(scan.clientScanId);
      return outcomes[scan.clientScanId] ?? { kind: 'answered', ok: true, message: '', scan: null };
    }, now);

    expect(sent).toEqual(['a', 'b']);
    expect(report).toEqual({ answered: ['a'], followUps: [], complete: false });
    expect(removeScans(queue, new Set(report.answered)).map((scan) => scan.clientScanId)).toEqual(['b', 'c']);
  });

  it('puts a refusal of an offline-accepted scan on the follow-up list with the server message', async () => {
    const duplicate = scanResult('duplicate', 'Served twice: already served at 12:04 by Ewa Cook (offline scan).');
    const report = await syncQueue(
      [queued('a'), queued('b', 'CARD9')],
      async (scan) =>
        scan.clientScanId === 'a'
          ? { kind: 'answered', ok: false, message: duplicate.message, scan: duplicate }
          : { kind: 'answered', ok: false, message: 'Unknown card.', scan: null },
      now,
    );

    expect(report.answered).toEqual(['a', 'b']);
    expect(report.followUps).toEqual([
      { clientScanId: 'a', date: '2026-11-25', cardNumber: 'CARD1', scannedAt: AT, subjectName: 'Ola Kid1', result: 'duplicate', message: duplicate.message, answeredAt: now() },
      { clientScanId: 'b', date: '2026-11-25', cardNumber: 'CARD9', scannedAt: AT, subjectName: null, result: null, message: 'Unknown card.', answeredAt: now() },
    ]);
  });

  it('given the same queue sent twice (the server replays its first answers), keeps one follow-up per scan', async () => {
    const send = async (): Promise<SendOutcome> => ({ kind: 'answered', ok: false, message: 'No meal ordered for this day.', scan: scanResult('no_order', 'No meal ordered for this day.') });
    const queue = [queued('a')];
    const first = await syncQueue(queue, send, now);
    const second = await syncQueue(queue, send, now);

    const list = addFollowUps(addFollowUps([], first.followUps), second.followUps);
    expect(list.map((entry) => entry.clientScanId)).toEqual(['a']);
    expect(removeScans(removeScans(queue, new Set(first.answered)), new Set(second.answered))).toEqual([]);
  });
});
