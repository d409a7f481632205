import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { useConfirm } from '@/components/confirm-context';
import type { SelectOption } from '@/components/multi-select-label';
import {
  markAsScanned,
  servePresence,
  TERMINAL_KEY,
  TerminalUnreachable,
  useSubjectsSearch,
  type CommandAnswer,
  type ScanStatus,
  type ServingQuery,
  type SubjectWithItems,
} from '../api/terminal';
import type { ScanOutcome } from '../hooks/use-serving-device';
import { makeId } from '../model/device-storage';
import { AllergyAlert } from './ScanResultPanel';
import { formatTime } from './format-time';

const SEARCH_DELAY_MS = 300;

interface LookupPanelProps {
  serving: ServingQuery;
  mealTypes: SelectOption[];
  /** The tenant lets the terminal create a missing order on the spot (ordersConfig.terminalOrdersEnabled). */
  presencesAllowed: boolean;
  onOutcome: (outcome: ScanOutcome) => void;
}

function SubjectCard({ entry, serving, mealTypes, presencesAllowed, onOutcome }: { entry: SubjectWithItems } & LookupPanelProps) {
  const { t, i18n } = useTranslation('terminal');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(false);
  const { subject, items } = entry;
  const name = `${subject.firstName} ${subject.lastName}`;
  const covered = new Set(items.map((item) => item.mealType.id));
  const missing = serving.mealTypesIds.filter((id) => !covered.has(id));

  const run = async (call: () => Promise<CommandAnswer<ScanStatus>>) => {
    setBusy(true);
    setOffline(false);
    try {
      const answer = await call();
      onOutcome(
        answer.ok
          ? { source: 'server', ok: true, message: answer.data.scan.message, scan: answer.data.scan }
          : { source: 'server', ok: false, message: answer.message, scan: answer.scan },
      );
      void queryClient.invalidateQueries({ queryKey: TERMINAL_KEY });
    } catch (error) {
      if (error instanceof TerminalUnreachable) setOffline(true);
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  const serveWithoutOrder = async () => {
    const names = missing.map((id) => mealTypes.find((option) => Number(option.value) === id)?.text ?? String(id)).join(', ');
    const confirmed = await confirm({
      title: t('lookup.confirmPresenceTitle'),
      body: t('lookup.confirmPresence', { mealTypes: names, name }),
      confirmLabel: t('lookup.serveWithoutOrder'),
    });
    if (!confirmed) return;
    await run(() => servePresence(subject.type, subject.id, { date: serving.date, mealTypesIds: missing, clientScanId: makeId() }));
  };

  return (
    <ListGroup.Item as="li" aria-label={name}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <span className="fs-5 fw-bold">{name}</span>
        <span>
          {subject.institution.name}
          {subject.classroom ? ` · ${subject.classroom.name}` : ''}
        </span>
        <span className="text-body-secondary">{subject.cardNumber ? t('lookup.card', { card: subject.cardNumber }) : t('lookup.noCard')}</span>
        {!subject.isActive && <Badge bg="secondary">{t('lookup.inactive')}</Badge>}
      </div>
      <AllergyAlert subject={subject} />
      {items.length === 0 && <p className="text-body-secondary mb-1">{t('lookup.noItems')}</p>}
      <ul className="list-unstyled mb-1">
        {items.map((item) => (
          <li key={item.id} className="d-flex flex-wrap align-items-center gap-2 py-1">
            <span className="fw-semibold">{item.mealType.name}</span>
            <span>
              {item.diet.name} · {item.portionSize.name}
              {item.dish ? ` · ${item.dish}` : ''}
            </span>
            {item.clash && item.status === 'active' && (
              <Badge bg="warning" text="dark">
                ⚠ {t('result.check', { list: item.clash.allergens.join(', ') })}
              </Badge>
            )}
            {item.status === 'served' ? (
              <Badge bg="success">{t('result.servedAt', { time: formatTime(item.servedAt, i18n.language) })}</Badge>
            ) : (
              <Button
                variant="success"
                disabled={busy || !subject.isActive}
                aria-label={`${t('lookup.markAsServed')}: ${item.mealType.name}, ${name}`}
                onClick={() => void run(() => markAsScanned(item.id, { clientScanId: makeId() }))}
              >
                {t('lookup.markAsServed')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {presencesAllowed && missing.length > 0 && subject.isActive && (
        <Button variant="outline-primary" disabled={busy} aria-label={`${t('lookup.serveWithoutOrder')}: ${name}`} onClick={() => void serveWithoutOrder()}>
          {t('lookup.serveWithoutOrder')}
        </Button>
      )}
      {offline && (
        <Alert variant="warning" className="mt-2 mb-0">
          {t('lookup.offline')}
        </Alert>
      )}
    </ListGroup.Item>
  );
}

/** Serving without a card: find a person by name or card number, mark a day's item served, or serve without order. */
export function LookupPanel(props: LookupPanelProps) {
  const { t } = useTranslation('terminal');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const results = useSubjectsSearch(search, props.serving);

  return (
    <Card body>
      <Form.Group controlId="terminal-lookup" className="mb-3">
        <Form.Label>{t('lookup.search')}</Form.Label>
        <Form.Control type="search" value={text} autoComplete="off" onChange={(event) => setText(event.target.value)} />
        <Form.Text>{t('lookup.hint')}</Form.Text>
      </Form.Group>
      {search.length >= 2 &&
        (results.isPending ? (
          <LoadingSpinner />
        ) : results.isError && !results.data ? (
          <QueryError error={results.error} onRetry={results.refetch} />
        ) : results.data.items.length === 0 ? (
          <EmptyState filtered />
        ) : (
          <Card as="section" aria-label={t('lookup.results')} className="border-0">
            <ListGroup as="ul">
              {results.data.items.map((entry) => (
                <SubjectCard key={`${entry.subject.type}-${entry.subject.id}`} entry={entry} {...props} />
              ))}
            </ListGroup>
          </Card>
        ))}
    </Card>
  );
}
