import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { applyServerErrors } from '@/lib/form-errors';
import { MealsMenuFields } from '../components/MealsMenuFields';
import { mealsMenuSchema, type MealsMenuValues } from '../components/meals-menu-form';

const FIELDS: Path<MealsMenuValues>[] = ['name', 'dateFrom', 'dateTo', 'institutionsIds', 'dietsIds'];

interface MenuHeaderFormProps {
  initial: MealsMenuValues;
  label: string;
  submitText: string;
  pending: boolean;
  onSubmit: (values: MealsMenuValues) => Promise<unknown>;
}

/** The menu's header form (create page and editor): zod first, then the server's field errors on their inputs. */
export function MenuHeaderForm({ initial, label, submitText, pending, onSubmit }: MenuHeaderFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => mealsMenuSchema(t), [t]);
  const form = useForm<MealsMenuValues>({ resolver: zodResolver(schema), defaultValues: initial });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, { cells: 'dateFrom' });
    }
  });
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={submit} aria-label={label}>
        <MealsMenuFields />
        <div className="d-flex justify-content-end">
          <FormActionButton type="submit" pending={pending}>
            {submitText}
          </FormActionButton>
        </div>
      </Form>
    </FormProvider>
  );
}
