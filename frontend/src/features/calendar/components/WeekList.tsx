import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { addDays, isoWeekNumber, type IsoDate } from '@/lib/calendar/dates';
import { closedReason, formatDeadline } from './closed-reason';
import { DayContent, type DayEntry } from './DayContent';

export interface WeekListProps {
  /** The Monday of the week shown. */
  weekStart: IsoDate;
  today: IsoDate;
  selected: ReadonlySet<IsoDate>;
  entriesOf: (date: IsoDate) => DayEntry[];
  isSelectable: (date: IsoDate) => boolean;
  onDay: (date: IsoDate, extend: boolean) => void;
  onWeek: (dates: IsoDate[]) => void;
  onWeekStart: (monday: IsoDate) => void;
  showPrices: boolean;
}

/** The phone view: one week as a list of big day buttons, with previous and next week. */
export function WeekList({ weekStart, today, selected, entriesOf, isSelectable, onDay, onWeek, onWeekStart, showPrices }: WeekListProps) {
  const { t, i18n } = useTranslation('calendar');
  const dates = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
  const showNames = entriesOf(weekStart).length > 1;
  const range = `${formatDate(dates[0]!, i18n.language, { day: 'numeric', month: 'short' })} – ${formatDate(dates[6]!, i18n.language, {
    day: 'numeric',
    month: 'short',
  })}`;

  return (
    <section aria-label={t('weekList')}>
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <Button variant="outline-secondary" size="lg" aria-label={t('previousWeek')} onClick={() => onWeekStart(addDays(weekStart, -7))}>
          ‹
        </Button>
        <div className="text-center">
          <div className="fw-semibold">{range}</div>
          <Button variant="link" size="sm" className="p-0" disabled={!dates.some(isSelectable)} onClick={() => onWeek(dates)}>
            {t('selectWeek', { number: isoWeekNumber(weekStart) })}
          </Button>
        </div>
        <Button variant="outline-secondary" size="lg" aria-label={t('nextWeek')} onClick={() => onWeekStart(addDays(weekStart, 7))}>
          ›
        </Button>
      </div>
      <ul className="list-unstyled d-grid gap-2 mb-0">
        {dates.map((date) => {
          const entries = entriesOf(date);
          const selectable = isSelectable(date);
          const isSelected = selected.has(date);
          const closedDay = entries.find((entry) => entry.day && !entry.day.isFreeDay && !entry.day.isOpen)?.day;
          const openDay = entries.find((entry) => entry.day && !entry.day.isFreeDay && entry.day.isOpen)?.day;
          return (
            <li key={date}>
              <button
                type="button"
                className={`btn w-100 text-start p-3 ${isSelected ? 'btn-info' : 'btn-light border'} ${date === today ? 'border-primary border-2' : ''}`}
                style={{ minHeight: '4rem', opacity: selectable || isSelected ? 1 : 0.65 }}
                aria-label={formatDate(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
                aria-pressed={isSelected}
                aria-current={date === today ? 'date' : undefined}
                aria-disabled={!selectable || undefined}
                aria-describedby={`day-${date}-content`}
                onClick={() => selectable && onDay(date, false)}
              >
                <div className="d-flex justify-content-between align-items-baseline">
                  <span className="fw-bold">{formatDate(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })}</span>
                  {date === today && <span className="badge text-bg-primary">{t('today')}</span>}
                </div>
                <div id={`day-${date}-content`}>
                  {closedDay && !selectable && <div className="small text-body-secondary">{closedReason()}</div>}
                  {openDay && date >= today && (
                    <div className="small text-body-secondary">{t('orderBy', { deadline: formatDeadline(openDay.deadline, i18n.language) })}</div>
                  )}
                  <DayContent entries={entries} showPrices={showPrices} showNames={showNames} showMenu wrapMenu />
                </div>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
