import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import type { PersonCommands } from './person-commands';

interface Props {
  person: { id: number; name: string } | null;
  commands: PersonCommands;
  onClose: () => void;
}

/** Staff set a person's password (changePasswordData); the server applies its password rules. */
export function SetPasswordModal({ person, commands, onClose }: Props) {
  const { t } = useTranslation('people');
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const close = () => {
    setPassword('');
    setConfirmation('');
    setErrors({});
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) {
      setErrors({ passwordConfirmation: [t('passwordsDiffer')] });
      return;
    }
    try {
      await commands.setPassword.mutateAsync({ params: { id: person!.id }, body: { password, passwordConfirmation: confirmation } });
      notify({ type: 'success', message: t('passwordSet', { name: person!.name }) });
      close();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
    }
  };

  return (
    <Modal show={person !== null} onHide={close} aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit} aria-label={t('setPasswordTitle', { name: person?.name ?? '' })}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('setPasswordTitle', { name: person?.name ?? '' })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={`${titleId}-password`}>
            <Form.Label>{t('fields.password')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={password}
              isInvalid={!!errors.password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errors.password?.join(' ')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${titleId}-confirmation`}>
            <Form.Label>{t('fields.passwordConfirmation')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={confirmation}
              isInvalid={!!errors.passwordConfirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errors.passwordConfirmation?.join(' ')}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {t('common:cancel')}
          </Button>
          <FormActionButton type="submit" pending={commands.setPassword.isPending}>
            {t('common:save')}
          </FormActionButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
