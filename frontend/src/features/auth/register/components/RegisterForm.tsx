import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { CheckboxField, MultiSelectField, SelectField, TextAreaField, TextField } from '@/components/form';
import { notify } from '@/components/toasts/toast-store';
import type { TermsUrls } from '@/lib/session/get-terms-urls';
import { ChildFormModal } from '@/components/child-form/ChildFormModal';
import type { ChildFormValues } from '@/lib/child-form/child-form-model';
import { applyServerErrors } from '@/lib/form-errors';
import { useUserEdits } from '@/lib/use-user-edits';
import { translateServerMessage } from '@/lib/i18n';
import { BANK_ACCOUNT_MAX_LENGTH, PHONE_MAX_LENGTH } from '@/lib/validation';
import { useRegister, useWorkerOptions, type ChildOptions, type UserType } from '../api/registration';
import { MealReceiversTable } from './MealReceiversTable';
import {
  REQUIRED_FIELDS,
  SERVER_FIELD_MAP,
  WORKER_RULE_FIELDS,
  emptyRegisterValues,
  isUnknownInstitutionSlug,
  registerSchema,
  toRegisterRequest,
  withWorkerRules,
  workerAllergensAllowed,
  workerDiets,
  workerGroups,
  type RegisterValues,
} from './register-schema';
import { toRegistrationChild, type ListedChild } from './registration-child';

// The spec §5 sentences (the server's too): translated through the shared errors namespace.
const PARENT_REQUIRED = 'In order to create parent you must fill up fields: email address, first name, last name, and phone number.';
const WORKER_REQUIRED =
  'In order to create institution worker you must fill up fields: email address, first name, last name, institution, diet and phone number.';

const FORM_FIELDS = Object.keys(emptyRegisterValues('parent')) as (keyof RegisterValues)[];
const isRegisterField = (name: string | undefined): name is keyof RegisterValues => FORM_FIELDS.includes(name as keyof RegisterValues);

type ConsentField = keyof RegisterValues & ('acceptedTerms' | 'acceptedCateringTerms' | 'acceptedMarketing');

interface RegisterFormProps {
  options: ChildOptions;
  termsUrls: TermsUrls | undefined;
  institutionSlug?: string;
  onRegistered: (email: string) => void;
}

export function RegisterForm({ options, termsUrls, institutionSlug, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation(['register', 'common']);
  const settings = options.settings;
  // Never empty: the form starts as the first of them.
  const userTypes: [UserType, ...UserType[]] =
    settings.registerAs === 'both' ? ['parent', 'institution_worker'] : [settings.registerAs];
  const schema = useMemo(() => registerSchema(t), [t]);
  const form = useForm<RegisterValues>({ resolver: zodResolver(schema), defaultValues: emptyRegisterValues(userTypes[0]) });
  const { control, setValue, getValues, register } = form;
  const userType = useWatch({ control, name: 'userType' });
  const isWorker = userType === 'institution_worker';
  const mutation = useRegister();
  const [children, setChildren] = useState<ListedChild[]>([]);
  const [modal, setModal] = useState<{ show: boolean; index: number | null }>({ show: false, index: null });

  const workerOptions = useWorkerOptions(institutionSlug, isWorker);
  const fixedInstitution = institutionSlug
    ? (isWorker ? workerOptions.data : options)?.institutionsOptions.find((item) => item.slug === institutionSlug)
    : undefined;

  // Spec §8: an unknown slug warns once (not again when the options are fetched anew); the institution then reads
  // "Institution not found".
  const unknownSlug = isUnknownInstitutionSlug(institutionSlug, options);
  const slugWarned = useRef(false);
  useEffect(() => {
    if (unknownSlug && !slugWarned.current) {
      slugWarned.current = true;
      notify({ type: 'warning', message: t('register:errors.slugNotFound') });
    }
  }, [unknownSlug, t]);

  // The worker's rules (the model's): on the user's edits and when the worker options arrive.
  const workerData = workerOptions.data;
  const fixedInstitutionId = fixedInstitution?.value ?? null;
  const applyWorkerRules = useCallback(() => {
    const before = getValues();
    const after = withWorkerRules(before, { options: workerData, settings, fixedInstitutionId });
    for (const field of WORKER_RULE_FIELDS) if (after[field] !== before[field]) setValue(field, after[field]);
  }, [getValues, setValue, workerData, settings, fixedInstitutionId]);
  useUserEdits(form, isRegisterField, applyWorkerRules);
  useEffect(applyWorkerRules, [applyWorkerRules]);

  const values = useWatch({ control });
  const cateringUrl = termsUrls?.cateringTermsUrl ?? settings.cateringTermsUrl ?? null;
  const consentFields: ConsentField[] = cateringUrl
    ? ['acceptedTerms', 'acceptedCateringTerms', 'acceptedMarketing']
    : ['acceptedTerms', 'acceptedMarketing'];
  const allConsents = consentFields.every((field) => values[field] === true);
  const termsAccepted = values.acceptedTerms === true && (!cateringUrl || values.acceptedCateringTerms === true);

  const toggleAll = (checked: boolean) => {
    for (const field of consentFields) setValue(field, checked, { shouldDirty: true });
  };

  const onInvalid = (errors: FieldErrors<RegisterValues>) => {
    if (REQUIRED_FIELDS[userType].some((field) => errors[field])) {
      notify({ type: 'error', message: translateServerMessage(isWorker ? WORKER_REQUIRED : PARENT_REQUIRED) });
    }
  };

  const onSubmit = form.handleSubmit((submitted) => {
    const body = toRegisterRequest(
      submitted,
      children.map((child) => child.request),
      { invoicesForUsers: settings.invoicesForUsers },
    );
    mutation.mutate(
      { userType: submitted.userType, body },
      {
        onSuccess: (result) => {
          notify({ type: 'success', message: t('register:success.toast', { emailAddress: result.email }) });
          form.reset(emptyRegisterValues(userTypes[0]));
          setChildren([]);
          onRegistered(result.email);
        },
        onError: (error) => {
          notify({ type: 'error', message: registrationErrorText(error) });
          applyServerErrors(error, form.setError, FORM_FIELDS, SERVER_FIELD_MAP);
        },
      },
    );
  }, onInvalid);

  // Worker lists follow the chosen institution (spec §4 cascades).
  const workerInstitutionId = values.institutionId ?? null;
  const workerDietOptions = workerDiets(workerData, workerInstitutionId).map((diet) => ({ value: diet.value, text: diet.text }));
  const workerGroupOptions = workerGroups(workerData, workerInstitutionId).map((group) => ({ value: group.value, text: group.text }));
  const allowed = workerAllergensAllowed(workerData, settings, values.dietId ?? null);

  // The child form in registration mode hands its values here; nothing is sent until the registration (spec §4).
  const saveChild = (values: ChildFormValues) => {
    const child: ListedChild = { values, request: toRegistrationChild(values, options) };
    setChildren((items) => (modal.index === null ? [...items, child] : items.map((item, index) => (index === modal.index ? child : item))));
    const name = `${child.request.firstName} ${child.request.lastName}`;
    if (modal.index === null) notify({ type: 'success', message: t('register:children.created', { child: name }) });
    setModal({ show: false, index: null });
  };

  return (
    <>
      <Form noValidate onSubmit={onSubmit} aria-label={t('register:title')}>
        {userTypes.length > 1 && (
          <Form.Group className="mb-3" role="radiogroup" aria-labelledby="register-as-label">
            <div id="register-as-label" className="form-label">
              {t('register:registerAs')}
            </div>
            {userTypes.map((type) => (
              <Form.Check
                key={type}
                inline
                type="radio"
                id={`register-as-${type}`}
                value={type}
                label={t(`register:userTypes.${type}`)}
                {...register('userType')}
              />
            ))}
          </Form.Group>
        )}

        <h2 className="h6 mt-2">{t('register:sections.account')}</h2>
        <TextField control={control} name="emailAddress" type="email" autoComplete="email" label={t('register:fields.emailAddress')} required maxLength={254} />
        <Row>
          <Col sm={6}>
            <TextField control={control} name="firstName" autoComplete="given-name" label={t('register:fields.firstName')} required maxLength={100} />
          </Col>
          <Col sm={6}>
            <TextField control={control} name="lastName" autoComplete="family-name" label={t('register:fields.lastName')} required maxLength={100} />
          </Col>
        </Row>
        <Row>
          <Col sm={6}>
            <TextField
              control={control}
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              label={t('register:fields.phoneNumber')}
              help={t('register:fields.phoneHelp')}
              required
              maxLength={PHONE_MAX_LENGTH}
            />
          </Col>
          <Col sm={6}>
            <TextField control={control} name="phoneNumber2" type="tel" label={t('register:fields.phoneNumber2')} maxLength={PHONE_MAX_LENGTH} />
          </Col>
        </Row>
        {!isWorker && (
          <TextField
            control={control}
            name="bankAccountNumber"
            label={t('register:fields.bankAccountNumber')}
            help={t('register:fields.bankAccountHelp')}
            maxLength={BANK_ACCOUNT_MAX_LENGTH}
          />
        )}

        {isWorker && (
          <>
            <h2 className="h6 mt-2">{t('register:sections.meals')}</h2>
            {institutionSlug ? (
              <Form.Group className="mb-3" controlId="register-institution">
                <Form.Label>{t('register:fields.institution')}</Form.Label>
                <Form.Control readOnly plaintext value={fixedInstitution?.text ?? t('register:fields.institutionNotFound')} />
              </Form.Group>
            ) : (
              <SelectField
                control={control}
                name="institutionId"
                label={t('register:fields.institution')}
                options={(workerData?.institutionsOptions ?? []).map((item) => ({ value: item.value, text: item.text }))}
                required
              />
            )}
            {workerGroupOptions.length > 0 && (
              <SelectField
                control={control}
                name="institutionWorkersGroupId"
                label={t('register:fields.workersGroup')}
                options={workerGroupOptions}
                emptyText={t('register:fields.noWorkersGroup')}
              />
            )}
            <SelectField control={control} name="dietId" label={t('register:fields.diet')} options={workerDietOptions} required />
            <TextField
              control={control}
              name="cardNumber"
              label={t('register:fields.cardNumber')}
              help={t('register:fields.cardNumberHelp')}
              maxLength={10}
            />
            {allowed.allergies && (
              <MultiSelectField
                control={control}
                name="allergies"
                label={t('register:fields.allergies')}
                options={(workerData?.allergensOptions ?? []).map((item) => ({ value: item.value, text: item.text }))}
              />
            )}
            {allowed.note && <TextAreaField control={control} name="allergiesNote" label={t('register:fields.allergiesNote')} maxLength={2000} />}
          </>
        )}

        {settings.invoicesForUsers && (
          <fieldset className="mb-3">
            <legend className="h6">{t('register:invoices.title')}</legend>
            <CheckboxField control={control} name="invoicesEnabled" label={t('register:invoices.enabled')} />
            {values.invoicesEnabled && (
              <Row>
                <Col sm={8}>
                  <TextField control={control} name="companyName" label={t('register:invoices.companyName')} required maxLength={200} />
                </Col>
                <Col sm={4}>
                  <TextField control={control} name="vatId" label={t('register:invoices.vatId')} maxLength={20} />
                </Col>
                <Col sm={12}>
                  <TextField control={control} name="street" label={t('register:invoices.street')} required maxLength={200} />
                </Col>
                <Col sm={4}>
                  <TextField control={control} name="postCode" label={t('register:invoices.postCode')} required maxLength={10} />
                </Col>
                <Col sm={8}>
                  <TextField control={control} name="city" label={t('register:invoices.city')} required maxLength={100} />
                </Col>
              </Row>
            )}
          </fieldset>
        )}

        {!isWorker && (
          <MealReceiversTable
            items={children.map((child) => child.request)}
            onCreate={() => setModal({ show: true, index: null })}
            onEdit={(index) => setModal({ show: true, index })}
            onRemove={(index) => setChildren((items) => items.filter((_, position) => position !== index))}
          />
        )}

        <fieldset className="mb-3">
          <legend className="h6">{t('register:sections.consents')}</legend>
          <Form.Check
            type="checkbox"
            id="register-select-all"
            label={t('register:consents.selectAll')}
            checked={allConsents}
            onChange={(event) => toggleAll(event.target.checked)}
          />
          <Form.Check type="checkbox" id="register-terms" label={t('register:consents.terms')} {...register('acceptedTerms')} />
          {cateringUrl && (
            <Form.Check type="checkbox" id="register-catering" label={t('register:consents.catering')} {...register('acceptedCateringTerms')} />
          )}
          <Form.Check type="checkbox" id="register-marketing" label={t('register:consents.marketing')} {...register('acceptedMarketing')} />
          <TermsLinks termsUrls={termsUrls} cateringUrl={cateringUrl} />
        </fieldset>

        <div className="d-grid d-sm-block">
          <FormActionButton type="submit" pending={mutation.isPending} disabled={!termsAccepted}>
            {t('register:submit')}
          </FormActionButton>
        </div>
      </Form>
      {!isWorker && (
        <ChildFormModal
          show={modal.show}
          onHide={() => setModal({ show: false, index: null })}
          mode="registration"
          initialValues={modal.index === null ? undefined : children[modal.index]?.values}
          institutionSlug={institutionSlug}
          onRegistrationSave={saveChild}
          registrationOptions={options}
        />
      )}
    </>
  );
}

function TermsLinks({ termsUrls, cateringUrl }: { termsUrls: TermsUrls | undefined; cateringUrl: string | null }) {
  const { t } = useTranslation('register');
  const links = [
    { href: termsUrls?.termsAndConditionsUrl, text: t('consents.termsLink') },
    { href: termsUrls?.privacyPolicyUrl, text: t('consents.privacyLink') },
    { href: cateringUrl, text: t('consents.cateringLink') },
  ].filter((link): link is { href: string; text: string } => !!link.href);
  if (links.length === 0) return null;
  return (
    <p className="small mt-2 mb-0">
      {t('consents.read')}{' '}
      {links.map((link, index) => (
        <span key={link.href}>
          {index > 0 && ' · '}
          <a href={link.href} target="_blank" rel="noreferrer">
            {link.text}
          </a>
        </span>
      ))}
    </p>
  );
}

/** The server's sentence in the user's language (the shared errors namespace), then its field messages. */
function registrationErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const [first = '', ...rest] = error.message.split('\n');
  return [translateServerMessage(first), ...rest].join('\n');
}
