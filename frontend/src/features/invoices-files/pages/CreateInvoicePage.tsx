import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import {
  INVOICE_FILE_ACCEPT,
  useCreateInvoice,
  useCustomerOptions,
  useInvoiceMaxFileSize,
  useUploadInvoice,
  type InvoiceCreated,
} from '../api/invoices-files';

const MODES = ['institution', 'user', 'transaction', 'uploaded'] as const;
type Mode = (typeof MODES)[number];

/** The month before this one, as YYYY-MM: the month usually invoiced. */
function lastMonth(): string {
  const today = new Date();
  const previous = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${previous.getFullYear()}-${String(previous.getMonth() + 1).padStart(2, '0')}`;
}

function Field({ label, error, children }: { label: string; error?: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={id} style={{ maxWidth: '32rem' }}>
      <Form.Label>{label}</Form.Label>
      {children(id)}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}

/** `invoicesFiles/create` (the office): an institution's month, a user's month, a deposit, or an uploaded file. */
export function CreateInvoicePage() {
  const { t } = useTranslation(['invoicesFiles', 'routes']);
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('institution');
  const [institutionId, setInstitutionId] = useState('');
  const [userId, setUserId] = useState('');
  const [month, setMonth] = useState(lastMonth());
  const [transactionId, setTransactionId] = useState('');
  const [number, setNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const institutions = useInstitutionOptions(true);
  const customers = useCustomerOptions();
  const maxFileSize = useInvoiceMaxFileSize(mode === 'uploaded');
  const create = useCreateInvoice();
  const upload = useUploadInvoice();
  const pending = create.isPending || upload.isPending;

  const done = (result: InvoiceCreated) => {
    notify({ type: 'success', message: result.created ? t('created') : t('existing') });
    void navigate('/invoicesFiles');
  };

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (mode === 'institution' && !institutionId) found.institutionId = t('validation.institution');
    if (mode === 'user' && !userId) found.userId = t('validation.user');
    if (mode !== 'transaction' && !/^\d{4}-\d{2}$/.test(month)) found.month = t('validation.month');
    if (mode === 'transaction' && !/^\d+$/.test(transactionId)) found.transactionId = t('validation.transaction');
    if (mode === 'uploaded') {
      if (!number.trim()) found.number = t('validation.number');
      if (!file) found.file = t('validation.file');
      else if (maxFileSize.data && file.size > maxFileSize.data) {
        found.file = t('validation.fileSize', { megabytes: Math.floor(maxFileSize.data / (1024 * 1024)) });
      }
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      if (mode === 'institution') done(await create.mutateAsync({ kind: 'institution', institutionId: Number(institutionId), month }));
      else if (mode === 'user') done(await create.mutateAsync({ kind: 'user', userId: Number(userId), month }));
      else if (mode === 'transaction') done(await create.mutateAsync({ kind: 'transaction', transactionId: Number(transactionId) }));
      else if (file) {
        done(
          await upload.mutateAsync({
            file,
            number: number.trim(),
            month,
            institutionId: institutionId ? Number(institutionId) : null,
            userId: userId ? Number(userId) : null,
          }),
        );
      }
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, texts]) => [key, texts.join(' ')]));
        setErrors(fields);
        setMessage(Object.keys(fields).length ? null : error.message);
      } else {
        setMessage(String(error));
      }
    }
  };

  const institutionSelect = (optional: boolean) => (
    <Field label={t('fields.institution')} error={errors.institutionId}>
      {() => (
        <Form.Select value={institutionId} onChange={(event) => setInstitutionId(event.target.value)} isInvalid={!!errors.institutionId} required={!optional}>
          <option value="">{optional ? t('none') : t('choose')}</option>
          {(institutions.data ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </Form.Select>
      )}
    </Field>
  );
  const userSelect = (optional: boolean) => (
    <Field label={t('fields.user')} error={errors.userId}>
      {() => (
        <Form.Select value={userId} onChange={(event) => setUserId(event.target.value)} isInvalid={!!errors.userId} required={!optional}>
          <option value="">{optional ? t('none') : t('choose')}</option>
          {(customers.data ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </Form.Select>
      )}
    </Field>
  );
  const monthInput = (
    <Field label={t('fields.month')} error={errors.month}>
      {() => <Form.Control type="month" value={month} onChange={(event) => setMonth(event.target.value)} isInvalid={!!errors.month} required />}
    </Field>
  );

  return (
    <section>
      <PageHeader title={t('createTitle')} />
      <Form noValidate aria-label={t('createTitle')} onSubmit={(event) => void submit(event)}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('fields.mode')}</legend>
          {MODES.map((candidate) => (
            <Form.Check
              key={candidate}
              type="radio"
              id={`invoice-mode-${candidate}`}
              name="mode"
              label={t(`modes.${candidate}`)}
              checked={mode === candidate}
              onChange={() => {
                setMode(candidate);
                setErrors({});
                setMessage(null);
              }}
            />
          ))}
        </fieldset>
        {mode === 'institution' && (
          <>
            {institutionSelect(false)}
            {monthInput}
            <p className="text-body-secondary small">{t('help.institution')}</p>
          </>
        )}
        {mode === 'user' && (
          <>
            {userSelect(false)}
            {monthInput}
            <p className="text-body-secondary small">{t('help.user')}</p>
          </>
        )}
        {mode === 'transaction' && (
          <Field label={t('fields.transactionId')} error={errors.transactionId}>
            {() => (
              <Form.Control inputMode="numeric" value={transactionId} onChange={(event) => setTransactionId(event.target.value.trim())} isInvalid={!!errors.transactionId} required />
            )}
          </Field>
        )}
        {mode === 'uploaded' && (
          <>
            <Field label={t('fields.file')} error={errors.file}>
              {() => (
                <Form.Control
                  type="file"
                  accept={INVOICE_FILE_ACCEPT}
                  isInvalid={!!errors.file}
                  onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
                  required
                />
              )}
            </Field>
            <Field label={t('fields.number')} error={errors.number}>
              {() => <Form.Control value={number} maxLength={80} onChange={(event) => setNumber(event.target.value)} isInvalid={!!errors.number} required />}
            </Field>
            {monthInput}
            {institutionSelect(true)}
            {userSelect(true)}
            <p className="text-body-secondary small">
              {t('help.upload', { megabytes: maxFileSize.data ? Math.floor(maxFileSize.data / (1024 * 1024)) : '…' })}
            </p>
          </>
        )}
        {message && (
          <Alert variant="danger" role="alert">
            {message}
          </Alert>
        )}
        <div className="d-flex gap-2">
          <Button type="submit" disabled={pending}>
            {mode === 'uploaded' ? t('upload') : t('createSubmit')}
          </Button>
          <Link className="btn btn-outline-secondary" to="/invoicesFiles">
            {t('back')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
