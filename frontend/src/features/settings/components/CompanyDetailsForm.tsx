import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Col, Form, Image, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { QueryState, SectionCard } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { isValidNrb } from '@/lib/nrb';
import { BANK_ACCOUNT_MAX_LENGTH, isWebUrl, POST_CODE_PATTERN, VAT_ID_PATTERN } from '@/lib/validation';
import { useCompanyDetails, useSaveCompanyDetails, type CompanyDetails } from '../api/company-details';

const TEXT_FIELDS = [
  'name',
  'vatId',
  'street',
  'postCode',
  'city',
  'email',
  'phoneNumber',
  'bankAccountNumber',
  'termsUrl',
  'privacyPolicyUrl',
  'cateringTermsUrl',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type FormValues = Record<TextField, string>;

/** The server's limits (CompanyDetailsSerializer); every field may be blank. */
const MAX_LENGTH: Partial<Record<TextField, number>> = {
  name: 200,
  street: 200,
  city: 100,
  phoneNumber: 20,
  bankAccountNumber: BANK_ACCOUNT_MAX_LENGTH,
};

/** A blank value passes: every company detail is optional on the server. */
const optional = (test: (value: string) => boolean, message: string) =>
  z.string().trim().refine((value) => value === '' || test(value), { message });

function toFormValues(details: CompanyDetails): FormValues {
  return Object.fromEntries(TEXT_FIELDS.map((field) => [field, details[field] ?? ''])) as FormValues;
}

export function CompanyDetailsForm() {
  const { t } = useTranslation(['settings', 'common']);
  const query = useCompanyDetails();
  const mutation = useSaveCompanyDetails();
  const [logo, setLogo] = useState<File | null>(null);

  const schema = useMemo(() => {
    const text = (field: TextField) => {
      const max = MAX_LENGTH[field];
      return max ? z.string().trim().max(max, t('common:validation.maxLength', { max })) : z.string().trim();
    };
    const url = optional(isWebUrl, t('settings:validation.url'));
    return z.object({
      name: text('name'),
      vatId: optional((value) => VAT_ID_PATTERN.test(value), t('settings:validation.vatId')),
      street: text('street'),
      postCode: optional((value) => POST_CODE_PATTERN.test(value), t('settings:validation.postCode')),
      city: text('city'),
      email: optional((value) => z.email().safeParse(value).success, t('settings:validation.email')),
      phoneNumber: text('phoneNumber'),
      bankAccountNumber: text('bankAccountNumber').refine((value) => value === '' || isValidNrb(value), {
        message: t('settings:validation.nrb'),
      }),
      termsUrl: url,
      privacyPolicyUrl: url,
      cateringTermsUrl: url,
    });
  }, [t]);

  const values = useMemo(() => (query.data ? toFormValues(query.data) : undefined), [query.data]);
  const form = useForm<FormValues>({ resolver: zodResolver(schema), values });
  const { errors } = form.formState;

  // zod has trimmed the values; a blank one is sent as '' and clears the field.
  const onSubmit = form.handleSubmit((submitted) => {
    mutation.mutate(
      { ...submitted, logo },
      {
        onSuccess: () => {
          setLogo(null);
          notify({ type: 'success', message: t('settings:saved') });
        },
        onError: (error) => applyServerErrors(error, form.setError, TEXT_FIELDS),
      },
    );
  });

  const title = t('settings:sections.companyDetails');
  return (
    <SectionCard title={title}>
      <QueryState query={query}>
        {() => (
          <Form noValidate onSubmit={onSubmit} aria-label={title}>
            <Row>
              {TEXT_FIELDS.map((field) => (
                <Col md={6} key={field}>
                  <Form.Group className="mb-3" controlId={`company-${field}`}>
                    <Form.Label>{t(`settings:fields.company.${field}`)}</Form.Label>
                    <Form.Control
                      isInvalid={!!errors[field]}
                      type={field === 'email' ? 'email' : field.endsWith('Url') ? 'url' : 'text'}
                      maxLength={MAX_LENGTH[field]}
                      {...form.register(field)}
                    />
                    <Form.Control.Feedback type="invalid">{errors[field]?.message}</Form.Control.Feedback>
                  </Form.Group>
                </Col>
              ))}
            </Row>
            <Form.Group className="mb-3" controlId="company-logo">
              <Form.Label>{t('settings:fields.company.logo')}</Form.Label>
              {query.data?.logoUrl && (
                <div className="mb-2">
                  <Image src={query.data?.logoUrl ?? undefined} alt={t('settings:fields.company.currentLogo')} style={{ maxHeight: 80 }} thumbnail />
                </div>
              )}
              <Form.Control
                type="file"
                accept="image/*"
                onChange={(event) => setLogo((event.target as HTMLInputElement).files?.[0] ?? null)}
              />
            </Form.Group>
            <FormActionButton type="submit" pending={mutation.isPending}>
              {t('common:save')}
            </FormActionButton>
          </Form>
        )}
      </QueryState>
    </SectionCard>
  );
}
