import { useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UploadFileModal } from '@/components/UploadFileModal';
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
  const overrideId = useId();
  const [overrideCutoff, setOverrideCutoff] = useState(false);
  const upload = useUploadOrdersFile();
  const template = () => {
    downloadOrdersTemplate().catch((failure: unknown) => notify({ type: 'error', message: failure instanceof Error ? failure.message : String(failure) }));
  };
  return (
    <UploadFileModal
      show={show}
      title={t('upload.title')}
      fileLabel={t('upload.file')}
      accept=".xlsx,.csv"
      fileHelp={t('upload.types')}
      hint={
        <>
          {t('upload.hint')}{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={template}>
            {t('upload.template')}
          </Button>
        </>
      }
      pending={upload.isPending}
      upload={(file) => upload.mutateAsync({ file, overrideCutoff })}
      onUploaded={(created) => void navigate(`/importedOrdersFiles/${created.id}`)}
      onClose={() => {
        setOverrideCutoff(false);
        onClose();
      }}
    >
      <Form.Check
        className="mb-3"
        id={overrideId}
        type="checkbox"
        label={t('upload.overrideCutoff')}
        checked={overrideCutoff}
        onChange={(event) => setOverrideCutoff(event.target.checked)}
      />
    </UploadFileModal>
  );
}
