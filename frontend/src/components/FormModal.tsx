import { useId, type ReactNode } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from './FormActionButton';

interface FormModalProps {
  show: boolean;
  title: string;
  /** The save request is running: the save button waits (FormActionButton). */
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A small form in a dialog: titled, its fields, Cancel and Save (Enter submits). */
export function FormModal({ show, title, pending, onSubmit, onClose, children }: FormModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <FormActionButton type="submit" pending={pending}>
            {t('save')}
          </FormActionButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
