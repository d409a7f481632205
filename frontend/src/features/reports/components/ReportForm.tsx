import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { MultiSelect } from '@/components/MultiSelect';
import type { OptionValue, SelectOption } from '@/components/multi-select-label';
import { notify } from '@/components/toasts/toast-store';
import { useStaffOptions } from '@/lib/calendar/options';
import { useRecipientsListChoices } from '@/lib/recipients-lists';
import { criterionOptionsPath } from '@/lib/report-criteria';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { translateServerMessage } from '@/lib/i18n';
import type { ExportFormat } from '@/lib/files';
import {
  DEFAULT_FONT_SIZE,
  FONT_SIZES,
  ORIENTATIONS,
  downloadReport,
  printReport,
  sendReport,
  type Criteria,
  type ReportCriterion,
  type ReportFormat,
  type ReportOrientation,
  type ReportType,
} from '../api/reports';
import { initialCriteria, parseAddresses, sentCriteria } from '../model/criteria';

type IdsKind = 'institutions' | 'classrooms' | 'mealTypes' | 'diets' | 'payers' | 'kitchens';

const PAYERS_ABILITY = 'parents.view';
const SEND_FORMATS: readonly ReportFormat[] = ['xlsx', 'csv', 'pdf'];

function IdsField({
  criterion,
  value,
  onChange,
  error,
}: {
  criterion: ReportCriterion;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('reports');
  const { user } = useSession();
  const kind = criterion.kind as IdsKind;
  const path = kind === 'payers' ? undefined : criterionOptionsPath(user, kind);
  const canPayers = kind === 'payers' && user !== undefined && hasAbility(user, PAYERS_ABILITY);
  const options = useStaffOptions(path ?? 'institutions/options', {}, path !== undefined);
  const parents = useStaffOptions('users/options', { role: 'ROLE_PARENT' }, canPayers);
  const workers = useStaffOptions('users/options', { role: 'ROLE_INSTITUTION_WORKER' }, canPayers);
  if (kind === 'payers' ? !canPayers : path === undefined) return null;
  const list: SelectOption[] = kind === 'payers' ? [...(parents.data ?? []), ...(workers.data ?? [])] : (options.data ?? []);
  const label = t(`criteria.${criterion.name}`);
  return (
    <Form.Group>
      <Form.Label className="small mb-1" htmlFor={`criterion-${criterion.name}`}>
        {label}
      </Form.Label>
      <MultiSelect
        id={`criterion-${criterion.name}`}
        label={label}
        options={list}
        value={value}
        placeholder={t('everyOne')}
        isInvalid={Boolean(error)}
        onChange={(chosen: OptionValue[]) => onChange(chosen.map(Number))}
      />
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}

function CriterionField({
  criterion,
  value,
  onChange,
  error,
}: {
  criterion: ReportCriterion;
  value: Criteria[string] | undefined;
  onChange: (value: Criteria[string]) => void;
  error?: string;
}) {
  const { t } = useTranslation('reports');
  const id = `criterion-${criterion.name}`;
  const label = t(`criteria.${criterion.name}`);
  const feedback = error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>;
  switch (criterion.kind) {
    case 'date':
      return (
        <Form.Group controlId={id}>
          <Form.Label className="small mb-1">{label}</Form.Label>
          <Form.Control type="date" required={criterion.required} value={String(value ?? '')} isInvalid={Boolean(error)} onChange={(event) => onChange(event.target.value)} />
          {feedback}
        </Form.Group>
      );
    case 'choice':
      return (
        <Form.Group controlId={id}>
          <Form.Label className="small mb-1">{label}</Form.Label>
          <Form.Select value={String(value ?? '')} isInvalid={Boolean(error)} onChange={(event) => onChange(event.target.value)}>
            {(criterion.choices ?? []).map((choice) => (
              <option key={choice} value={choice}>
                {t(`choices.${criterion.name}.${choice}`)}
              </option>
            ))}
          </Form.Select>
          {feedback}
        </Form.Group>
      );
    case 'boolean':
      return (
        <Form.Check
          type="switch"
          id={id}
          className="mt-4"
          label={label}
          checked={Boolean(value)}
          isInvalid={Boolean(error)}
          feedback={error}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    default:
      return <IdsField criterion={criterion} value={Array.isArray(value) ? value : []} onChange={onChange} error={error} />;
  }
}

/**
 * One report's criteria and what can be done with it: download (XLSX, CSV), print (PDF in an orientation and font
 * size, in a new tab), send by e-mail (the server makes and sends the file in the background). The server's refusals
 * are shown next to the criterion (or the addresses) they name.
 */
export function ReportForm({ report }: { report: ReportType }) {
  const { t } = useTranslation('reports');
  const [criteria, setCriteria] = useState<Criteria>(() => initialCriteria(report));
  const [orientation, setOrientation] = useState<ReportOrientation>(report.orientation);
  const [fontSize, setFontSize] = useState(DEFAULT_FONT_SIZE);
  const [addressesText, setAddressesText] = useState('');
  const [sendFormat, setSendFormat] = useState<ReportFormat>('xlsx');
  const lists = useRecipientsListChoices();
  const [listId, setListId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The criteria checked here first (dates given, in order), as the server would. */
  const checkCriteria = (): boolean => {
    const found: Record<string, string> = {};
    for (const criterion of report.criteria) {
      if (criterion.kind === 'date' && criterion.required && !criteria[criterion.name]) found[criterion.name] = t('errors.required');
    }
    const { dateFrom, dateTo } = criteria;
    if (typeof dateFrom === 'string' && typeof dateTo === 'string' && dateFrom && dateTo && dateTo < dateFrom) {
      found.dateTo = t('errors.dateOrder');
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, messages]) => [
              field.startsWith('emailAddresses') ? 'emailAddresses' : field,
              messages.map(translateServerMessage).join(' '),
            ]),
          ),
        );
      }
      notify({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const download = (format: ExportFormat) => {
    if (checkCriteria()) void run(() => downloadReport(report.code, sentCriteria(criteria), format));
  };
  const print = () => {
    if (checkCriteria()) void run(() => printReport(report.code, sentCriteria(criteria), orientation, fontSize));
  };
  const send = () => {
    setSentTo(null);
    if (!checkCriteria()) return;
    const { addresses, invalid } = parseAddresses(addressesText);
    if ((addresses.length === 0 && listId === null) || invalid.length > 0) {
      setErrors({ emailAddresses: invalid.length === 0 ? t('errors.addressesRequired') : t('errors.addressesInvalid', { addresses: invalid.join(', ') }) });
      return;
    }
    const listName = lists?.find((list) => list.value === listId)?.text;
    void run(async () => {
      await sendReport(report.code, {
        criteria: sentCriteria(criteria),
        emailAddresses: addresses,
        ...(listId !== null && { recipientsListId: listId }),
        format: sendFormat,
        orientation,
        fontSize,
      });
      const joined = addresses.join(', ');
      if (listName === undefined) setSentTo(t('send.done', { addresses: joined }));
      else setSentTo(addresses.length ? t('send.doneBoth', { name: listName, addresses: joined }) : t('send.doneList', { name: listName }));
    });
  };

  return (
    <Form noValidate aria-busy={busy || undefined} onSubmit={(event) => event.preventDefault()}>
      <fieldset className="mb-3">
        <legend className="h6">{t('criteriaTitle')}</legend>
        <Row className="g-3">
          {report.criteria.map((criterion) => (
            <Col key={criterion.name} xs={12} md={6} xl={4}>
              <CriterionField
                criterion={criterion}
                value={criteria[criterion.name]}
                error={errors[criterion.name]}
                onChange={(value) => setCriteria((previous) => ({ ...previous, [criterion.name]: value }))}
              />
            </Col>
          ))}
        </Row>
      </fieldset>
      <Row className="g-3">
        <Col xs={12} lg={4}>
          <Card body className="h-100">
            <h3 className="h6">{t('download.title')}</h3>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="primary" onClick={() => download('xlsx')}>
                {t('download.xlsx')}
              </Button>
              <Button variant="outline-primary" onClick={() => download('csv')}>
                {t('download.csv')}
              </Button>
            </div>
          </Card>
        </Col>
        <Col xs={12} lg={4}>
          <Card body className="h-100">
            <h3 className="h6">{t('print.title')}</h3>
            <Row className="g-2 mb-2">
              <Col>
                <Form.Group controlId={`orientation-${report.code}`}>
                  <Form.Label className="small mb-1">{t('print.orientation')}</Form.Label>
                  <Form.Select value={orientation} onChange={(event) => setOrientation(event.target.value as ReportOrientation)}>
                    {ORIENTATIONS.map((value) => (
                      <option key={value} value={value}>
                        {t(`print.orientations.${value}`)}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col>
                <Form.Group controlId={`font-size-${report.code}`}>
                  <Form.Label className="small mb-1">{t('print.fontSize')}</Form.Label>
                  <Form.Select value={fontSize} onChange={(event) => setFontSize(Number(event.target.value))}>
                    {FONT_SIZES.map((size) => (
                      <option key={size} value={size}>
                        {t('print.points', { count: size })}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
            </Row>
            <Button variant="outline-primary" onClick={print}>
              {t('print.pdf')}
            </Button>
          </Card>
        </Col>
        <Col xs={12} lg={4}>
          <Card body className="h-100">
            <h3 className="h6">{t('send.title')}</h3>
            <Form.Group controlId={`addresses-${report.code}`} className="mb-2">
              <Form.Label className="small mb-1">{t('send.addresses')}</Form.Label>
              <Form.Control
                type="text"
                inputMode="email"
                value={addressesText}
                isInvalid={Boolean(errors.emailAddresses)}
                aria-describedby={`addresses-help-${report.code}`}
                onChange={(event) => setAddressesText(event.target.value)}
              />
              <Form.Text id={`addresses-help-${report.code}`}>{t('send.addressesHelp')}</Form.Text>
              <Form.Control.Feedback type="invalid">{errors.emailAddresses}</Form.Control.Feedback>
            </Form.Group>
            {lists !== undefined && (
              <Form.Group controlId={`recipients-list-${report.code}`} className="mb-2">
                <Form.Label className="small mb-1">{t('send.recipientsList')}</Form.Label>
                <Form.Select
                  value={listId ?? ''}
                  isInvalid={Boolean(errors.recipientsListId)}
                  onChange={(event) => setListId(event.target.value === '' ? null : Number(event.target.value))}
                >
                  <option value="">{t('send.recipientsListNone')}</option>
                  {lists.map((list) => (
                    <option key={list.value} value={list.value}>
                      {list.text}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.recipientsListId}</Form.Control.Feedback>
              </Form.Group>
            )}
            <Form.Group controlId={`send-format-${report.code}`} className="mb-2">
              <Form.Label className="small mb-1">{t('send.format')}</Form.Label>
              <Form.Select value={sendFormat} onChange={(event) => setSendFormat(event.target.value as ReportFormat)}>
                {SEND_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {t(`send.formats.${format}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button variant="outline-primary" onClick={send}>
              {t('send.submit')}
            </Button>
            {sentTo && (
              <Alert variant="success" className="mt-2 mb-0" role="status">
                {sentTo}
              </Alert>
            )}
          </Card>
        </Col>
      </Row>
    </Form>
  );
}
