import { datesBetween, type IsoDate } from '@/lib/calendar/dates';

/**
 * The days picked on the calendar: a set of dates plus the anchor of a range (the last single pick).
 * Pure, so every gesture (tap, week, shift-click, two taps in range mode) is unit-tested.
 */
export interface Selection {
  dates: readonly IsoDate[];
  anchor: IsoDate | null;
}

export const emptySelection: Selection = { dates: [], anchor: null };

export type SelectionAction =
  | { type: 'toggleDay'; date: IsoDate }
  /** Shift-click, or the second tap in range mode: every selectable day between the anchor and `date`. */
  | { type: 'extendTo'; date: IsoDate; selectable: (date: IsoDate) => boolean }
  /** The week button: selects the week's selectable days, or clears them when all are already picked. */
  | { type: 'toggleWeek'; dates: readonly IsoDate[]; selectable: (date: IsoDate) => boolean }
  | { type: 'set'; dates: readonly IsoDate[] }
  | { type: 'clear' };

const sorted = (dates: Iterable<IsoDate>) => [...new Set(dates)].sort();

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'toggleDay': {
      const picked = state.dates.includes(action.date);
      return {
        dates: picked ? state.dates.filter((date) => date !== action.date) : sorted([...state.dates, action.date]),
        anchor: picked ? null : action.date,
      };
    }
    case 'extendTo': {
      if (state.anchor === null) return selectionReducer(state, { type: 'toggleDay', date: action.date });
      const range = datesBetween(state.anchor, action.date).filter(action.selectable);
      return { dates: sorted([...state.dates, ...range]), anchor: null };
    }
    case 'toggleWeek': {
      const week = action.dates.filter(action.selectable);
      if (week.length === 0) return state;
      const allPicked = week.every((date) => state.dates.includes(date));
      return {
        dates: allPicked ? state.dates.filter((date) => !week.includes(date)) : sorted([...state.dates, ...week]),
        anchor: null,
      };
    }
    case 'set':
      return { dates: sorted(action.dates), anchor: null };
    case 'clear':
      return emptySelection;
  }
}
