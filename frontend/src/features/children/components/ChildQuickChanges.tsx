import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormModal } from '@/components/FormModal';
import { notify } from '@/components/toasts/toast-store';
import { useChangeCardNumber, useChangeClassroom, type ChildRow } from '@/lib/children/children';
import { formOptionQueries } from '@/lib/children/form-options';
import { childName } from '@/lib/child-form/child-form-model';

type Errors = Record<string, string[]>;

/** A one-field change of a child from the list: the server's refusal stays in the dialog, nothing is lost. */
function QuickChangeModal({ error, children, ...modal }: Omit<ComponentProps<typeof FormModal>, 'children'> & { error: string | null; children: ReactNode }) {
  return (
    <FormModal {...modal}>
      {error && <Alert variant="danger">{error}</Alert>}
      {children}
    </FormModal>
  );
}

interface Refusal {
  fields: Errors;
  message: string | null;
}

const NO_REFUSAL: Refusal = { fields: {}, message: null };

/** The field errors of a refusal, or its message when no field is named. */
function refusal(error: unknown, fallback: string): Refusal {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields = error.fieldErrors;
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message };
}

/** What every quick change shares: the refusal shown in the dialog, closing that forgets what was entered
 * (`forget`), and a save that says so and closes, or keeps the dialog open with the refusal. */
function useQuickChange(onClose: () => void, forget: () => void) {
  const { t } = useTranslation('children');
  const [errors, setErrors] = useState<Refusal>(NO_REFUSAL);
  const close = () => {
    forget();
    setErrors(NO_REFUSAL);
    onClose();
  };
  const save = async (write: () => Promise<unknown>, done: string) => {
    try {
      await write();
      notify({ type: 'success', message: done });
      close();
    } catch (error) {
      setErrors(refusal(error, t('quick.failed')));
    }
  };
  return { errors, close, save };
}

/** Another classroom of the child's institution (moving to another institution is the child form's job). */
export function ChangeClassroomModal({ child, onClose }: { child: ChildRow | null; onClose: () => void }) {
  const { t } = useTranslation('children');
  const controlId = useId();
  const change = useChangeClassroom();
  const classrooms = useQuery({ ...formOptionQueries.classrooms(child?.institutionId ?? 0), enabled: child !== null });
  const [picked, setPicked] = useState<string>('');
  const { errors, close, save } = useQuickChange(onClose, () => setPicked(''));
  const value = picked || String(child?.classroomId ?? '');
  const submit = async () => {
    if (!child) return;
    if (Number(value) === child.classroomId) return close();
    await save(
      () => change.mutateAsync({ id: child.id, classroomId: Number(value) }),
      t('quick.classroomChanged', { name: childName(child) }),
    );
  };
  return (
    <QuickChangeModal
      title={t('quick.classroomTitle', { name: child ? childName(child) : '' })}
      show={child !== null}
      pending={change.isPending}
      error={errors.message}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <Form.Group controlId={controlId}>
        <Form.Label>{t('fields.classroom')}</Form.Label>
        <Form.Select value={value} isInvalid={!!errors.fields.classroomId} onChange={(event) => setPicked(event.target.value)}>
          {(classrooms.data ?? []).map((room) => (
            <option key={room.value} value={String(room.value)}>
              {room.text}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.fields.classroomId?.join(' ')}</Form.Control.Feedback>
      </Form.Group>
    </QuickChangeModal>
  );
}

/** The dining card: the server checks the format (6–10 digits or capitals) and uniqueness; empty removes the card. */
export function ChangeCardNumberModal({ child, onClose }: { child: ChildRow | null; onClose: () => void }) {
  const { t } = useTranslation('children');
  const controlId = useId();
  const change = useChangeCardNumber();
  const [typed, setTyped] = useState<string | null>(null);
  const { errors, close, save } = useQuickChange(onClose, () => setTyped(null));
  const value = typed ?? child?.cardNumber ?? '';
  const submit = async () => {
    if (!child) return;
    await save(
      () => change.mutateAsync({ id: child.id, cardNumber: value.trim() || null }),
      t('quick.cardChanged', { name: childName(child) }),
    );
  };
  return (
    <QuickChangeModal
      title={t('quick.cardTitle', { name: child ? childName(child) : '' })}
      show={child !== null}
      pending={change.isPending}
      error={errors.message}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <Form.Group controlId={controlId}>
        <Form.Label>{t('fields.cardNumber')}</Form.Label>
        <Form.Control
          value={value}
          autoComplete="off"
          isInvalid={!!errors.fields.cardNumber}
          onChange={(event) => setTyped(event.target.value.toUpperCase())}
          aria-describedby={`${controlId}-help`}
        />
        <Form.Control.Feedback type="invalid">{errors.fields.cardNumber?.join(' ')}</Form.Control.Feedback>
        <Form.Text id={`${controlId}-help`}>{t('quick.cardHelp')}</Form.Text>
      </Form.Group>
    </QuickChangeModal>
  );
}
