import type { Money } from '@/lib/money';
import type { AbsencesRequest, CalendarDay, NamedRef, PresencesRequest, SubjectRef } from '@/lib/calendar/types';
import { hasServed, isLive, offerFor } from '@/lib/calendar/types';
import type { IsoDate } from '@/lib/calendar/dates';

/** One receiver's days of the months on screen. */
export interface ReceiverDays {
  subject: SubjectRef;
  name: string;
  /** The receiver's own diet, preferred when a day offers several. */
  dietId?: number;
  days: ReadonlyMap<IsoDate, CalendarDay>;
}

/**
 * Free days never take orders; closed days (after the cut-off) only for staff, who may override; a day
 * with nothing to order and nothing ordered (a weekend without meals) has nothing to mark.
 */
export function isMarkable(day: CalendarDay | undefined, staff: boolean): day is CalendarDay {
  return (
    day !== undefined && !day.isFreeDay && (staff || day.isOpen) && (day.available.length > 0 || day.items.some(isLive))
  );
}

/** A date is worth selecting when at least one of the receivers may still order or cancel it. */
export function isSelectableFor(receivers: readonly ReceiverDays[], date: IsoDate, staff: boolean): boolean {
  return receivers.some((receiver) => isMarkable(receiver.days.get(date), staff));
}

/** The meal types offered on any markable selected day of any receiver, in the order the API lists them. */
export interface OfferedMealType extends NamedRef {
  /** Portion sizes offered for it on some selected day; the default one first. */
  portionSizes: NamedRef[];
}

export function offeredMealTypes(receivers: readonly ReceiverDays[], dates: readonly IsoDate[], staff: boolean): OfferedMealType[] {
  const seen = new Map<number, OfferedMealType>();
  for (const receiver of receivers) {
    for (const date of dates) {
      const day = receiver.days.get(date);
      if (!isMarkable(day, staff)) continue;
      for (const offer of day.available) {
        let mealType = seen.get(offer.mealTypeId);
        if (!mealType) {
          mealType = { id: offer.mealTypeId, name: offer.mealTypeName, portionSizes: [] };
          seen.set(offer.mealTypeId, mealType);
        }
        if (!mealType.portionSizes.some((portion) => portion.id === offer.portionSizeId)) {
          const portion = { id: offer.portionSizeId, name: offer.portionSizeName };
          if (offer.isDefaultPortion) mealType.portionSizes.unshift(portion);
          else mealType.portionSizes.push(portion);
        }
      }
    }
  }
  return [...seen.values()];
}

// Money is summed in grosze (integers), never in binary floats.
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return amount.trim().startsWith('-') ? -cents : cents;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export interface MealChoice {
  mealTypeId: number;
  portionSizeId?: number;
}

export interface Plan<TBody> {
  commands: { subject: SubjectRef; name: string; body: TBody }[];
  /** Meals to be ordered (or cancelled). */
  count: number;
  /** What the meals cost at the prices the calendar shows; null when a price is hidden or unknown. */
  total: Money | null;
  /** Selected days left out because a meal was already served on them (cancelling only). */
  servedDays?: number;
}

function sumPrices(prices: (Money | null | undefined)[]): Money | null {
  if (prices.some((price) => !price)) return null;
  const known = prices as Money[];
  return { amount: fromCents(known.reduce((sum, price) => sum + toCents(price.amount), 0)), currency: known[0]?.currency ?? 'PLN' };
}

/**
 * What "order" sends: per receiver, every selected markable day with the chosen meal types that the day offers
 * the receiver. Meals already ordered stay in the request (the server skips them) so that receivers with the
 * same days and offers send the same body, which `batchCommands` joins into one request; the count and the
 * total leave them out. A receiver with nothing new to order is left out.
 */
export function planPresences(
  receivers: readonly ReceiverDays[],
  dates: readonly IsoDate[],
  choices: readonly MealChoice[],
  staff: boolean,
  note = '',
): Plan<PresencesRequest> {
  const commands: Plan<PresencesRequest>['commands'] = [];
  const prices: (Money | null | undefined)[] = [];
  for (const receiver of receivers) {
    const calendarDaysData: PresencesRequest['calendarDaysData'] = [];
    let fresh = 0;
    for (const date of dates) {
      const day = receiver.days.get(date);
      if (!isMarkable(day, staff)) continue;
      const ordered = new Set(day.items.filter(isLive).map((item) => item.mealTypeId));
      const mealTypes = choices.flatMap((choice) => {
        // The server chooses the same offer (the receiver's diet, the default portion unless one is chosen).
        const offer = offerFor(day, choice.mealTypeId, choice.portionSizeId, receiver.dietId);
        if (!offer) return [];
        if (!ordered.has(choice.mealTypeId)) {
          fresh += 1;
          prices.push(offer.price);
        }
        return [
          {
            mealTypeId: offer.mealTypeId,
            ...(choice.portionSizeId ? { portionSizeId: choice.portionSizeId } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
        ];
      });
      if (mealTypes.length > 0) calendarDaysData.push({ date, mealTypes });
    }
    if (fresh > 0) commands.push({ subject: receiver.subject, name: receiver.name, body: { calendarDaysData } });
  }
  return { commands, count: prices.length, total: prices.length ? sumPrices(prices) : { amount: '0.00', currency: 'PLN' } };
}

/**
 * What "cancel" sends: per receiver that has a selected markable day with an active meal or no absence yet,
 * every selected markable day (re-marking an absence changes nothing; the same days make the same body for
 * every receiver). A day with a served meal is left out for that receiver (`servedDays` counts them): a served
 * meal was eaten and cannot be cancelled. The refund counts active meals only.
 */
export function planAbsences(receivers: readonly ReceiverDays[], dates: readonly IsoDate[], staff: boolean): Plan<AbsencesRequest> {
  const commands: Plan<AbsencesRequest>['commands'] = [];
  const prices: (Money | null | undefined)[] = [];
  let servedDays = 0;
  for (const receiver of receivers) {
    const absenceDates: IsoDate[] = [];
    let needed = false;
    for (const date of dates) {
      const day = receiver.days.get(date);
      if (!isMarkable(day, staff)) continue;
      if (hasServed(day)) {
        servedDays += 1;
        continue;
      }
      const active = day.items.filter((item) => item.status === 'active');
      absenceDates.push(date);
      if (active.length === 0 && day.absence) continue;
      needed = true;
      prices.push(...active.map((item) => item.price));
    }
    if (needed) commands.push({ subject: receiver.subject, name: receiver.name, body: { dates: absenceDates } });
  }
  const total: Money | null = prices.length ? sumPrices(prices) : { amount: '0.00', currency: 'PLN' };
  return { commands, count: prices.length, total, servedDays };
}

/** Receivers whose requests are the same, joined: one request of the several-subjects calls per batch. */
export interface Batch<TBody> {
  subjects: SubjectRef[];
  names: string[];
  body: TBody;
}

/** Joins a plan's commands with equal bodies, in the plan's order (usually one batch for all receivers). */
export function batchCommands<TBody>(commands: readonly { subject: SubjectRef; name: string; body: TBody }[]): Batch<TBody>[] {
  const batches = new Map<string, Batch<TBody>>();
  for (const command of commands) {
    const key = JSON.stringify(command.body);
    const batch = batches.get(key);
    if (batch) {
      batch.subjects.push(command.subject);
      batch.names.push(command.name);
    } else {
      batches.set(key, { subjects: [command.subject], names: [command.name], body: command.body });
    }
  }
  return [...batches.values()];
}

export function subtractMoney(balance: Money, amount: Money): Money {
  return { amount: fromCents(toCents(balance.amount) - toCents(amount.amount)), currency: balance.currency };
}

export function addMoney(balance: Money, amount: Money): Money {
  return { amount: fromCents(toCents(balance.amount) + toCents(amount.amount)), currency: balance.currency };
}

export function multiplyMoney(amount: Money, times: number): Money {
  return { amount: fromCents(toCents(amount.amount) * times), currency: amount.currency };
}

/** The selected days each receiver may still order, for `presences/default` (their usual meal types). */
export function planDefaults(receivers: readonly ReceiverDays[], dates: readonly IsoDate[], staff: boolean): Plan<{ dates: IsoDate[] }> {
  const commands = receivers.flatMap((receiver) => {
    const open = dates.filter((date) => isMarkable(receiver.days.get(date), staff));
    return open.length > 0 ? [{ subject: receiver.subject, name: receiver.name, body: { dates: open } }] : [];
  });
  return { commands, count: 0, total: null };
}
