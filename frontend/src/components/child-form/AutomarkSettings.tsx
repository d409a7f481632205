import { useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner, Table } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, DateField, NumberField, SelectField, TextField } from '@/components/form';
import type { GroupedCategory, GroupedMealType } from '@/lib/children/form-options';
import { defaultItemOf, WEEKDAYS, type ChildFormValues, type SettingsLog } from '@/lib/child-form/child-form-model';
import { formatDateTime } from '@/lib/format';

interface MealTypesPickerProps {
  categories: GroupedCategory[] | undefined;
  loading: boolean;
  /** Institution, diet and price lists group are set (spec §4: only then are categories loaded). */
  ready: boolean;
  registration: boolean;
}

/** Autoselected meal types with their portion size, per meal type category. */
function MealTypesPicker({ categories, loading, ready, registration }: MealTypesPickerProps) {
  const { t } = useTranslation('children');
  const { setValue, control } = useFormContext<ChildFormValues>();
  const chosen = useWatch({ control, name: 'calendarSubjectSettings.autoselectedMealTypes' });
  const items = useWatch({ control, name: 'calendarSubjectSettings.autoselectedPriceListsItemsIds' });
  if (!ready) return <p className="text-body-secondary small">{t('automark.chooseFirst')}</p>;
  if (loading) return <Spinner animation="border" size="sm" role="status" aria-label={t('common:loading')} />;
  if (!categories || categories.length === 0) return <p className="text-body-secondary small">{t('automark.noMealTypes')}</p>;

  const itemIdsOf = (mealType: GroupedMealType) => mealType.portionSizes.map((size) => size.priceListItem.id);
  const toggle = (mealType: GroupedMealType, on: boolean) => {
    const own = new Set(itemIdsOf(mealType));
    const others = items.filter((id) => !own.has(id));
    const item = defaultItemOf(mealType);
    setValue('calendarSubjectSettings.autoselectedMealTypes', on ? [...chosen, mealType.id] : chosen.filter((id) => id !== mealType.id), {
      shouldDirty: true,
    });
    setValue('calendarSubjectSettings.autoselectedPriceListsItemsIds', on && item !== null ? [...others, item] : others, { shouldDirty: true });
  };
  const choosePortion = (mealType: GroupedMealType, itemId: number) => {
    const own = new Set(itemIdsOf(mealType));
    setValue('calendarSubjectSettings.autoselectedPriceListsItemsIds', [...items.filter((id) => !own.has(id)), itemId], { shouldDirty: true });
  };

  return (
    <div>
      {categories.map((category) => (
        <fieldset key={category.id ?? 'other'} className="mb-2">
          <legend className="h6 mb-1">{category.name}</legend>
          {category.mealTypes.map((mealType) => {
            const on = chosen.includes(mealType.id);
            const locked = registration && mealType.blockOnRegistration;
            const current = mealType.portionSizes.find((size) => items.includes(size.priceListItem.id));
            return (
              <div key={mealType.id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
                <Form.Check
                  type="checkbox"
                  id={`meal-type-${mealType.id}`}
                  label={mealType.name}
                  checked={on}
                  disabled={locked}
                  onChange={(event) => toggle(mealType, event.target.checked)}
                />
                {on && mealType.portionSizes.length > 1 && (
                  <Form.Select
                    size="sm"
                    style={{ maxWidth: 220 }}
                    aria-label={t('automark.portionOf', { mealType: mealType.name })}
                    value={current ? String(current.priceListItem.id) : ''}
                    onChange={(event) => choosePortion(mealType, Number(event.target.value))}
                  >
                    {mealType.portionSizes.map((size) => (
                      <option key={size.id} value={String(size.priceListItem.id)}>
                        {size.name}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

/** "How automarking works?" (spec §2): a short description and four steps. */
function AutomarkInfo({ warnAboutFunds }: { warnAboutFunds: boolean }) {
  const { t } = useTranslation('children');
  const [show, setShow] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button variant="link" size="sm" className="p-0" onClick={() => setShow(true)}>
        {t('automark.howItWorks')}
      </Button>
      <Modal show={show} onHide={() => setShow(false)} aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('automark.howItWorks')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('automark.info.description')}</p>
          <ol>
            <li>{t('automark.info.step1')}</li>
            <li>{t('automark.info.step2')}</li>
            <li>{t('automark.info.step3')}</li>
            <li>{t('automark.info.step4')}</li>
          </ol>
          {warnAboutFunds && <Alert variant="warning">{t('automark.info.funds')}</Alert>}
        </Modal.Body>
      </Modal>
    </>
  );
}

export interface AutomarkSettingsProps extends MealTypesPickerProps {
  warnAboutFunds: boolean;
}

/** calendarSubjectSettings: the automark switch, weekdays, dates, interval and autoselected meal types. */
export function AutomarkSettings(props: AutomarkSettingsProps) {
  const { t } = useTranslation('children');
  const { control } = useFormContext<ChildFormValues>();
  const on = useWatch({ control, name: 'calendarSubjectSettings.automarkPresences' });
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 h6">{t('automark.title')}</legend>
      <div className="d-flex justify-content-between align-items-start">
        <CheckboxField<ChildFormValues> name="calendarSubjectSettings.automarkPresences" label={t('automark.enabled')} />
        <AutomarkInfo warnAboutFunds={props.warnAboutFunds} />
      </div>
      {on && (
        <>
          <fieldset className="mb-3">
            <legend className="small mb-1">{t('automark.weekdays')}</legend>
            <div className="d-flex flex-wrap gap-3">
              {WEEKDAYS.map((day) => (
                <CheckboxField<ChildFormValues>
                  key={day}
                  name={`calendarSubjectSettings.automarkedWeekdays.${day}`}
                  label={t(`weekdays.${day}`)}
                  className="mb-0"
                />
              ))}
            </div>
          </fieldset>
          <div className="row">
            <DateField<ChildFormValues> name="calendarSubjectSettings.automarkStartDate" label={t('automark.startDate')} className="col-md-4 mb-3" />
            <DateField<ChildFormValues> name="calendarSubjectSettings.automarkEndDate" label={t('automark.endDate')} className="col-md-4 mb-3" />
            <SelectField<ChildFormValues>
              name="calendarSubjectSettings.autoselectionInterval"
              label={t('automark.interval')}
              options={[
                { value: 'one_week', text: t('automark.intervals.one_week') },
                { value: 'one_month', text: t('automark.intervals.one_month') },
              ]}
              className="col-md-4 mb-3"
            />
          </div>
          <h3 className="h6">{t('automark.mealTypes')}</h3>
          <MealTypesPicker {...props} />
        </>
      )}
    </fieldset>
  );
}

/** subjectNotificationsSettings: a reminder when orders are missing. */
export function NotificationSettings() {
  const { t } = useTranslation('children');
  const { control } = useFormContext<ChildFormValues>();
  const on = useWatch({ control, name: 'subjectNotificationsSettings.missingOrdersEnabled' });
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 h6">{t('notifications.title')}</legend>
      <CheckboxField<ChildFormValues> name="subjectNotificationsSettings.missingOrdersEnabled" label={t('notifications.enabled')} />
      {on && (
        <div className="row">
          <p className="small text-body-secondary mb-2">{t('notifications.help')}</p>
          <NumberField<ChildFormValues>
            name="subjectNotificationsSettings.missingOrdersDaysBefore"
            label={t('notifications.daysBefore')}
            min={1}
            step={1}
            className="col-md-6 mb-3"
          />
          <TextField<ChildFormValues>
            name="subjectNotificationsSettings.missingOrdersTriggerTime"
            label={t('notifications.triggerTime')}
            type="time"
            className="col-md-6 mb-3"
          />
        </div>
      )}
    </fieldset>
  );
}

/** Who switched automarking on or off, and when (admins and institutions admins). */
export function SettingsLogs({ logs }: { logs: SettingsLog[] }) {
  const { t, i18n } = useTranslation('children');
  const yesNo = (value: boolean | null) => (value === null ? '—' : value ? t('logs.on') : t('logs.off'));
  return (
    <section className="mb-3">
      <h3 className="h6">{t('logs.title')}</h3>
      {logs.length === 0 ? (
        <p className="text-body-secondary small">{t('logs.empty')}</p>
      ) : (
        <Table size="sm" bordered aria-label={t('logs.title')}>
          <thead>
            <tr>
              <th scope="col">{t('logs.changedAt')}</th>
              <th scope="col">{t('logs.old')}</th>
              <th scope="col">{t('logs.new')}</th>
              <th scope="col">{t('logs.changedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {logs.map((log, index) => (
              <tr key={`${log.changedAt}-${index}`}>
                <td>{formatDateTime(log.changedAt, i18n.language)}</td>
                <td>{yesNo(log.oldAutomarkPresences)}</td>
                <td>{yesNo(log.newAutomarkPresences)}</td>
                <td>{log.changedBy?.name ?? t('logs.system')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
