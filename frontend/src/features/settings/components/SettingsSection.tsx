import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Form } from 'react-bootstrap';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { DECIMAL_INPUT_PATTERN, DEFAULT_CURRENCY, toDecimalString, type Money } from '@/lib/money';
import { TIME_PATTERN } from '@/lib/validation';
import { useSettings, useUpdateSettings, type SettingsEndpoint } from '../api/settings-endpoint';

export type SettingsField =
  | { name: string; kind: 'checkbox' }
  | { name: string; kind: 'money' }
  | { name: string; kind: 'decimal' }
  | { name: string; kind: 'time' }
  | { name: string; kind: 'integer'; min: number; max: number }
  | { name: string; kind: 'select'; options: readonly [string, ...string[]] }
  | { name: string; kind: 'text'; required?: boolean; pattern?: RegExp; maxLength?: number };

type FormValues = Record<string, string | boolean>;

function fieldSchema(field: SettingsField, t: TFunction) {
  switch (field.kind) {
    case 'checkbox':
      return z.boolean();
    case 'money':
      return z.string().trim().regex(DECIMAL_INPUT_PATTERN, t('settings:validation.money'));
    case 'decimal':
      return z.string().trim().regex(DECIMAL_INPUT_PATTERN, t('settings:validation.decimal'));
    case 'time':
      return z.string().regex(TIME_PATTERN, t('settings:validation.time'));
    case 'integer':
      return z
        .string()
        .trim()
        .regex(/^\d+$/, t('settings:validation.integer'))
        .refine((value) => Number(value) >= field.min && Number(value) <= field.max, {
          message: t('settings:validation.range', { min: field.min, max: field.max }),
        });
    case 'select':
      return z.enum(field.options);
    case 'text': {
      const base = z.string().trim();
      const bounded = field.maxLength ? base.max(field.maxLength) : base;
      const required = field.required ? bounded.min(1, t('validation.required')) : bounded;
      const pattern = field.pattern;
      return pattern
        ? required.refine((value) => value === '' || pattern.test(value), { message: t('settings:validation.format') })
        : required;
    }
  }
}

function toFormValue(field: SettingsField, value: unknown): string | boolean {
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'money':
      return (value as Money | null)?.amount ?? '0.00';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

function toPayloadValue(field: SettingsField, value: string | boolean, original: unknown): unknown {
  switch (field.kind) {
    case 'checkbox':
    case 'select':
    case 'time':
      return value;
    case 'money':
      return { amount: toDecimalString(String(value)), currency: (original as Money | null)?.currency ?? DEFAULT_CURRENCY } satisfies Money;
    case 'decimal':
      return toDecimalString(String(value));
    case 'integer':
      return Number(value);
    case 'text': {
      const text = String(value).trim();
      return text === '' ? null : text;
    }
  }
}

export interface SettingsSectionProps<T> {
  endpoint: SettingsEndpoint<T>;
  fields: readonly SettingsField[];
  title: string;
}

/** One settings endpoint as a form: GET fills it, Save PUTs exactly the listed fields. */
export function SettingsSection<T extends object>({ endpoint, fields, title }: SettingsSectionProps<T>) {
  const { t } = useTranslation(['settings', 'common']);
  const query = useSettings(endpoint);
  const mutation = useUpdateSettings(endpoint);
  const schema = useMemo(
    () => z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field, t)]))),
    [fields, t],
  );
  const current = query.data as Record<string, unknown> | undefined;
  const values = useMemo(
    () => (current ? Object.fromEntries(fields.map((field) => [field.name, toFormValue(field, current[field.name])])) : undefined),
    [current, fields],
  );
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues>,
    values,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((submitted) => {
    const payload = Object.fromEntries(
      fields.map((field) => [field.name, toPayloadValue(field, submitted[field.name] ?? '', current?.[field.name])]),
    ) as Partial<T>;
    mutation.mutate(payload, {
      onSuccess: () => notify({ type: 'success', message: t('settings:saved') }),
      onError: (error) => applyServerErrors(error, form.setError, fields.map((field) => field.name)),
    });
  });

  const labelOf = (name: string) => t(`settings:fields.${name}`);
  const sectionId = endpoint.key.replaceAll('/', '-');

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h5">
        {title}
      </Card.Header>
      <Card.Body>
        {query.isPending ? (
          <LoadingSpinner />
        ) : query.isError ? (
          <p className="text-danger mb-0">{query.error.message}</p>
        ) : (
          <Form noValidate onSubmit={onSubmit} aria-label={title}>
            {fields.map((field) => {
              const id = `${sectionId}-${field.name}`;
              const error = errors[field.name]?.message;
              if (field.kind === 'checkbox') {
                return (
                  <Form.Check key={field.name} type="switch" id={id} className="mb-2" label={labelOf(field.name)} {...form.register(field.name)} />
                );
              }
              return (
                <Form.Group key={field.name} className="mb-3" controlId={id}>
                  <Form.Label>{labelOf(field.name)}</Form.Label>
                  {field.kind === 'select' ? (
                    <Form.Select isInvalid={!!error} {...form.register(field.name)}>
                      {field.options.map((option) => (
                        <option key={option} value={option}>
                          {t(`settings:options.${option}`)}
                        </option>
                      ))}
                    </Form.Select>
                  ) : (
                    <Form.Control
                      isInvalid={!!error}
                      type={field.kind === 'time' ? 'time' : 'text'}
                      inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'money' || field.kind === 'decimal' ? 'decimal' : undefined}
                      maxLength={field.kind === 'text' ? field.maxLength : undefined}
                      {...form.register(field.name)}
                    />
                  )}
                  {field.kind === 'money' && <Form.Text>{t('settings:moneyHint')}</Form.Text>}
                  <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
                </Form.Group>
              );
            })}
            <FormActionButton type="submit" pending={mutation.isPending}>
              {t('common:save')}
            </FormActionButton>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
