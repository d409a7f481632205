import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UploadFileModal } from '@/components/UploadFileModal';
import { STATEMENT_FORMATS, useCsvProfiles, useUploadStatement, type StatementFormat } from '../api/imported-payments-files';

interface UploadStatementModalProps {
  show: boolean;
  onClose: () => void;
}

/** Upload a bank statement: the file, its format (detected unless chosen) and, for CSV, the bank's column profile. */
export function UploadStatementModal({ show, onClose }: UploadStatementModalProps) {
  const { t } = useTranslation('importedPaymentsFiles');
  const navigate = useNavigate();
  const formatId = useId();
  const profileId = useId();
  const [fileFormat, setFileFormat] = useState<StatementFormat>('auto');
  const [csvProfile, setCsvProfile] = useState('generic');
  const profiles = useCsvProfiles(show);
  const upload = useUploadStatement();
  return (
    <UploadFileModal
      show={show}
      title={t('upload.title')}
      fileLabel={t('upload.file')}
      accept=".sta,.mt940,.txt,.xml,.csv"
      hint={t('upload.hint')}
      errorFields={['fileFormat']}
      pending={upload.isPending}
      upload={(file) => upload.mutateAsync({ file, fileFormat, csvProfile })}
      onUploaded={(created) => void navigate(`/importedPaymentsFiles/${created.id}`)}
      onClose={onClose}
    >
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
    </UploadFileModal>
  );
}
