import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/form';
import { useInstitutionOptions } from '@/lib/meals-menus/options';
import type { MenuFileValues } from './menu-file-form';

export const ACCEPTED_TYPES = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** A month input (`YYYY-MM`), labelled, with its error. */
function MonthInput() {
  const { t } = useTranslation('mealsMenusFiles');
  const id = useId();
  const { field, fieldState } = useController<MenuFileValues, 'month'>({ name: 'month' });
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {t('fields.month')} <span aria-hidden="true">*</span>
      </Form.Label>
      <Form.Control
        type="month"
        {...field}
        isInvalid={!!fieldState.error}
        aria-invalid={fieldState.error ? true : undefined}
        aria-required
      />
      <Form.Control.Feedback type="invalid">{fieldState.error?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** The uploaded file: required on create, optional on edit (the current one stays). */
function FileInput() {
  const { t } = useTranslation('mealsMenusFiles');
  const id = useId();
  const { watch } = useFormContext<MenuFileValues>();
  const { field, fieldState } = useController<MenuFileValues, 'file'>({ name: 'file' });
  const current = watch('currentName');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {t('fields.file')} {!current && <span aria-hidden="true">*</span>}
      </Form.Label>
      <Form.Control
        type="file"
        accept={ACCEPTED_TYPES}
        name={field.name}
        onChange={(event) => field.onChange((event.target as HTMLInputElement).files?.[0] ?? null)}
        isInvalid={!!fieldState.error}
        aria-invalid={fieldState.error ? true : undefined}
        aria-required={!current || undefined}
      />
      <Form.Text>{current ? t('replaceHelp', { name: current }) : t('fileHelp')}</Form.Text>
      <Form.Control.Feedback type="invalid">{fieldState.error?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}

export function FileFields() {
  const { t } = useTranslation('mealsMenusFiles');
  const institutions = useInstitutionOptions();
  return (
    <>
      <SelectField<MenuFileValues> name="institutionId" label={t('fields.institution')} required options={institutions.data ?? []} />
      <MonthInput />
      <TextField<MenuFileValues> name="name" label={t('fields.name')} required maxLength={200} />
      <FileInput />
    </>
  );
}
