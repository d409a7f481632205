import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/toasts/toast-store';
import { useCopyItems, useUpdateParts, type MonthData } from '../api/meals-menus';
import { CopyToDatesModal } from './CopyToDatesModal';
import { MealLine } from './MealLine';
import { MealPickerModal } from './MealPickerModal';
import { cellsByKey } from './grid';
import { formatDay, formatShortDay, isWeekend } from './months';

type Dialog =
  | { kind: 'pick'; date: string; mealTypeId: number }
  | { kind: 'copyDay'; date: string }
  | { kind: 'copyMealType'; date: string; mealTypeId: number }
  | null;

/**
 * The month editor: every date of the menu in the month × every meal type. A cell's button opens the meal
 * picker; a day can be copied to other days, a cell's meal type to the same meal type on other days.
 */
export function MenuEditorGrid({ menuId, data }: { menuId: number; data: MonthData }) {
  const { t, i18n } = useTranslation('mealsMenus');
  const [dialog, setDialog] = useState<Dialog>(null);
  const updateParts = useUpdateParts();
  const copy = useCopyItems();
  const cells = cellsByKey(data);
  const typeName = (id: number) => data.mealTypes.find((type) => type.id === id)?.name ?? '';
  const close = () => setDialog(null);

  if (data.dates.length === 0) return <p className="text-center text-body-secondary my-4">{t('monthOutsideMenu')}</p>;
  if (data.mealTypes.length === 0) return <p className="text-center text-body-secondary my-4">{t('noMealTypes')}</p>;

  const copied = (count: number) => {
    notify({ type: 'success', message: t('copy.done', { count }) });
    close();
  };

  return (
    <>
      <div className="table-responsive" style={{ maxHeight: '70vh' }}>
        <Table bordered size="sm" className="align-top mb-0" aria-label={t('editor.grid')}>
          <thead className="sticky-top">
            <tr>
              <th scope="col" style={{ minWidth: 150 }}>
                {t('day')}
              </th>
              {data.mealTypes.map((type) => (
                <th key={type.id} scope="col" style={{ minWidth: 190 }}>
                  {type.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.dates.map((date) => {
              const dayLabel = formatDay(date, i18n.language);
              const hasMeals = data.mealTypes.some((type) => cells.has(`${date}|${type.id}`));
              return (
                <tr key={date} className={isWeekend(date) ? 'table-light' : undefined}>
                  <th scope="row">
                    <div className="text-nowrap">{dayLabel}</div>
                    {hasMeals && (
                      <Button
                        size="sm"
                        variant="link"
                        className="p-0"
                        aria-label={t('editor.copyDayNamed', { day: dayLabel })}
                        onClick={() => setDialog({ kind: 'copyDay', date })}
                      >
                        {t('editor.copyDay')}
                      </Button>
                    )}
                  </th>
                  {data.mealTypes.map((type) => {
                    const meals = cells.get(`${date}|${type.id}`) ?? [];
                    const where = t('editor.cellName', { mealType: type.name, day: dayLabel });
                    return (
                      <td key={type.id}>
                        {meals.map((meal) => (
                          <MealLine key={meal.itemId} meal={meal} showGrammages={false} />
                        ))}
                        <div className="d-flex flex-wrap gap-1">
                          <Button
                            size="sm"
                            variant={meals.length ? 'outline-primary' : 'outline-secondary'}
                            aria-label={t('editor.chooseNamed', { cell: where })}
                            onClick={() => setDialog({ kind: 'pick', date, mealTypeId: type.id })}
                          >
                            {meals.length ? t('editor.change') : t('editor.add')}
                          </Button>
                          {meals.length > 0 && (
                            <Button
                              size="sm"
                              variant="outline-secondary"
                              aria-label={t('editor.copyMealTypeNamed', { cell: where })}
                              onClick={() => setDialog({ kind: 'copyMealType', date, mealTypeId: type.id })}
                            >
                              {t('editor.copy')}
                            </Button>
                          )}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>

      {dialog?.kind === 'pick' && (
        <MealPickerModal
          title={t('editor.cellName', { mealType: typeName(dialog.mealTypeId), day: formatDay(dialog.date, i18n.language) })}
          initial={(cells.get(`${dialog.date}|${dialog.mealTypeId}`) ?? []).map((meal) => ({ id: meal.mealId, name: meal.name }))}
          pending={updateParts.isPending}
          onClose={close}
          onSave={(mealsIds) =>
            updateParts.mutate(
              { id: menuId, body: { cells: [{ date: dialog.date, mealTypeId: dialog.mealTypeId, mealsIds }] } },
              { onSuccess: () => { notify({ type: 'success', message: t('common:crud.saved') }); close(); } },
            )
          }
        />
      )}
      {dialog?.kind === 'copyDay' && (
        <CopyToDatesModal
          title={t('copy.dayTitle', { day: formatShortDay(dialog.date, i18n.language) })}
          description={t('copy.dayDescription')}
          sourceDate={dialog.date}
          dates={data.dates}
          pending={copy.isPending}
          onClose={close}
          onCopy={(targetDates) =>
            copy.mutate(
              { id: menuId, command: { kind: 'copyDayItems', body: { date: dialog.date, targetDates } } },
              { onSuccess: (result) => copied(result.copiedItems) },
            )
          }
        />
      )}
      {dialog?.kind === 'copyMealType' && (
        <CopyToDatesModal
          title={t('copy.mealTypeTitle', { mealType: typeName(dialog.mealTypeId), day: formatShortDay(dialog.date, i18n.language) })}
          description={t('copy.mealTypeDescription')}
          sourceDate={dialog.date}
          dates={data.dates}
          pending={copy.isPending}
          onClose={close}
          onCopy={(targetDates) =>
            copy.mutate(
              { id: menuId, command: { kind: 'copyMealTypeItems', body: { date: dialog.date, mealTypeId: dialog.mealTypeId, targetDates } } },
              { onSuccess: (result) => copied(result.copiedItems) },
            )
          }
        />
      )}
    </>
  );
}
