import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, ProgressBar } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { ImportRejected, type ImportRowError } from '@/lib/files';
import { ImportReport } from './ImportReport';
import { useUploadLimit } from './upload-limit';

const MEGABYTE = 1024 * 1024;

/** A spreadsheet upload: `mutateAsync` rejects with ImportRejected (lib/files) when the server refuses the file. */
export interface SpreadsheetUpload<TResult> {
  mutateAsync: (variables: { file: File; onProgress: (percent: number) => void }) => Promise<TResult>;
  isPending: boolean;
}

export interface SpreadsheetImportPageProps<TResult> {
  title: string;
  /** The list the import fills, linked from the header. */
  back: { to: string; label: string };
  /** The first paragraph, then one list item per column of the template. */
  intro: string;
  columns: readonly string[];
  downloadTemplate: () => Promise<void>;
  upload: SpreadsheetUpload<TResult>;
  /** The success message (toast and alert) for what the server imported. */
  done: (result: TResult) => string;
  /** Names shown after a column letter in the report, e.g. `{ A: 'First name' }`. */
  columnNames?: Partial<Record<string, string>>;
}

/**
 * An all-or-nothing XLSX import screen: the columns and the template, the file (checked against the upload
 * limit and the extension before sending), upload progress, and the row-by-row report of a refused file.
 */
export function SpreadsheetImportPage<TResult>({
  title,
  back,
  intro,
  columns,
  downloadTemplate,
  upload,
  done,
  columnNames,
}: SpreadsheetImportPageProps<TResult>) {
  const { t } = useTranslation('spreadsheetImport');
  const fileId = useId();
  const limit = useUploadLimit();
  const megabytes = limit.data !== undefined ? Math.floor(limit.data / MEGABYTE) : undefined;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<TResult | null>(null);
  const [rejected, setRejected] = useState<{ fileErrors: string[]; rows: ImportRowError[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const clearOutcome = () => {
    setResult(null);
    setRejected(null);
    setFailure(null);
  };

  const choose = (chosen: File | null) => {
    clearOutcome();
    setProgress(0);
    setFile(chosen);
    if (chosen && limit.data !== undefined && chosen.size > limit.data) setFileError(t('tooLarge', { megabytes }));
    else if (chosen && !chosen.name.toLowerCase().endsWith('.xlsx')) setFileError(t('wrongType'));
    else setFileError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('chooseFile'));
      return;
    }
    if (fileError) return;
    clearOutcome();
    try {
      const imported = await upload.mutateAsync({ file, onProgress: setProgress });
      setResult(imported);
      notify({ type: 'success', message: done(imported) });
    } catch (error) {
      if (error instanceof ImportRejected) setRejected({ fileErrors: error.fileErrors, rows: error.rows });
      else setFailure(error instanceof Error ? error.message : t('failed'));
    }
  };

  const downloadFailed = () => notify({ type: 'error', message: t('templateFailed') });

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to={back.to} className="btn btn-outline-secondary">
            {back.label}
          </Link>
        }
      />
      <Card className="mb-3">
        <Card.Body>
          <p>{intro}</p>
          <ul className="mb-3">
            {columns.map((column) => (
              <li key={column}>{column}</li>
            ))}
          </ul>
          <p className="text-body-secondary">{t('allOrNothing')}</p>
          <Button variant="outline-primary" onClick={() => void downloadTemplate().catch(downloadFailed)}>
            {t('template')}
          </Button>
        </Card.Body>
      </Card>
      <Card>
        <Form noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
          <Card.Body>
            <Form.Group controlId={fileId}>
              <Form.Label>{t('file')}</Form.Label>
              <Form.Control
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => choose((event.target as HTMLInputElement).files?.[0] ?? null)}
                isInvalid={!!fileError}
                aria-describedby={`${fileId}-help`}
              />
              <Form.Text id={`${fileId}-help`}>{megabytes !== undefined && t('limit', { megabytes })}</Form.Text>
              <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
            </Form.Group>
            {upload.isPending && <ProgressBar className="mt-3" now={progress} label={`${progress}%`} aria-label={t('progress')} />}
          </Card.Body>
          <Card.Footer className="d-flex justify-content-end">
            <FormActionButton type="submit" pending={upload.isPending}>
              {t('submit')}
            </FormActionButton>
          </Card.Footer>
        </Form>
      </Card>

      {result !== null && (
        <Alert variant="success" className="mt-3">
          {done(result)}
        </Alert>
      )}
      {failure && (
        <Alert variant="danger" className="mt-3">
          {failure}
        </Alert>
      )}
      {rejected && <ImportReport fileErrors={rejected.fileErrors} rows={rejected.rows} columnNames={columnNames} />}
    </section>
  );
}
