import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '@/components/form';
import { AssignmentMatrix } from './AssignmentMatrix';
import { CITY_MAX_LENGTH, NAME_MAX_LENGTH, STREET_MAX_LENGTH, type KitchenValues } from './kitchen-form';

export function KitchenFields() {
  const { t } = useTranslation('kitchens');
  return (
    <>
      <TextField<KitchenValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} />
      <TextField<KitchenValues> name="street" label={t('fields.street')} maxLength={STREET_MAX_LENGTH} />
      <Row>
        <Col sm={4}>
          <TextField<KitchenValues> name="postCode" label={t('fields.postCode')} placeholder="00-000" maxLength={6} />
        </Col>
        <Col sm={8}>
          <TextField<KitchenValues> name="city" label={t('fields.city')} maxLength={CITY_MAX_LENGTH} />
        </Col>
      </Row>
      <CheckboxField<KitchenValues> name="isActive" label={t('fields.isActive')} help={t('activeHelp')} />
      <AssignmentMatrix />
    </>
  );
}
