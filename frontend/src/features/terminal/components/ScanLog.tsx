import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterDate, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { formatDateTime } from '@/lib/format';
import { scannedCardEntriesQuery, type ScannedCardEntry, type ScanResultKind } from '../api/terminal';
import type { FollowUp } from '../model/queue';

/** Results shown amber: nothing wrong yet, someone looks (served before, a clash to check). */
const WARNINGS = new Set<ScanResultKind>(['already_served', 'check']);

const RESULTS: readonly ScanResultKind[] = [
  'served',
  'already_served',
  'no_order',
  'unknown_card',
  'inactive',
  'duplicate',
  'check',
  'alternative_served',
  'not_served',
];

const TIME: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** This device's offline scans the server refused: served meals someone must look into. */
export function FollowUpList({ followUps, onDismiss }: { followUps: FollowUp[]; onDismiss: (clientScanId: string) => void }) {
  const { t, i18n } = useTranslation('terminal');
  if (followUps.length === 0) return null;
  return (
    <Card border="warning" className="mb-3" as="section" aria-label={t('log.followUpsTitle')}>
      <Card.Header className="bg-warning-subtle fw-semibold">{t('log.followUpsTitle')}</Card.Header>
      <Card.Body className="pb-0">
        <p className="small">{t('log.followUpsHint')}</p>
      </Card.Body>
      <ListGroup variant="flush" as="ul">
        {followUps.map((entry) => (
          <ListGroup.Item as="li" key={entry.clientScanId} className="d-flex flex-wrap align-items-center gap-2">
            <span className="fw-semibold">{entry.subjectName ?? entry.cardNumber}</span>
            <span className="text-body-secondary">{formatDateTime(entry.scannedAt, i18n.language, TIME)}</span>
            <span>{entry.message}</span>
            <Button size="sm" variant="outline-secondary" className="ms-auto" onClick={() => onDismiss(entry.clientScanId)}>
              {t('log.dismiss')}
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}

/** Every scan with its result (GET scannedCardEntries), newest first; rows needing follow-up stand out. */
export function ScanLog() {
  const { t, i18n } = useTranslation('terminal');
  const table = useTableState({ filters: ['date', 'institutionId', 'result'] });
  const entries = useQuery(scannedCardEntriesQuery(table.params));
  const institutions = useStaffOptions(OPTION_PATHS.institutions);

  const columns: Column<ScannedCardEntry>[] = [
    { key: 'scannedAt', header: t('log.scannedAt'), cell: (row) => formatDateTime(row.scannedAt ?? row.receivedAt, i18n.language, TIME), className: 'text-nowrap' },
    {
      key: 'person',
      header: t('log.person'),
      cell: (row) => (row.subject ? `${row.subject.firstName} ${row.subject.lastName}` : ''),
    },
    { key: 'institution', header: t('log.institution'), cell: (row) => row.institution?.name ?? '' },
    { key: 'card', header: t('log.card'), cell: (row) => row.cardNumber },
    { key: 'mealTypes', header: t('log.mealTypes'), cell: (row) => row.mealTypes.map((mealType) => mealType.name).join(', ') },
    {
      key: 'result',
      header: t('log.result'),
      cell: (row) => (
        <div className="d-flex flex-wrap gap-1">
          <Badge
            bg={row.result === 'served' || row.result === 'alternative_served' ? 'success' : WARNINGS.has(row.result) ? 'warning' : 'danger'}
            text={WARNINGS.has(row.result) ? 'dark' : undefined}
          >
            {t(`log.results.${row.result}`)}
          </Badge>
          {row.offline && <Badge bg="secondary">{t('log.offline')}</Badge>}
          {row.needsFollowUp && <Badge bg="warning" text="dark">{t('log.needsFollowUp')}</Badge>}
        </div>
      ),
    },
    { key: 'source', header: t('log.source'), cell: (row) => t(`log.sources.${row.source}`) },
    { key: 'servedBy', header: t('log.servedBy'), cell: (row) => row.servedBy?.name ?? '' },
    { key: 'message', header: t('log.message'), cell: (row) => row.message },
  ];

  return (
    <DataTable
      label={t('log.title')}
      columns={columns}
      query={entries}
      state={table}
      searchable={false}
      rowClassName={(row) => (row.needsFollowUp ? 'table-warning' : undefined)}
      filters={
        <>
          <FilterDate label={t('log.date')} value={table.filters.date ?? ''} onChange={(value) => table.setFilter('date', value)} />
          <FilterSelect label={t('log.institution')} value={table.filters.institutionId ?? ''} options={institutions.data ?? []} onChange={(value) => table.setFilter('institutionId', value)} />
          <FilterSelect
            label={t('log.result')}
            value={table.filters.result ?? ''}
            options={RESULTS.map((result) => ({ value: result, text: t(`log.results.${result}`) }))}
            onChange={(value) => table.setFilter('result', value)}
          />
        </>
      }
    />
  );
}
