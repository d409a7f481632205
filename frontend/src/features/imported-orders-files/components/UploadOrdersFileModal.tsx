import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { FormModal } from '@/components/FormModal';
import { notify } from '@/components/toasts/toast-store';
import { downloadOrdersTemplate, useUploadOrdersFile } from '../api/imported-orders-files';

interface UploadOrdersFileModalProps {
  show: boolean;
  onClose: () => void;
}

/** Upload an institution's orders file (XLSX or CSV); the template to fill in; the admin's cut-off override. */
export function UploadOrdersFileModal({ show, onClose }: UploadOrdersFileModalProps) {
  const { t } = useTranslation('importedOrdersFiles');
  const navigate = useNavigate();
  const fileId = useId();
  const overrideId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [overrideCutoff, setOverrideCutoff] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadOrdersFile();
  const close = () => {
    setFile(null);
    setError(null);
    setOverrideCutoff(false);
    onClose();
  };
  const submit = () => {
    if (!file) {
      setError(t('upload.fileRequired'));
      return;
    }
    setError(null);
    upload.mutate(
      { file, overrideCutoff },
      {
        onSuccess: (created) => {
          close();
          void navigate(`/importedOrdersFiles/${created.id}`);
        },
        onError: (failure) => {
          const fieldErrors = failure instanceof ApiError ? failure.fieldErrors.file : undefined;
          setError(fieldErrors?.length ? fieldErrors.join(' ') : failure.message);
        },
      },
    );
  };
  const template = () => {
    downloadOrdersTemplate().catch((failure: unknown) => notify({ type: 'error', message: failure instanceof Error ? failure.message : String(failure) }));
  };
  return (
    <FormModal show={show} title={t('upload.title')} pending={upload.isPending} onSubmit={submit} onClose={close}>
      <Form.Group className="mb-3" controlId={fileId}>
        <Form.Label>{t('upload.file')}</Form.Label>
        <Form.Control
          type="file"
          accept=".xlsx,.csv"
          isInvalid={error !== null}
          onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        <Form.Text>{t('upload.types')}</Form.Text>
      </Form.Group>
      <Form.Check
        className="mb-3"
        id={overrideId}
        type="checkbox"
        label={t('upload.overrideCutoff')}
        checked={overrideCutoff}
        onChange={(event) => setOverrideCutoff(event.target.checked)}
      />
      <Alert variant="light" className="small mb-0">
        {t('upload.hint')}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={template}>
          {t('upload.template')}
        </Button>
      </Alert>
    </FormModal>
  );
}
