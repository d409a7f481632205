import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '@/components/form';
import { useDriverOptions } from '../api/route-numbers';
import { RouteStopsField } from './RouteStopsField';
import { DESCRIPTION_MAX_LENGTH, NUMBER_MAX_LENGTH, type RouteNumberValues } from './route-number-form';

export function RouteNumberFields() {
  const { t } = useTranslation('routeNumbers');
  const drivers = useDriverOptions();
  const driverId = useWatch<RouteNumberValues, 'driverId'>({ name: 'driverId' });
  // The driver the route had when the form opened stays choosable even if deactivated since (the server agrees).
  const { defaultValues } = useFormState<RouteNumberValues>();
  const savedDriverId = defaultValues?.driverId ?? null;
  const options = (drivers.data ?? []).map((driver) => ({
    value: driver.value,
    text: driver.isActive === false ? t('inactiveDriver', { name: driver.text }) : driver.text,
    disabled: driver.isActive === false && driver.value !== savedDriverId && driver.value !== driverId,
  }));
  return (
    <>
      <TextField<RouteNumberValues>
        name="number"
        label={t('fields.number')}
        help={t('numberHelp')}
        required
        maxLength={NUMBER_MAX_LENGTH}
      />
      <TextAreaField<RouteNumberValues> name="description" label={t('fields.description')} maxLength={DESCRIPTION_MAX_LENGTH} />
      <SelectField<RouteNumberValues> name="driverId" label={t('fields.driver')} options={options} emptyText={t('noDriver')} />
      <RouteStopsField />
    </>
  );
}
