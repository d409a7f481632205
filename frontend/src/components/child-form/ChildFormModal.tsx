import { useId, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ChildForm, type ChildFormProps } from './ChildForm';

export interface ChildFormModalProps extends Omit<ChildFormProps, 'onCancel' | 'label'> {
  show: boolean;
  onHide: () => void;
}

/**
 * The child form in a modal (the registration page's "Create child" and "Edit", spec §2). Saving closes it; hiding it
 * without a stored child being edited starts the next opening afresh (empty values, or the given initialValues).
 */
export function ChildFormModal({ show, onHide, onSaved, onRegistrationSave, ...props }: ChildFormModalProps) {
  const { t } = useTranslation('children');
  const titleId = useId();
  const [session, setSession] = useState(0);
  // Registration edits a child of its local list through initialValues: that is editing too.
  const editing = props.mode === 'edit' || props.initialValues !== undefined;
  const title = editing ? t('editTitle') : t('createTitle');
  const hide = () => {
    if (!props.child) setSession((current) => current + 1);
    onHide();
  };
  const key = props.child ? `child-${props.child.id}` : `${props.initialValues ? 'values' : 'new'}-${session}`;
  return (
    <Modal show={show} onHide={hide} aria-labelledby={titleId} size="lg">
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ChildForm
          key={key}
          {...props}
          label={title}
          onCancel={hide}
          onSaved={(child) => {
            onSaved?.(child);
            hide();
          }}
          onRegistrationSave={(values) => {
            onRegistrationSave?.(values);
            hide();
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
