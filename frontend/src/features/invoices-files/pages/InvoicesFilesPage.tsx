import { useId } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-context';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { Amount } from '@/components/transactions';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { formatDate, formatMonth } from '@/lib/format';
import { useSession } from '@/lib/session/session-context';
import {
  INVOICE_KINDS,
  downloadInvoices,
  downloadKsefUpo,
  downloadKsefXml,
  openInvoice,
  useCustomerOptions,
  useDeleteInvoice,
  useInvoicesFiles,
  useMarkInvoicePaid,
  useSendToKsef,
  type InvoiceFile,
} from '../api/invoices-files';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const KSEF_BADGES: Record<InvoiceFile['ksefState'], string> = {
  not_sent: 'secondary',
  sending: 'info',
  accepted: 'success',
  rejected: 'danger',
  failed: 'danger',
};

function KsefCell({ row, t }: { row: InvoiceFile; t: TFunction<'invoicesFiles'> }) {
  if (!row.ksefApplicable) return <span className="text-muted">—</span>;
  return (
    <span className="d-inline-flex flex-column gap-1">
      <Badge bg={KSEF_BADGES[row.ksefState]} title={row.ksefError || undefined}>
        {t(`ksef.states.${row.ksefState}`)}
      </Badge>
      {row.ksefNumber && <small className="text-nowrap">{row.ksefNumber}</small>}
    </span>
  );
}

function columns(t: TFunction<'invoicesFiles'>, office: boolean): Column<InvoiceFile>[] {
  const all: (Column<InvoiceFile> | false)[] = [
    { key: 'number', header: t('fields.number'), cell: (row) => <span className="text-nowrap">{row.number}</span> },
    { key: 'issueDate', header: t('fields.issueDate'), cell: (row) => formatDate(row.issueDate) },
    { key: 'month', header: t('fields.month'), cell: (row) => formatMonth(row.month) },
    office && { key: 'kind', header: t('fields.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    office && {
      key: 'for',
      header: t('fields.for'),
      cell: (row) => row.institution?.name ?? row.user?.name ?? '—',
    },
    { key: 'buyer', header: t('fields.buyer'), cell: (row) => row.buyer?.name ?? '—' },
    { key: 'gross', header: t('fields.gross'), cell: (row) => <Amount value={row.gross} /> },
    {
      key: 'paid',
      header: t('fields.paid'),
      cell: (row) => (row.paid ? <Badge bg="success">{t('paid')}</Badge> : <Badge bg="warning" text="dark">{t('unpaid')}</Badge>),
    },
    office && { key: 'ksef', header: t('fields.ksef'), cell: (row) => <KsefCell row={row} t={t} /> },
  ];
  return all.filter((column): column is Column<InvoiceFile> => column !== false);
}

function MonthFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Form.Group controlId={id} style={{ minWidth: 160 }}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control type="month" value={value} onChange={(event) => onChange(event.target.value)} />
    </Form.Group>
  );
}

/**
 * `/invoicesFiles`: the office (invoices.manage) sees, makes, marks paid and deletes every invoice; institutions
 * admins read their institutions' invoices; parents and workers their own. Everyone downloads one or the selected
 * ones as `faktury.zip`.
 */
export function InvoicesFilesPage() {
  const { t } = useTranslation(['invoicesFiles', 'routes']);
  const { user } = useSession();
  const office = user?.abilities.includes('invoices.manage') ?? false;
  const staff = office || (user?.roles.includes('ROLE_INSTITUTIONS_ADMIN') ?? false);
  const table = useTableState({ filters: ['month', 'kind', 'paid', 'institutionId', 'userId'] });
  const list = useInvoicesFiles(table.params);
  const institutions = useInstitutionOptions(true);
  const customers = useCustomerOptions(office);
  const markPaid = useMarkInvoicePaid();
  const remove = useDeleteInvoice();
  const sendToKsef = useSendToKsef();
  const confirm = useConfirm();
  const title = t('routes:areas.invoicesFiles');

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify({ type: 'success', message: done });
    } catch (error) {
      notify({ type: 'error', message: errorText(error) });
    }
  };
  const askDelete = async (row: InvoiceFile) => {
    const ok = await confirm({
      title: t('deleteTitle', { number: row.number }),
      body: t('deleteBody'),
      variant: 'danger',
      confirmLabel: t('delete'),
    });
    if (ok) await run(() => remove.mutateAsync(row.id), t('deleted'));
  };

  const askSendToKsef = async (row: InvoiceFile) => {
    const ok = await confirm({
      title: t('ksef.sendTitle', { number: row.number }),
      body: t('ksef.sendBody'),
      confirmLabel: t('ksef.send'),
    });
    if (ok) await run(() => sendToKsef.mutateAsync(row.id), t('ksef.queued'));
  };

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          office ? (
            <Link className="btn btn-primary" to="/invoicesFiles/create">
              {t('create')}
            </Link>
          ) : undefined
        }
      />
      <DataTable
        label={title}
        columns={columns(t, staff)}
        query={list}
        state={table}
        searchable={false}
        filters={
          <>
            <MonthFilter label={t('fields.month')} value={table.filters.month ?? ''} onChange={(value) => table.setFilter('month', value)} />
            {office && (
              <FilterSelect
                label={t('fields.kind')}
                value={table.filters.kind ?? ''}
                options={INVOICE_KINDS.map((kind) => ({ value: kind, text: t(`kinds.${kind}`) }))}
                onChange={(value) => table.setFilter('kind', value)}
              />
            )}
            <FilterSelect
              label={t('fields.paid')}
              value={table.filters.paid ?? ''}
              options={[
                { value: 'true', text: t('paid') },
                { value: 'false', text: t('unpaid') },
              ]}
              onChange={(value) => table.setFilter('paid', value)}
            />
            {staff && (
              <FilterSelect
                label={t('fields.institution')}
                value={table.filters.institutionId ?? ''}
                options={(institutions.data ?? []).map((option) => ({ value: option.value, text: option.text }))}
                onChange={(value) => table.setFilter('institutionId', value)}
              />
            )}
            {office && (
              <FilterSelect
                label={t('fields.customer')}
                value={table.filters.userId ?? ''}
                options={customers.data ?? []}
                onChange={(value) => table.setFilter('userId', value)}
              />
            )}
          </>
        }
        rowActions={(row) => (
          <span className="d-inline-flex gap-1">
            <Button size="sm" variant="outline-primary" onClick={() => void openInvoice(row).catch((error: unknown) => notify({ type: 'error', message: errorText(error) }))} aria-label={t('downloadOne', { number: row.number })}>
              {t('download')}
            </Button>
            {row.ksefApplicable && (
              <Button size="sm" variant="outline-secondary" onClick={() => void downloadKsefXml(row).catch((error: unknown) => notify({ type: 'error', message: errorText(error) }))} aria-label={t('ksef.xmlOne', { number: row.number })}>
                {t('ksef.xml')}
              </Button>
            )}
            {row.ksefUpoAvailable && (
              <Button size="sm" variant="outline-secondary" onClick={() => void downloadKsefUpo(row).catch((error: unknown) => notify({ type: 'error', message: errorText(error) }))} aria-label={t('ksef.upoOne', { number: row.number })}>
                {t('ksef.upo')}
              </Button>
            )}
            {office && row.ksefState === 'accepted' && !row.ksefUpoAvailable && (
              // KSeF had not made the UPO while the job asked: asking again sends nothing.
              <Button size="sm" variant="outline-secondary" disabled={sendToKsef.isPending} onClick={() => void run(() => sendToKsef.mutateAsync(row.id), t('ksef.upoAsked'))} aria-label={t('ksef.askUpoOne', { number: row.number })}>
                {t('ksef.askUpo')}
              </Button>
            )}
            {office && row.ksefApplicable && row.ksefState !== 'sending' && row.ksefState !== 'accepted' && (
              <Button size="sm" variant="outline-primary" disabled={sendToKsef.isPending} onClick={() => void askSendToKsef(row)} aria-label={t('ksef.sendOne', { number: row.number })}>
                {t('ksef.send')}
              </Button>
            )}
            {office && !row.paid && (
              <Button size="sm" variant="outline-success" disabled={markPaid.isPending} onClick={() => void run(() => markPaid.mutateAsync(row.id), t('markedPaid'))} aria-label={t('markPaidOne', { number: row.number })}>
                {t('markPaid')}
              </Button>
            )}
            {office && (
              <Button size="sm" variant="outline-danger" onClick={() => void askDelete(row)} aria-label={t('deleteOne', { number: row.number })}>
                {t('delete')}
              </Button>
            )}
          </span>
        )}
        bulkActions={(selected, clear) => (
          <Button
            size="sm"
            onClick={() =>
              void downloadInvoices(selected.map((row) => row.id)).then(clear, (error: unknown) => notify({ type: 'error', message: errorText(error) }))
            }
          >
            {t('downloadSelected')}
          </Button>
        )}
      />
    </section>
  );
}
