import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Modal } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { DateField, requiredText, TextField } from '@/components/form';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateSimilar, type MealsMenu } from '../api/meals-menus';
import { NAME_MAX_LENGTH } from './meals-menu-form';

interface SimilarValues {
  name: string;
  dateFrom: string;
}

/** A copy of a menu under a new name, moved to a new start date if one is given; opens the copy's editor. */
export function CreateSimilarModal({ source, onClose }: { source: Pick<MealsMenu, 'id' | 'name' | 'dateFrom'>; onClose: () => void }) {
  const { t } = useTranslation('mealsMenus');
  const titleId = useId();
  const navigate = useNavigate();
  const createSimilar = useCreateSimilar();
  const schema = z.object({ name: requiredText(t, NAME_MAX_LENGTH), dateFrom: z.string() });
  const form = useForm<SimilarValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: t('similar.defaultName', { name: source.name }).slice(0, NAME_MAX_LENGTH), dateFrom: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const copy = await createSimilar.mutateAsync({ mealsMenuId: source.id, name: values.name, dateFrom: values.dateFrom || undefined });
      notify({ type: 'success', message: t('similar.created', { name: copy.name }) });
      onClose();
      void navigate(`/mealsMenus/${copy.id}/edit`);
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'dateFrom']);
    }
  });

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId}>
      <FormProvider {...form}>
        <Form noValidate onSubmit={submit} aria-labelledby={titleId}>
          <Modal.Header closeButton>
            <Modal.Title id={titleId} as="h2" className="h5">
              {t('similar.title', { name: source.name })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <TextField<SimilarValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} />
            <DateField<SimilarValues> name="dateFrom" label={t('similar.dateFrom')} help={t('similar.dateFromHelp')} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <FormActionButton type="submit" pending={createSimilar.isPending}>
              {t('similar.submit')}
            </FormActionButton>
          </Modal.Footer>
        </Form>
      </FormProvider>
    </Modal>
  );
}
