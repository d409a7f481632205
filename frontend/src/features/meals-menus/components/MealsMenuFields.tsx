import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DateField, MultiSelectField, TextField } from '@/components/form';
import { useDietOptions, useInstitutionOptions } from '@/lib/meals-menus/options';
import { NAME_MAX_LENGTH, type MealsMenuValues } from './meals-menu-form';

/** The menu's header: name, dates, institutions and diets. */
export function MealsMenuFields() {
  const { t } = useTranslation('mealsMenus');
  const institutions = useInstitutionOptions();
  const diets = useDietOptions();
  return (
    <>
      <TextField<MealsMenuValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} />
      <Row>
        <Col sm={6}>
          <DateField<MealsMenuValues> name="dateFrom" label={t('fields.dateFrom')} required />
        </Col>
        <Col sm={6}>
          <DateField<MealsMenuValues> name="dateTo" label={t('fields.dateTo')} required />
        </Col>
      </Row>
      <MultiSelectField<MealsMenuValues>
        name="institutionsIds"
        label={t('fields.institutions')}
        required
        options={institutions.data ?? []}
        maxHeightPx={500}
      />
      <MultiSelectField<MealsMenuValues> name="dietsIds" label={t('fields.diets')} required options={diets.data ?? []} help={t('dietsHelp')} />
    </>
  );
}
