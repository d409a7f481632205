import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Clash, ClashDecision, ServingItem, Subject } from '../api/terminal';
import type { ScanOutcome } from '../hooks/use-serving-device';
import { clashOf, type LocalItem } from '../model/roster';
import { formatTime } from './format-time';

/** What the result panel shows: nothing yet, a scan on its way, its outcome, or a notice. */
export type ResultDisplay =
  | { kind: 'pending'; card: string }
  | { kind: 'outcome'; card: string; outcome: ScanOutcome }
  | { kind: 'notice'; message: string };

type Tone = 'success' | 'warning' | 'danger';

interface ResultView {
  tone: Tone;
  /**
   * Hand it out, do not (a refusal, already served included), look into it (offline, unchecked), or a dish
   * with the subject's allergen: the cook chooses an alternative meal or not to serve.
   */
  verdict: 'serve' | 'refuse' | 'check' | 'clash';
  clash: Clash | null;
  message: string;
  subject: Subject | null;
  items: LocalItem[];
  servedNow: readonly number[];
  offline: boolean;
  /** Decided on the device and queued: still waiting to be sent, or sent since. */
  queued: 'waiting' | 'sent' | null;
}

const TONE_CLASSES: Record<Tone, string> = {
  success: 'bg-success text-white border-success',
  warning: 'bg-warning-subtle text-warning-emphasis border-warning',
  danger: 'bg-danger text-white border-danger',
};

function useResultView(outcome: ScanOutcome, waitingIds: ReadonlySet<string>): ResultView {
  const { t, i18n } = useTranslation('terminal');
  if (outcome.source === 'server') {
    const scan = outcome.scan;
    const result = scan?.result;
    if (outcome.ok && result === 'check') {
      const clash = clashOf(scan?.items ?? []);
      return {
        tone: 'warning',
        verdict: 'clash',
        clash,
        message: t('result.checkDishes', { list: clash?.dishes.join(', ') ?? '' }),
        subject: scan?.subject ?? null,
        items: scan?.items ?? [],
        servedNow: [],
        offline: false,
        queued: null,
      };
    }
    const tone: Tone =
      outcome.ok && (!result || result === 'served' || result === 'alternative_served')
        ? 'success'
        : result === 'already_served' || result === 'duplicate'
          ? 'warning'
          : 'danger';
    return {
      tone,
      verdict: tone === 'success' ? 'serve' : 'refuse',
      clash: null,
      message: outcome.message,
      subject: scan?.subject ?? null,
      items: scan?.items ?? [],
      servedNow: scan?.servedNow ?? [],
      offline: false,
      queued: null,
    };
  }
  const { decision } = outcome;
  const queued = !outcome.queued ? null : waitingIds.has(outcome.clientScanId) ? 'waiting' : 'sent';
  const time = formatTime(decision.servedAt, i18n.language);
  const key =
    decision.result === 'already_served' && decision.servedLocally ? 'already_served_locally' : decision.result;
  const served = decision.result === 'served' || decision.result === 'alternative_served';
  const warned = decision.result === 'already_served' || decision.result === 'unverified' || decision.result === 'check';
  const tone: Tone = served ? 'success' : warned ? 'warning' : 'danger';
  const clash = decision.result === 'check' ? clashOf(decision.items) : null;
  return {
    tone,
    verdict: served ? 'serve' : decision.result === 'check' ? 'clash' : decision.result === 'unverified' ? 'check' : 'refuse',
    clash,
    message: t(`result.local.${key}`, { time, list: clash?.dishes.join(', ') ?? '' }),
    subject: decision.subject,
    items: decision.items,
    servedNow: decision.servedNow,
    offline: true,
    queued,
  };
}

function ItemStatus({ item, servedNow }: { item: ServingItem; servedNow: readonly number[] }) {
  const { t, i18n } = useTranslation('terminal');
  if (servedNow.includes(item.id)) return <Badge bg="success">{t('result.servedNow')}</Badge>;
  if (item.status === 'served') return <Badge bg="warning" text="dark">{t('result.servedAt', { time: formatTime(item.servedAt, i18n.language) })}</Badge>;
  return <Badge bg="secondary">{t('result.active')}</Badge>;
}

/** The allergens and allergy note, in red, announced at once. */
export function AllergyAlert({ subject, large = false }: { subject: Pick<Subject, 'allergens' | 'allergiesNote'>; large?: boolean }) {
  const { t } = useTranslation('terminal');
  if (subject.allergens.length === 0 && !subject.allergiesNote) return null;
  return (
    <div role="alert" aria-label={t('result.allergies')} className={`border border-3 border-danger rounded bg-danger-subtle text-danger fw-bold px-3 py-2 my-2 ${large ? 'fs-3' : ''}`}>
      {subject.allergens.length > 0 && <div>⚠ {t('result.allergens', { list: subject.allergens.map((allergen) => allergen.name).join(', ') })}</div>}
      {subject.allergiesNote && <div>{t('result.allergiesNote', { note: subject.allergiesNote })}</div>}
    </div>
  );
}

function OutcomeView({ outcome, waitingIds, onDecide }: { outcome: ScanOutcome; waitingIds: ReadonlySet<string>; onDecide?: (decision: ClashDecision) => void }) {
  const { t } = useTranslation('terminal');
  const view = useResultView(outcome, waitingIds);
  const { subject } = view;
  const headline =
    view.verdict === 'clash'
      ? t('result.check', { list: view.clash?.allergens.join(', ') ?? '' })
      : view.verdict === 'serve'
        ? t('result.served')
        : view.verdict === 'check'
          ? t('result.warning')
          : t('result.refused');
  return (
    <>
      <div className={`rounded border border-3 px-3 py-2 mb-2 ${TONE_CLASSES[view.tone]}`}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="fs-2 fw-bold text-uppercase">{headline}</span>
          {view.offline && <Badge bg="dark">{t('result.offlineBadge')}</Badge>}
        </div>
        <p className="fs-4 mb-0">{view.message}</p>
        {view.queued && <p className="mb-0">{t(view.queued === 'waiting' ? 'result.queued' : 'result.sent')}</p>}
        {view.verdict === 'clash' && onDecide && (
          <div role="group" aria-label={t('result.decision')} className="d-flex flex-wrap gap-2 mt-2">
            <Button size="lg" variant="success" onClick={() => onDecide('alternative_served')}>
              {t('result.alternativeServed')}
            </Button>
            <Button size="lg" variant="danger" onClick={() => onDecide('not_served')}>
              {t('result.doNotServe')}
            </Button>
          </div>
        )}
      </div>
      {subject && (
        <>
          <p className="display-6 fw-bold mb-0">
            {subject.firstName} {subject.lastName}
          </p>
          <p className="fs-4 mb-1">
            <span className="visually-hidden">{t('result.institution')}: </span>
            {subject.institution.name}
            {subject.classroom && (
              <>
                {' · '}
                <span className="visually-hidden">{t('result.classroom')}: </span>
                {subject.classroom.name}
              </>
            )}
          </p>
          <AllergyAlert subject={subject} large />
        </>
      )}
      {view.items.length > 0 && (
        <div className="table-responsive">
          <Table bordered className="fs-4 mb-0" aria-label={t('result.handOut')}>
            <tbody>
              {view.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.mealType.name}</th>
                  <td>{item.diet.name}</td>
                  <td>{item.portionSize.name}</td>
                  <td>
                    {item.dish ?? <span className="text-body-secondary fs-6">{t('result.noDish')}</span>}
                    {item.clash && item.status === 'active' && (
                      <Badge bg="warning" text="dark" className="ms-2">
                        ⚠ {t('result.itemClash', { list: item.clash.allergens.join(', ') })}
                      </Badge>
                    )}
                  </td>
                  <td>
                    <ItemStatus item={item} servedNow={view.servedNow} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}

/**
 * The latest scan's answer, large enough to read from a step away. An offline decision says whether its scan
 * still waits to be sent (`waitingIds`: the device's queue) or has reached the server since.
 */
export function ScanResultPanel({
  display,
  waitingIds,
  onDecide,
}: {
  display: ResultDisplay | null;
  waitingIds: ReadonlySet<string>;
  /** The cook's choice on a clash, for the card of the shown scan. */
  onDecide?: (card: string, decision: ClashDecision) => void;
}) {
  const { t } = useTranslation('terminal');
  return (
    <section aria-label={t('result.label')} aria-live="polite" className="my-3" style={{ minHeight: '6rem' }}>
      {display?.kind === 'pending' && <p className="fs-4 text-body-secondary">{t('scan.checking', { card: display.card })}</p>}
      {display?.kind === 'notice' && <p className="fs-4 rounded border border-warning bg-warning-subtle px-3 py-2">{display.message}</p>}
      {display?.kind === 'outcome' && (
        <OutcomeView
          outcome={display.outcome}
          waitingIds={waitingIds}
          onDecide={onDecide && display.card ? (decision) => onDecide(display.card, decision) : undefined}
        />
      )}
    </section>
  );
}
