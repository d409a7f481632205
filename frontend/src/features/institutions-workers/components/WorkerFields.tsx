import { Col, Row } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckboxField, DateField, MultiSelectField, SelectField, TextAreaField, TextField } from '@/components/form';
import { usePriceListsGroupOptions } from '@/lib/institutions/classrooms';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { PHONE_MAX_LENGTH } from '@/lib/validation';
import { useAllergenOptions, useDietOptions, useWorkersGroupOptions } from '../api/institutions-workers';
import {
  CARD_NUMBER_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  INTERNAL_NOTE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  type WorkerValues,
} from './worker-form';

/**
 * The worker form (admin only). Diets and groups follow the chosen institution; a diet that does not allow
 * changing allergens locks them (kept: saving asks before removing them, `useWorkerBeforeSave`). The e-mail is the
 * account's login: set on create, shown on edit.
 */
export function WorkerFields() {
  const { t } = useTranslation('institutionsWorkers');
  const editing = useParams().institutionWorkerId !== undefined;
  const [institutionId, dietId, hasDiscount] = useWatch<WorkerValues, ['institutionId', 'dietId', 'hasDiscount']>({
    name: ['institutionId', 'dietId', 'hasDiscount'],
  });
  const institutions = useInstitutionOptions(true);
  const diets = useDietOptions();
  const groups = useWorkersGroupOptions();
  const priceListsGroups = usePriceListsGroupOptions();
  const allergens = useAllergenOptions();

  const dietOptions = (diets.data ?? [])
    .filter((diet) => institutionId === null || diet.institutionsIds.length === 0 || diet.institutionsIds.includes(institutionId))
    .map((diet) => ({ value: diet.value, text: diet.text }));
  const groupOptions = (groups.data ?? [])
    .filter((group) => institutionId === null || group.institutionId === null || group.institutionId === institutionId)
    .map((group) => ({ value: group.value, text: group.text }));
  const diet = diets.data?.find((option) => option.value === dietId);
  const allergensLocked = diet !== undefined && diet.allowChangingAllergens === false;

  return (
    <>
      <Row>
        <Col md={6}>
          <TextField<WorkerValues>
            name="emailAddress"
            type="email"
            label={t('fields.emailAddress')}
            help={editing ? t('help.emailLocked') : t('help.email')}
            required
            disabled={editing}
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
          />
        </Col>
        <Col md={3}>
          <TextField<WorkerValues> name="firstName" label={t('fields.firstName')} required maxLength={NAME_MAX_LENGTH} autoComplete="off" />
        </Col>
        <Col md={3}>
          <TextField<WorkerValues> name="lastName" label={t('fields.lastName')} required maxLength={NAME_MAX_LENGTH} autoComplete="off" />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField<WorkerValues>
            name="phoneNumber"
            type="tel"
            label={t('fields.phoneNumber')}
            help={t('help.phone')}
            required
            maxLength={PHONE_MAX_LENGTH}
          />
        </Col>
        <Col md={6}>
          <TextField<WorkerValues> name="phoneNumber2" type="tel" label={t('fields.phoneNumber2')} maxLength={PHONE_MAX_LENGTH} />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <SelectField<WorkerValues>
            name="institutionId"
            label={t('fields.institution')}
            options={institutions.data ?? []}
            required
            emptyText={t('chooseInstitution')}
          />
        </Col>
        <Col md={6}>
          <SelectField<WorkerValues> name="dietId" label={t('fields.diet')} options={dietOptions} required emptyText={t('chooseDiet')} />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <SelectField<WorkerValues> name="groupId" label={t('fields.group')} options={groupOptions} emptyText={t('noGroup')} />
        </Col>
        <Col md={6}>
          <SelectField<WorkerValues>
            name="priceListsGroupId"
            label={t('fields.priceListsGroup')}
            help={t('help.priceListsGroup')}
            options={priceListsGroups.data ?? []}
            emptyText={t('defaultPriceListsGroup')}
          />
        </Col>
      </Row>
      <TextField<WorkerValues>
        name="cardNumber"
        label={t('fields.cardNumber')}
        help={t('help.cardNumber')}
        maxLength={CARD_NUMBER_MAX_LENGTH}
        autoComplete="off"
      />
      <MultiSelectField<WorkerValues>
        name="allergies"
        label={t('fields.allergies')}
        help={allergensLocked ? t('help.allergensLocked') : undefined}
        options={allergens.options.map((option) => ({ ...option, disabled: allergensLocked }))}
      />
      <TextAreaField<WorkerValues> name="allergiesNote" label={t('fields.allergiesNote')} maxLength={NOTE_MAX_LENGTH} />
      <TextAreaField<WorkerValues> name="generalNote" label={t('fields.generalNote')} maxLength={NOTE_MAX_LENGTH} />
      <CheckboxField<WorkerValues> name="hasDiscount" label={t('fields.hasDiscount')} />
      {hasDiscount && (
        <Row>
          <Col md={6}>
            <TextField<WorkerValues> name="discountPercent" label={t('fields.discountPercent')} help={t('help.discountPercent')} required />
          </Col>
          <Col md={6}>
            <DateField<WorkerValues> name="expirationDate" label={t('fields.expirationDate')} help={t('help.expirationDate')} />
          </Col>
        </Row>
      )}
      <TextAreaField<WorkerValues>
        name="internalNote"
        label={t('fields.internalNote')}
        help={t('help.internalNote')}
        maxLength={INTERNAL_NOTE_MAX_LENGTH}
      />
      {!editing && <CheckboxField<WorkerValues> name="isActive" label={t('fields.isActive')} help={t('help.isActive')} />}
    </>
  );
}
