import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/form';
import { BANK_ACCOUNT_MAX_LENGTH } from '@/lib/validation';
import { districts } from '../api/districts';
import { INSTITUTION_KINDS } from '@/lib/institutions/institutions';
import type { InstitutionValues } from './institution-form';
import { INSTITUTION_LIMITS } from './limits';

export function InstitutionFields() {
  const { t } = useTranslation('institutions');
  const districtOptions = districts.useOptions();
  const kinds = INSTITUTION_KINDS.map((kind) => ({ value: kind, text: t(`kinds.${kind}`) }));
  return (
    <>
      <Row>
        <Col md={8}>
          <TextField<InstitutionValues> name="name" label={t('fields.name')} required maxLength={INSTITUTION_LIMITS.name} />
        </Col>
        <Col md={4}>
          <TextField<InstitutionValues>
            name="shortName"
            label={t('fields.shortName')}
            help={t('help.shortName')}
            required
            maxLength={INSTITUTION_LIMITS.shortName}
          />
        </Col>
      </Row>
      <Row>
        <Col md={4}>
          <TextField<InstitutionValues> name="slug" label={t('fields.slug')} help={t('help.slug')} required maxLength={INSTITUTION_LIMITS.slug} />
        </Col>
        <Col md={4}>
          <SelectField<InstitutionValues> name="kind" label={t('fields.kind')} options={kinds} required emptyText={t('chooseKind')} />
        </Col>
        <Col md={4}>
          <SelectField<InstitutionValues> name="districtId" label={t('fields.district')} options={districtOptions.data ?? []} emptyText={t('noDistrict')} />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField<InstitutionValues> name="street" label={t('fields.street')} maxLength={INSTITUTION_LIMITS.street} autoComplete="off" />
        </Col>
        <Col md={2}>
          <TextField<InstitutionValues> name="postCode" label={t('fields.postCode')} maxLength={INSTITUTION_LIMITS.postCode} placeholder="00-000" autoComplete="off" />
        </Col>
        <Col md={4}>
          <TextField<InstitutionValues> name="city" label={t('fields.city')} maxLength={INSTITUTION_LIMITS.city} autoComplete="off" />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField<InstitutionValues>
            name="termsUrl"
            type="url"
            label={t('fields.termsUrl')}
            help={t('help.termsUrl')}
            maxLength={INSTITUTION_LIMITS.termsUrl}
            placeholder="https://"
          />
        </Col>
        <Col md={6}>
          <TextField<InstitutionValues>
            name="regularPaymentsBankAccountNumber"
            label={t('fields.regularPaymentsBankAccountNumber')}
            help={t('help.regularPaymentsBankAccountNumber')}
            maxLength={BANK_ACCOUNT_MAX_LENGTH}
            autoComplete="off"
          />
        </Col>
      </Row>
      <TextAreaField<InstitutionValues> name="orderingNote" label={t('fields.orderingNote')} help={t('help.orderingNote')} />
      <CheckboxField<InstitutionValues> name="hideGrammages" label={t('fields.hideGrammages')} help={t('help.hideGrammages')} />
      <fieldset className="mt-3">
        <legend className="fs-6 fw-semibold mb-1">{t('invoiceBuyer.title')}</legend>
        <p className="text-body-secondary small">{t('invoiceBuyer.help')}</p>
        <Row>
          <Col md={8}>
            <TextField<InstitutionValues> name="invoiceBuyerName" label={t('invoiceBuyer.name')} maxLength={INSTITUTION_LIMITS.name} autoComplete="off" />
          </Col>
          <Col md={4}>
            <TextField<InstitutionValues> name="invoiceBuyerTaxId" label={t('invoiceBuyer.taxId')} maxLength={13} autoComplete="off" />
          </Col>
        </Row>
        <Row>
          <Col md={6}>
            <TextField<InstitutionValues> name="invoiceBuyerStreet" label={t('invoiceBuyer.street')} maxLength={INSTITUTION_LIMITS.street} autoComplete="off" />
          </Col>
          <Col md={2}>
            <TextField<InstitutionValues> name="invoiceBuyerPostCode" label={t('invoiceBuyer.postCode')} maxLength={INSTITUTION_LIMITS.postCode} placeholder="00-000" autoComplete="off" />
          </Col>
          <Col md={4}>
            <TextField<InstitutionValues> name="invoiceBuyerCity" label={t('invoiceBuyer.city')} maxLength={INSTITUTION_LIMITS.city} autoComplete="off" />
          </Col>
        </Row>
        <CheckboxField<InstitutionValues> name="invoiceBuyerIsPublicBody" label={t('invoiceBuyer.isPublicBody')} help={t('invoiceBuyer.isPublicBodyHelp')} />
      </fieldset>
    </>
  );
}
