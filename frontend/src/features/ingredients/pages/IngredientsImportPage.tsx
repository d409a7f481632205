import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, ProgressBar } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { ImportReport } from '@/components/import/ImportReport';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { ImportRejected, type ImportRowError } from '@/lib/files';
import { downloadTemplate, useImportIngredients, type IngredientImportResult } from '../api/import-ingredients';
import { useUploadLimit } from '../api/upload-limit';

const MEGABYTE = 1024 * 1024;

/** `/inventory/ingredients/import`: template, upload with progress, and the row-by-row report of a refused file. */
export function IngredientsImportPage() {
  const { t } = useTranslation(['ingredients', 'common']);
  const fileId = useId();
  const limit = useUploadLimit();
  const upload = useImportIngredients();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<IngredientImportResult | null>(null);
  const [rejected, setRejected] = useState<{ fileErrors: string[]; rows: ImportRowError[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setResult(null);
    setRejected(null);
    setFailure(null);
    setProgress(0);
    setFile(chosen);
    if (chosen && limit.data !== undefined && chosen.size > limit.data) {
      setFileError(t('import.tooLarge', { megabytes: Math.floor(limit.data / MEGABYTE) }));
    } else if (chosen && !chosen.name.toLowerCase().endsWith('.xlsx')) {
      setFileError(t('import.wrongType'));
    } else {
      setFileError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('import.chooseFile'));
      return;
    }
    if (fileError) return;
    setResult(null);
    setRejected(null);
    setFailure(null);
    try {
      const imported = await upload.mutateAsync({ file, onProgress: setProgress });
      setResult(imported);
      notify({ type: 'success', message: t('import.done', { created: imported.created, updated: imported.updated }) });
    } catch (error) {
      if (error instanceof ImportRejected) setRejected({ fileErrors: error.fileErrors, rows: error.rows });
      else setFailure(error instanceof Error ? error.message : t('import.failed'));
    }
  };

  const downloadFailed = () => notify({ type: 'error', message: t('import.templateFailed') });

  return (
    <section>
      <PageHeader
        title={t('import.title')}
        actions={
          <Link to="/inventory/ingredients" className="btn btn-outline-secondary">
            {t('import.back')}
          </Link>
        }
      />
      <Card className="mb-3">
        <Card.Body>
          <p>{t('import.intro')}</p>
          <ul className="mb-3">
            <li>{t('import.columnA')}</li>
            <li>{t('import.columnB')}</li>
            <li>{t('import.columnC')}</li>
          </ul>
          <p className="text-body-secondary">{t('import.allOrNothing')}</p>
          <Button variant="outline-primary" onClick={() => void downloadTemplate().catch(downloadFailed)}>
            {t('import.template')}
          </Button>
        </Card.Body>
      </Card>
      <Card>
        <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t('import.title')}>
          <Card.Body>
            <Form.Group controlId={fileId}>
              <Form.Label>{t('import.file')}</Form.Label>
              <Form.Control
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => choose((event.target as HTMLInputElement).files?.[0] ?? null)}
                isInvalid={!!fileError}
                aria-describedby={`${fileId}-help`}
              />
              <Form.Text id={`${fileId}-help`}>
                {limit.data !== undefined && t('import.limit', { megabytes: Math.floor(limit.data / MEGABYTE) })}
              </Form.Text>
              <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
            </Form.Group>
            {upload.isPending && (
              <ProgressBar className="mt-3" now={progress} label={`${progress}%`} aria-label={t('import.progress')} />
            )}
          </Card.Body>
          <Card.Footer className="d-flex justify-content-end">
            <FormActionButton type="submit" pending={upload.isPending}>
              {t('import.submit')}
            </FormActionButton>
          </Card.Footer>
        </Form>
      </Card>

      {result && (
        <Alert variant="success" className="mt-3">
          {t('import.done', { created: result.created, updated: result.updated })}
        </Alert>
      )}
      {failure && (
        <Alert variant="danger" className="mt-3">
          {failure}
        </Alert>
      )}
      {rejected && <ImportReport fileErrors={rejected.fileErrors} rows={rejected.rows} />}
    </section>
  );
}
