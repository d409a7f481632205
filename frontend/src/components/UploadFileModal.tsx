import { useId, useState, type ReactNode } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormModal } from './FormModal';

interface UploadFileModalProps<Created> {
  show: boolean;
  title: string;
  fileLabel: string;
  /** The file input's `accept`. */
  accept: string;
  /** Under the file field (the kinds of file taken), and below the fields (what happens next). */
  fileHelp?: ReactNode;
  hint?: ReactNode;
  /** The server's field errors shown under the file field, first found first (its own field always counts). */
  errorFields?: string[];
  pending: boolean;
  /** Sends the chosen file (with the caller's other fields); rejects with the refusal. */
  upload: (file: File) => Promise<Created>;
  onUploaded: (created: Created) => void;
  onClose: () => void;
  /** The caller's other fields, their state kept by the caller. */
  children?: ReactNode;
}

/** Upload one file in a dialog: the file is required, and the server's refusal shows under the file field, so a
 * file that is not what the area reads is explained where it was chosen. Every file upload dialog is one of these. */
export function UploadFileModal<Created>({
  show,
  title,
  fileLabel,
  accept,
  fileHelp,
  hint,
  errorFields = [],
  pending,
  upload,
  onUploaded,
  onClose,
  children,
}: UploadFileModalProps<Created>) {
  const { t } = useTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!file) {
      setError(t('fileRequired'));
      return;
    }
    setError(null);
    upload(file).then(
      (created) => {
        close();
        onUploaded(created);
      },
      (failure: unknown) => {
        const fieldErrors =
          failure instanceof ApiError ? ['file', ...errorFields].map((name) => failure.fieldErrors[name]).find((errors) => errors?.length) : undefined;
        setError(fieldErrors ? fieldErrors.join(' ') : failure instanceof Error ? failure.message : String(failure));
      },
    );
  };
  return (
    <FormModal show={show} title={title} pending={pending} onSubmit={submit} onClose={close}>
      <Form.Group className="mb-3" controlId={fileId}>
        <Form.Label>{fileLabel}</Form.Label>
        <Form.Control
          type="file"
          accept={accept}
          isInvalid={error !== null}
          onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        {fileHelp && <Form.Text>{fileHelp}</Form.Text>}
      </Form.Group>
      {children}
      {hint && (
        <Alert variant="light" className="small mb-0">
          {hint}
        </Alert>
      )}
    </FormModal>
  );
}
