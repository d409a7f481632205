import { useMemo, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { QueryState, SectionCard } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { DECIMAL_INPUT_PATTERN, DEFAULT_CURRENCY, toDecimalString, type Money } from '@/lib/money';
import { TIME_PATTERN } from '@/lib/validation';
import { useSettings, useUpdateSettings, type SettingsEndpoint } from '@/lib/settings/settings-endpoint';

const MIB = 1024 * 1024;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A check of a non-empty text value; `message` is a key under settings:validation. */
export interface TextRule {
  test: (value: string) => boolean;
  message: string;
}

/** The form controls a value of type V can have: field names and option values are checked against the schema. */
type FieldFor<K extends string, V> = [V] extends [boolean]
  ? { name: K; kind: 'checkbox' }
  : [V] extends [Money]
    ? { name: K; kind: 'money' }
    : [V] extends [number]
      ? // megabytes: the form shows MB, the API takes bytes
        { name: K; kind: 'integer' | 'megabytes'; min: number; max: number }
      : [V] extends [string]
        ?
            | { name: K; kind: 'decimal' }
            | { name: K; kind: 'time' }
            // A day (YYYY-MM-DD); empty sends null.
            | { name: K; kind: 'date' }
            | { name: K; kind: 'select'; options: readonly [V, ...V[]] }
            | { name: K; kind: 'text'; maxLength: number; required?: boolean; rules?: readonly TextRule[] }
            // A secret (a token): never shown; the form says whether one is stored (the GET's `<name>Set`) and sends
            // what is typed, empty to keep the stored one.
            | { name: K; kind: 'secret'; maxLength: number }
        : never;

/** One field of a settings form, typed by the endpoint's request body. */
export type SettingsField<TBody> = {
  [K in keyof TBody & string]: FieldFor<K, NonNullable<TBody[K]>>;
}[keyof TBody & string];

export type FormValues = Record<string, string | boolean>;

/** More buttons beside Save, given the form's current (unsaved) values and a way to show a message under a field. */
export type SectionActions = (form: {
  values: Partial<FormValues>;
  setFieldError: (field: string, message: string) => void;
  clearFieldError: (field: string) => void;
}) => ReactNode;

/** A rule across fields (e.g. a percentage fee); `message` is a key under settings:validation. */
export type SectionCheck<TBody> = (values: FormValues) => { field: keyof TBody & string; message: string } | null;

type AnyField =
  | { name: string; kind: 'checkbox' | 'money' | 'decimal' | 'time' | 'date' }
  | { name: string; kind: 'integer' | 'megabytes'; min: number; max: number }
  | { name: string; kind: 'select'; options: readonly string[] }
  | { name: string; kind: 'text'; maxLength: number; required?: boolean; rules?: readonly TextRule[] }
  | { name: string; kind: 'secret'; maxLength: number };

function fieldSchema(field: AnyField, t: TFunction) {
  switch (field.kind) {
    case 'checkbox':
      return z.boolean();
    case 'money':
      return z.string().trim().regex(DECIMAL_INPUT_PATTERN, t('settings:validation.money'));
    case 'decimal':
      return z.string().trim().regex(DECIMAL_INPUT_PATTERN, t('settings:validation.decimal'));
    case 'time':
      return z.string().regex(TIME_PATTERN, t('settings:validation.time'));
    case 'date':
      return z.string().refine((value) => value === '' || DATE_PATTERN.test(value), { message: t('settings:validation.date') });
    case 'integer':
    case 'megabytes': {
      const pattern = field.kind === 'integer' ? /^\d+$/ : DECIMAL_INPUT_PATTERN;
      return z
        .string()
        .trim()
        .regex(pattern, t(field.kind === 'integer' ? 'settings:validation.integer' : 'settings:validation.decimal'))
        .refine((value) => Number(toDecimalString(value)) >= field.min && Number(toDecimalString(value)) <= field.max, {
          message: t('settings:validation.range', { min: field.min, max: field.max }),
        });
    }
    case 'select':
      return z.string().refine((value) => field.options.includes(value), { message: t('common:validation.required') });
    case 'secret':
      return z.string().trim().max(field.maxLength, t('common:validation.maxLength', { max: field.maxLength }));
    case 'text': {
      const bounded = z.string().trim().max(field.maxLength, t('common:validation.maxLength', { max: field.maxLength }));
      const required = field.required ? bounded.min(1, t('common:validation.required')) : bounded;
      return (field.rules ?? []).reduce(
        (schema, rule) =>
          schema.refine((value) => value === '' || rule.test(value), { message: t(`settings:validation.${rule.message}`) }),
        required,
      );
    }
  }
}

function toFormValue(field: AnyField, value: unknown): string | boolean {
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'money':
      return (value as Money | undefined)?.amount ?? '0.00';
    case 'megabytes':
      return typeof value === 'number' ? String(Math.round((value / MIB) * 100) / 100) : '';
    case 'secret':
      return '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

function toPayloadValue(field: AnyField, value: string | boolean, original: unknown): unknown {
  switch (field.kind) {
    case 'checkbox':
    case 'select':
    case 'time':
      return value;
    case 'date':
      return value === '' ? null : value;
    case 'money':
      return {
        amount: toDecimalString(String(value)),
        currency: (original as Money | undefined)?.currency ?? DEFAULT_CURRENCY,
      } satisfies Money;
    case 'decimal':
      return toDecimalString(String(value));
    case 'integer':
      return Number(value);
    case 'megabytes':
      return Math.round(Number(toDecimalString(String(value))) * MIB);
    case 'text':
    case 'secret':
      // The server's text fields take '' for "none", never null; an empty secret keeps the stored one.
      return String(value).trim();
  }
}

export interface SettingsSectionProps<T, TBody> {
  endpoint: SettingsEndpoint<T, TBody>;
  fields: readonly SettingsField<TBody>[];
  check?: SectionCheck<TBody>;
  actions?: SectionActions;
  title: string;
}

/** One settings endpoint as a form: GET fills it, Save PUTs exactly the listed fields (the server keeps the rest). */
export function SettingsSection<T extends object, TBody>({ endpoint, fields: typedFields, check, actions, title }: SettingsSectionProps<T, TBody>) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const fields = typedFields as readonly AnyField[];
  const query = useSettings(endpoint);
  const mutation = useUpdateSettings(endpoint);
  const schema = useMemo(
    () =>
      z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field, t)]))).superRefine((values, ctx) => {
        const issue = check?.(values as FormValues);
        if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: t(`settings:validation.${issue.message}`) });
      }),
    [fields, check, t],
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
  const watched = useWatch({ control: form.control });
  // The server names a money field's error by its amount ("allowedDebit.amount"); the form has one input for it.
  const moneyErrorFields = Object.fromEntries(
    fields.filter((field) => field.kind === 'money').map((field) => [`${field.name}.amount`, field.name]),
  );

  const onSubmit = form.handleSubmit((submitted) => {
    const payload = Object.fromEntries(
      fields.map((field) => [field.name, toPayloadValue(field, submitted[field.name] ?? '', current?.[field.name])]),
    ) as Partial<TBody>;
    mutation.mutate(payload, {
      onSuccess: () => notify({ type: 'success', message: t('settings:saved') }),
      onError: (error) => applyServerErrors(error, form.setError, fields.map((field) => field.name), moneyErrorFields),
    });
  });

  const labelOf = (name: string) => t(`settings:fields.${name}`);
  const sectionId = endpoint.key.replaceAll('/', '-');

  return (
    <SectionCard title={title}>
      <QueryState query={query}>
        {() => (
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
                          {t(`settings:options.${field.name}.${option}`)}
                        </option>
                      ))}
                    </Form.Select>
                  ) : (
                    <Form.Control
                      isInvalid={!!error}
                      type={field.kind === 'time' || field.kind === 'date' ? field.kind : field.kind === 'secret' ? 'password' : 'text'}
                      autoComplete={field.kind === 'secret' ? 'off' : undefined}
                      inputMode={
                        field.kind === 'integer'
                          ? 'numeric'
                          : field.kind === 'money' || field.kind === 'decimal' || field.kind === 'megabytes'
                            ? 'decimal'
                            : undefined
                      }
                      maxLength={field.kind === 'text' || field.kind === 'secret' ? field.maxLength : undefined}
                      {...form.register(field.name)}
                    />
                  )}
                  {field.kind === 'money' && <Form.Text>{t('settings:moneyHint')}</Form.Text>}
                  {i18n.exists(`settings:hints.${field.name}`) && <Form.Text className="d-block">{t(`settings:hints.${field.name}`)}</Form.Text>}
                  {field.kind === 'secret' && (
                    <Form.Text>{t(current?.[`${field.name}Set`] ? 'settings:przelewy24.secretStored' : 'settings:przelewy24.secretMissing')}</Form.Text>
                  )}
                  {(field.kind === 'integer' || field.kind === 'megabytes') && (
                    <Form.Text>{t('settings:rangeHint', { min: field.min, max: field.max })}</Form.Text>
                  )}
                  <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
                </Form.Group>
              );
            })}
            <div className="d-flex flex-wrap gap-2">
              <FormActionButton type="submit" pending={mutation.isPending}>
                {t('common:save')}
              </FormActionButton>
              {actions?.({
                values: watched,
                setFieldError: (field, message) => form.setError(field, { type: 'server', message }),
                clearFieldError: (field) => form.clearErrors(field),
              })}
            </div>
          </Form>
        )}
      </QueryState>
    </SectionCard>
  );
}
