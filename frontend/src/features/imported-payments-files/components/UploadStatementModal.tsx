import { useId, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { FormModal } from '@/components/FormModal';
import { STATEMENT_FORMATS, useCsvProfiles, useUploadStatement, type StatementFormat } from '../api/imported-payments-files';

interface UploadStatementModalProps {
  show: boolean;
  onClose: () => void;
}

/** Upload a bank statement: the file, its format (detected unless chosen) and, for CSV, the bank's column profile. */
export function UploadStatementModal({ show, onClose }: UploadStatementModalProps) {
  const { t } = useTranslation('importedPaymentsFiles');
  const navigate = useNavigate();
  const fileId = useId();
  const formatId = useId();
  const profileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileFormat, setFileFormat] = useState<StatementFormat>('auto');
  const [csvProfile, setCsvProfile] = useState('generic');
  const [error, setError] = useState<string | null>(null);
  const profiles = useCsvProfiles(show);
  const upload = useUploadStatement();
  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!file) {
      setError(t('upload.fileRequired'));
      return;
    }
    setError(null);
    upload.mutate(
      { file, fileFormat, csvProfile },
      {
        onSuccess: (created) => {
          close();
          void navigate(`/importedPaymentsFiles/${created.id}`);
        },
        onError: (failure) => {
          const fieldError = failure instanceof ApiError ? (failure.fieldErrors.file?.[0] ?? failure.fieldErrors.fileFormat?.[0]) : undefined;
          setError(fieldError ?? failure.message);
        },
      },
    );
  };
  return (
    <FormModal show={show} title={t('upload.title')} pending={upload.isPending} onSubmit={submit} onClose={close}>
      <Form.Group className="mb-3" controlId={fileId}>
        <Form.Label>{t('upload.file')}</Form.Label>
        <Form.Control
          type="file"
          accept=".sta,.mt940,.txt,.xml,.csv"
          isInvalid={error !== null}
          onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={formatId}>
        <Form.Label>{t('upload.format')}</Form.Label>
        <Form.Select value={fileFormat} onChange={(event) => setFileFormat(event.target.value as StatementFormat)}>
          {STATEMENT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`formats.${format}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {(fileFormat === 'csv' || fileFormat === 'auto') && (
        <Form.Group className="mb-3" controlId={profileId}>
          <Form.Label>{t('upload.csvProfile')}</Form.Label>
          <Form.Select value={csvProfile} onChange={(event) => setCsvProfile(event.target.value)}>
            {(profiles.data ?? [{ name: 'generic', label: t('upload.genericProfile') }]).map((profile) => (
              <option key={profile.name} value={profile.name}>
                {profile.label}
              </option>
            ))}
          </Form.Select>
          <Form.Text>{t('upload.csvHint')}</Form.Text>
        </Form.Group>
      )}
      <Alert variant="light" className="small mb-0">
        {t('upload.hint')}
      </Alert>
    </FormModal>
  );
}
