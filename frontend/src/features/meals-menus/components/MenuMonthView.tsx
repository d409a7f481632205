import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { STICKY_HEADER_MAX_HEIGHT_PX } from '@/components/data-table';
import type { MonthData } from '../api/meals-menus';
import { cellsByKey } from './grid';
import { MealLine } from './MealLine';
import { formatDay, isWeekend } from './months';

/**
 * The month of a menu for reading: a table on wide screens, one card per day on a phone (where a table of
 * meal types would need sideways scrolling).
 */
export function MenuMonthView({ data, label }: { data: MonthData; label: string }) {
  const { t, i18n } = useTranslation('mealsMenus');
  const cells = cellsByKey(data);
  const mealTypes = data.mealTypes.filter((type) => data.cells.some((cell) => cell.mealTypeId === type.id));
  const dates = data.dates.filter((date) => data.cells.some((cell) => cell.date === date));
  if (dates.length === 0) return <p className="text-center text-body-secondary my-4">{t('noMealsInMonth')}</p>;

  return (
    <>
      <div className="d-none d-md-block table-responsive" style={{ maxHeight: `max(${STICKY_HEADER_MAX_HEIGHT_PX}px, 70vh)` }}>
        <Table bordered size="sm" aria-label={label} className="align-top mb-0">
          <thead className="sticky-top">
            <tr>
              <th scope="col">{t('day')}</th>
              {mealTypes.map((type) => (
                <th key={type.id} scope="col">
                  {type.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date) => (
              <tr key={date} className={isWeekend(date) ? 'table-light' : undefined}>
                <th scope="row" className="text-nowrap">
                  {formatDay(date, i18n.language)}
                </th>
                {mealTypes.map((type) => (
                  <td key={type.id}>
                    {(cells.get(`${date}|${type.id}`) ?? []).map((meal) => (
                      <MealLine key={meal.itemId} meal={meal} showGrammages={data.showGrammages} />
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="d-md-none list-unstyled mb-0" aria-label={label}>
        {dates.map((date) => (
          <li key={date} className="mb-2">
            <Card>
              <Card.Header as="h3" className="h6 mb-0">
                {formatDay(date, i18n.language)}
              </Card.Header>
              <Card.Body className="py-2">
                {mealTypes
                  .filter((type) => cells.has(`${date}|${type.id}`))
                  .map((type) => (
                    <div key={type.id} className="mb-2">
                      <div className="text-uppercase small text-body-secondary">{type.name}</div>
                      {(cells.get(`${date}|${type.id}`) ?? []).map((meal) => (
                        <MealLine key={meal.itemId} meal={meal} showGrammages={data.showGrammages} />
                      ))}
                    </div>
                  ))}
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
