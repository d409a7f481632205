import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import { useSession } from '@/lib/session/session-context';
import { applyServerErrors } from '@/lib/form-errors';
import { useDeleteAccount } from '../api/delete-account';
import { SectionCard } from '@/components/SectionCard';

const schema = z.object({ password: z.string().min(1) });

export function DeleteAccountSection() {
  const { t } = useTranslation(['profile', 'common']);
  const { logout } = useSession();
  const [open, setOpen] = useState(false);
  const mutation = useDeleteAccount();
  const form = useForm<{ password: string }>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { errors } = form.formState;

  const close = () => {
    setOpen(false);
    form.reset();
  };
  const onSubmit = form.handleSubmit(({ password }) =>
    mutation.mutate(password, {
      onSuccess: () => {
        notify({ type: 'success', message: t('profile:delete.done') });
        logout();
      },
      onError: (error) => applyServerErrors(error, form.setError, ['password']),
    }),
  );

  return (
    <SectionCard title={t('profile:delete.title')}>
      <p className="text-body-secondary">{t('profile:delete.description')}</p>
      <Button variant="outline-danger" onClick={() => setOpen(true)}>
        {t('profile:delete.open')}
      </Button>
      <Modal show={open} onHide={close} centered>
        <Form noValidate onSubmit={onSubmit} aria-label={t('profile:delete.confirmTitle')}>
          <Modal.Header closeButton closeLabel={t('common:close')}>
            <Modal.Title>{t('profile:delete.confirmTitle')}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('profile:delete.confirmText')}</p>
            <Form.Group controlId="profile-delete-password">
              <Form.Label>{t('profile:delete.password')}</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                isInvalid={!!errors.password}
                {...form.register('password')}
              />
              <Form.Control.Feedback type="invalid">
                {errors.password?.message || t('common:validation.required')}
              </Form.Control.Feedback>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              {t('common:cancel')}
            </Button>
            <FormActionButton type="submit" variant="danger" pending={mutation.isPending}>
              {t('profile:delete.confirm')}
            </FormActionButton>
          </Modal.Footer>
        </Form>
      </Modal>
    </SectionCard>
  );
}
