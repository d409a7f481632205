import type { components } from '@/api/schema';
import type { IsoDate } from './dates';

type Schemas = components['schemas'];

/** A meal receiver ("calendar subject") is addressed as `{type}/{id}`: a child, or a worker by their user id. */
export type SubjectType = Schemas['TypeEnum'];

export interface SubjectRef {
  type: SubjectType;
  id: number;
}

export const subjectKey = (subject: SubjectRef) => `${subject.type}/${subject.id}`;

export interface NamedRef {
  id: number;
  name: string;
}

export type CalendarSubject = Schemas['CalendarSubject'];
export type ItemStatus = Schemas['CalendarItemStatusEnum'];
/** One ordered meal; `price` is null when the caller may not see prices. */
export type CalendarItem = Schemas['CalendarItem'];
/** One orderable meal of the day: a meal type in one portion size, priced from a price list item. */
export type CalendarAvailable = Schemas['CalendarAvailable'];
export type CalendarMenu = Schemas['CalendarMenu'];
/** `isOpen`: before the cut-off, ordering and cancelling are still open. */
export type CalendarDay = Schemas['CalendarDay'];
/** `GET calendar/days/{type}/{id}?month=`: the subject and every day of the month. */
export type CalendarMonth = Schemas['CalendarSubjectMonth'];
export type PresencesPlaced = Schemas['PresencesPlaced'];
/** `GET calendar/days/subjects/month`: several subjects' months, in the order asked. */
export type CalendarSubjectsMonth = Schemas['CalendarSubjectsMonth'];
/** The answer of `calendar/days/presences` and `calendar/days/absences` (several subjects at once). */
export type ManyMarked = Schemas['ManyMarked'];
/** A subject the server left unchanged, with its stable English message (translated by the errors namespace). */
export type MarkRefusal = Schemas['CalendarRefusal'];

export interface MealTypeRequest {
  mealTypeId: number;
  portionSizeId?: number | null;
  priceListItemId?: number | null;
  dietId?: number | null;
  note?: string;
}

export interface PresencesRequest {
  calendarDaysData: { date: IsoDate; mealTypes: MealTypeRequest[] }[];
  addManipulationFee?: boolean;
  manipulationFee?: string | null;
  /** The same key on a repeated submit (double click, retry) makes the server answer the first result. */
  idempotencyKey?: string;
}

export interface AbsencesRequest {
  dates: IsoDate[];
  mealTypesIds?: number[] | null;
}

export const isLive = (item: CalendarItem) => item.status === 'active' || item.status === 'served';

/** A day with a served meal: the meal was eaten, so nobody cancels the day (the server refuses it too). */
export const hasServed = (day: CalendarDay) => day.items.some((item) => item.status === 'served');

/**
 * The offer a choice means: the chosen portion size, else the default portion, else the first one; in the
 * receiver's own diet when the day offers several (tenants that allow any diet list them all).
 */
export function offerFor(day: CalendarDay, mealTypeId: number, portionSizeId?: number, dietId?: number): CalendarAvailable | undefined {
  const ofMealType = day.available.filter((offer) => offer.mealTypeId === mealTypeId);
  const inDiet = ofMealType.filter((offer) => offer.dietId === dietId);
  const offers = inDiet.length > 0 ? inDiet : ofMealType;
  if (portionSizeId) return offers.find((offer) => offer.portionSizeId === portionSizeId);
  return offers.find((offer) => offer.isDefaultPortion) ?? offers[0];
}
