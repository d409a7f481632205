import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { type IsoDate, type IsoMonth } from '@/lib/calendar/dates';
import { monthWeeks } from '../model/month-grid';
import { closedReason, formatDeadline } from './closed-reason';
import { DayContent, type DayEntry } from './DayContent';

export interface GridProps {
  month: IsoMonth;
  today: IsoDate;
  selected: ReadonlySet<IsoDate>;
  entriesOf: (date: IsoDate) => DayEntry[];
  isSelectable: (date: IsoDate) => boolean;
  onDay: (date: IsoDate, extend: boolean) => void;
  onWeek: (dates: IsoDate[]) => void;
  showPrices: boolean;
}

const WEEKDAY_SAMPLE = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

/** The desktop month: a week-number button per row, seven day buttons, each showing the day's content. */
export function MonthGrid({ month, today, selected, entriesOf, isSelectable, onDay, onWeek, showPrices }: GridProps) {
  const { t, i18n } = useTranslation('calendar');
  const weeks = monthWeeks(month);
  const showNames = entriesOf(today).length > 1;

  return (
    <div className="table-responsive">
      <table className="table table-bordered mb-0 calendar-grid" style={{ tableLayout: 'fixed', minWidth: 760 }} aria-label={t('monthGrid')}>
        <thead>
          <tr>
            <th scope="col" style={{ width: '3.5rem' }} className="text-center small">
              {t('week')}
            </th>
            {WEEKDAY_SAMPLE.map((date) => (
              <th key={date} scope="col" className="text-center small">
                {formatDate(date, i18n.language, { weekday: 'short' })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => {
            const weekDates = week.days.filter((entry) => entry.inMonth).map((entry) => entry.date);
            const selectableWeek = weekDates.some(isSelectable);
            return (
              <tr key={week.number}>
                <th scope="row" className="text-center align-middle p-1">
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm w-100"
                    aria-label={t('selectWeek', { number: week.number })}
                    disabled={!selectableWeek}
                    onClick={() => onWeek(weekDates)}
                  >
                    {week.number}
                  </button>
                </th>
                {week.days.map(({ date, inMonth }) => {
                  if (!inMonth) {
                    return (
                      <td key={date} className="bg-body-tertiary text-body-tertiary small">
                        {Number(date.slice(8))}
                      </td>
                    );
                  }
                  const entries = entriesOf(date);
                  const selectable = isSelectable(date);
                  const isSelected = selected.has(date);
                  const closedDay = entries.find((entry) => entry.day && !entry.day.isFreeDay && !entry.day.isOpen)?.day;
                  const openDay = entries.find((entry) => entry.day && !entry.day.isFreeDay && entry.day.isOpen)?.day;
                  return (
                    <td key={date} className={`p-0 ${selectable ? '' : 'bg-body-secondary'}`}>
                      <button
                        type="button"
                        className={`btn w-100 h-100 text-start rounded-0 p-1 calendar-day ${isSelected ? 'btn-info' : 'btn-light'} ${
                          date === today ? 'border border-2 border-primary' : 'border-0'
                        }`}
                        style={{ minHeight: '6.5rem', opacity: selectable || isSelected ? 1 : 0.65 }}
                        aria-label={formatDate(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
                        aria-pressed={isSelected}
                        aria-current={date === today ? 'date' : undefined}
                        aria-disabled={!selectable || undefined}
                        title={
                          closedDay && !selectable
                            ? closedReason()
                            : openDay
                              ? t('orderBy', { deadline: formatDeadline(openDay.deadline, i18n.language) })
                              : undefined
                        }
                        aria-describedby={`day-${date}-content`}
                        onClick={(event: MouseEvent) => selectable && onDay(date, event.shiftKey)}
                      >
                        <div className="d-flex justify-content-between">
                          <span className="fw-bold">{Number(date.slice(8))}</span>
                          {date === today && <span className="badge text-bg-primary">{t('today')}</span>}
                        </div>
                        <div id={`day-${date}-content`}>
                          <DayContent entries={entries} showPrices={showPrices} showNames={showNames} showMenu />
                        </div>
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
