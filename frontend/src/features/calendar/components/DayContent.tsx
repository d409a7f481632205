import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';
import { isLive, type CalendarDay } from '@/lib/calendar/types';
import { dayClashMarks } from '../model/clashes';
import { AllergenClashMark } from './AllergenClashMark';

export interface DayEntry {
  /** Receiver key. */
  key: string;
  name: string;
  day: CalendarDay | undefined;
}

/**
 * One day of the calendar for the receivers on screen: menu, prices, ordered meals, absence, closed state, and
 * each receiver's meals whose dish contains one of their allergens.
 * `wrapMenu` (the phone's week list, which has the width for it) gives the whole menu, one meal type a line;
 * the month grid's narrow cells cut it to one line, the rest in a tooltip.
 */
export function DayContent({
  entries,
  showPrices,
  showNames,
  showMenu,
  wrapMenu = false,
}: {
  entries: DayEntry[];
  showPrices: boolean;
  showNames: boolean;
  showMenu: boolean;
  wrapMenu?: boolean;
}) {
  const { t } = useTranslation('calendar');
  // "Served 12:04": the time the terminal handed the meal out, in the browser's timezone.
  const servedText = (servedAt: string | null) =>
    servedAt ? t('servedAt', { time: formatDateTime(servedAt, undefined, { timeStyle: 'short' }) }) : t('served');
  const days = entries.map((entry) => entry.day).filter((day): day is CalendarDay => day !== undefined);
  if (days.length === 0) return null;
  const freeDay = days.every((day) => day.isFreeDay) ? days[0] : undefined;
  if (freeDay) {
    return (
      <div className="small text-body-secondary">
        <div className="fw-semibold">{t('dayOff')}</div>
        {freeDay.freeDayName && <div className="text-truncate">{freeDay.freeDayName}</div>}
      </div>
    );
  }
  const closed = days.every((day) => !day.isOpen);
  const menu = showMenu ? days.find((day) => day.menu.length > 0)?.menu : undefined;
  const menuText = menu?.map((line) => line.meals.map((meal) => meal.name).join(', ')).join(' · ');

  return (
    <div className="small d-grid gap-1">
      {closed && <div className="text-body-secondary fst-italic">{t('closed')}</div>}
      {menu && wrapMenu && (
        <div className="text-body-secondary text-wrap" data-testid="day-menu">
          {menu.map((line) => (
            <div key={line.mealTypeId}>
              <span className="fw-semibold">{line.mealTypeName}:</span> {line.meals.map((meal) => meal.name).join(', ')}
            </div>
          ))}
        </div>
      )}
      {menuText && !wrapMenu && (
        <div className="text-body-secondary text-truncate" title={menuText}>
          {menuText}
        </div>
      )}
      {entries.map(({ key, name, day }) => {
        if (!day || day.isFreeDay) return null;
        const live = day.items.filter(isLive);
        return (
          <div key={key} data-testid={`day-${key}`}>
            {showNames && <div className="fw-semibold text-truncate">{name}</div>}
            {dayClashMarks(day).map((mark) => (
              <AllergenClashMark key={mark.mealTypeId} allergens={mark.allergens} mealTypeName={mark.mealTypeName} />
            ))}
            {day.absence && live.length === 0 && <Badge bg="secondary">{t('absent')}</Badge>}
            {live.map((item) => (
              <Badge key={item.id} bg={item.status === 'served' ? 'primary' : 'success'} className="me-1 text-wrap text-start">
                {item.status === 'served' ? '✓ ' : ''}
                {item.mealTypeName}
                {showPrices && item.price ? ` · ${formatMoney(item.price)}` : ''}
                {item.status === 'served' ? ` · ${servedText(item.servedAt)}` : ''}
              </Badge>
            ))}
            {live.length === 0 && !day.absence && day.isOpen && showPrices && (
              <div className="text-body-secondary">
                {day.available
                  .filter((offer) => offer.isDefaultPortion && offer.price)
                  .map((offer) => `${offer.mealTypeName} ${formatMoney(offer.price!)}`)
                  .join(', ')}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
