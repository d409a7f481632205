import { useEffect, useReducer, useState } from 'react';
import { Alert, Button, ButtonGroup, Form, ToggleButton } from 'react-bootstrap';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { notify } from '@/components/toasts/toast-store';
import { useBalance } from '@/lib/session/get-balance';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { feesEndpoint } from '@/lib/settings/fees';
import { presencesMarkingConfigEndpoint } from '@/lib/settings/presences-marking-config';
import { useMarkCommands, type MarkCommand, type MarkReport } from '@/lib/calendar/calendar-days';
import { deleteDraft, draftQueryKey, saveDraft, useDraft, type DraftData } from '../api/drafts';
import type { Receiver } from '@/lib/calendar/receivers';
import { subjectsMonthQuery } from '../api/subjects-month';
import { subjectKey, type AbsencesRequest, type CalendarDay, type CalendarMonth, type PresencesRequest, type SubjectRef } from '@/lib/calendar/types';
import { formatMonth } from '@/lib/format';
import { addDays, addMonths, firstDayOfMonth, monthOf, todayIso, weekdayIndex, type IsoDate, type IsoMonth } from '@/lib/calendar/dates';
import { batchCommands, isSelectableFor, offeredMealTypes, type Plan, type ReceiverDays } from '../model/plan';
import { emptySelection, selectionReducer, type SelectionAction } from '../model/selection';
import { AutomarkInfoModal } from './AutomarkInfoModal';
import type { DayEntry } from './DayContent';
import { MarkSheet, type SheetMode } from './MarkSheet';
import { MonthGrid } from './MonthGrid';
import { useIsPhone } from './use-breakpoint';
import { WeekList } from './WeekList';

/** Unsent selections are saved this long after the last change (spec: drafts of marked presences). */
export const DRAFT_SAVE_DELAY_MS = 800;

export interface CalendarBoardProps {
  receivers: readonly Receiver[];
  /** Staff (the child presence calendar) may mark closed days: the server applies their cut-off override. */
  staff?: boolean;
  /** Customers keep their unsent selection in markedPresencesDrafts. */
  drafts?: boolean;
  /** Forces a layout (tests, previews); by default the window width decides. */
  layout?: 'grid' | 'list';
  /** Customers see the automarking info and links to their children's automarking settings. */
  automarkInfo?: boolean;
}

const mondayOf = (date: IsoDate) => addDays(date, -weekdayIndex(date));

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/**
 * The interactive calendar of one or several meal receivers: month grid (desktop) or week list (phone),
 * selection of days, weeks and ranges, and the order / cancel sheet. Used by the customer's own calendar and
 * by staff for one child.
 */
export function CalendarBoard({ receivers, staff = false, drafts = false, layout, automarkInfo = false }: CalendarBoardProps) {
  const { t, i18n } = useTranslation('calendar');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const view = layout ?? (isPhone ? 'list' : 'grid');
  const [today] = useState(todayIso);
  const [anchorDate, setAnchorDate] = useState<IsoDate>(today);
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const [selection, dispatchSelection] = useReducer(selectionReducer, emptySelection);
  const [rangeMode, setRangeMode] = useState(false);
  const [sheet, setSheet] = useState<SheetMode | null>(null);
  const [automarkOpen, setAutomarkOpen] = useState(false);
  const [dirty, setDirty] = useState(false);

  const month: IsoMonth = monthOf(anchorDate);
  const weekStart = mondayOf(anchorDate);
  const months = view === 'grid' ? [month] : [...new Set([monthOf(weekStart), monthOf(addDays(weekStart, 6))])];
  const checked = receivers.filter((receiver) => !unchecked.has(subjectKey(receiver)));

  // One request per month on screen for every receiver (ticked or not: unticking only hides them).
  const subjects: SubjectRef[] = receivers.map(({ type, id }) => ({ type, id }));
  const queries = useQueries({ queries: months.map((value) => subjectsMonthQuery(subjects, value)) });
  const showPrices = user ? hasAbility(user, 'prices.see') : false;
  const customer = !staff;
  const balance = useBalance(customer);
  const fees = useQuery(feesEndpoint.queryOptions());
  const markingConfig = useQuery(presencesMarkingConfigEndpoint.queryOptions());
  const mark = useMarkCommands({ ownBalance: !staff });

  // Drafts: load once, then save (debounced) whatever the user changes.
  const draft = useDraft(drafts);
  const [restored, setRestored] = useState(!drafts);
  if (!restored && (draft.isSuccess || draft.isError)) {
    setRestored(true);
    const data = draft.data;
    if (data && data.dates.length > 0) {
      setAnchorDate(data.dates[0] ?? firstDayOfMonth(data.month));
      const keys = new Set(data.subjects.map(subjectKey));
      if (keys.size > 0) setUnchecked(new Set(receivers.map(subjectKey).filter((key) => !keys.has(key))));
      dispatchSelection({ type: 'set', dates: data.dates });
    }
  }
  useEffect(() => {
    if (!drafts || !dirty) return undefined;
    const timer = window.setTimeout(() => {
      const data: DraftData = { month, dates: [...selection.dates], subjects: checked.map(({ type, id }) => ({ type, id })) };
      queryClient.setQueryData(draftQueryKey, selection.dates.length > 0 ? data : null);
      void (selection.dates.length > 0 ? saveDraft(data) : deleteDraft()).catch(() => undefined);
    }, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // `checked` is derived from `unchecked`, which is listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drafts, dirty, selection.dates, unchecked, month, queryClient]);

  const monthsOf = new Map<string, CalendarMonth[]>();
  queries.forEach((query) =>
    query.data?.forEach((data) => monthsOf.set(subjectKey(data.subject), [...(monthsOf.get(subjectKey(data.subject)) ?? []), data])),
  );
  const receiverDays: ReceiverDays[] = checked.map((receiver) => {
    const days = new Map<IsoDate, CalendarDay>();
    let dietId: number | undefined;
    monthsOf.get(subjectKey(receiver))?.forEach((data) => {
      data.days.forEach((day) => days.set(day.date, day));
      dietId ??= data.subject.dietId;
    });
    return { subject: { type: receiver.type, id: receiver.id }, name: receiver.name, dietId, days };
  });

  const isSelectable = (date: IsoDate) => isSelectableFor(receiverDays, date, staff);
  const entriesOf = (date: IsoDate): DayEntry[] =>
    receiverDays.map((receiver) => ({ key: subjectKey(receiver.subject), name: receiver.name, day: receiver.days.get(date) }));

  const select = (action: SelectionAction) => {
    dispatchSelection(action);
    setDirty(true);
  };
  const onDay = (date: IsoDate, extend: boolean) =>
    select(extend || rangeMode ? { type: 'extendTo', date, selectable: isSelectable } : { type: 'toggleDay', date });
  const onWeek = (dates: IsoDate[]) => select({ type: 'toggleWeek', dates, selectable: isSelectable });
  const toggleReceiver = (key: string) => {
    setUnchecked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
    setDirty(true);
  };

  const selectedDates = selection.dates.filter(isSelectable);
  const feesData = fees.data;
  const manipulationFee = feesData?.addManipulationFee && feesData.defaultManipulationFee ? feesData.defaultManipulationFee : null;
  const chargesOnOrderDay = feesData?.orderChargeTime === 'in_order_day';

  const report = ({ outcomes }: MarkReport, mode: SheetMode) => {
    const failed = outcomes.filter((outcome) => outcome.error);
    const succeeded = outcomes.filter((outcome) => !outcome.error);
    const nameOf = ({ subject }: { subject: SubjectRef }) => receivers.find((receiver) => subjectKey(receiver) === subjectKey(subject))?.name ?? '';
    // A refused receiver (no funds, a closed day...) gets its own toast; the others were marked.
    failed.forEach((outcome) => notify({ type: 'error', title: nameOf(outcome), message: outcome.error ?? '' }));
    if (succeeded.length > 0) {
      notify({
        type: 'success',
        message: t(mode === 'order' ? 'ordered' : 'cancelled', { names: succeeded.map(nameOf).join(', ') }),
      });
    }
    if (failed.length === 0) {
      dispatchSelection({ type: 'clear' });
      setDirty(false);
      setRangeMode(false);
      if (drafts) {
        queryClient.setQueryData(draftQueryKey, null);
        void deleteDraft().catch(() => undefined);
      }
    }
    setSheet(null);
  };

  const send = (commands: MarkCommand[], mode: SheetMode) => mark.mutate(commands, { onSuccess: (result) => report(result, mode) });
  // One request for all the receivers whose requests are the same (usually all of them).
  const onOrder = (plan: Plan<PresencesRequest>, staffFee: string | null) => {
    // One key per action: the server makes it `{key}:{type}:{id}`, and each receiver is in one batch only.
    const idempotencyKey = newIdempotencyKey();
    send(
      batchCommands(plan.commands).map((batch) => ({
        kind: 'presences',
        subjects: batch.subjects,
        body: {
          ...batch.body,
          idempotencyKey,
          // Staff choose the fee; for customers the server applies the tenant's, whatever is sent.
          ...(staffFee ? { addManipulationFee: true, manipulationFee: staffFee } : {}),
        },
      })),
      'order',
    );
  };
  // Each receiver's usual meals differ: `presences/default` is asked per receiver.
  const onOrderDefaults = (plan: Plan<{ dates: IsoDate[] }>) =>
    send(
      plan.commands.map((command) => ({ kind: 'default', subjects: [command.subject], body: command.body })),
      'order',
    );
  const onCancelMeals = (plan: Plan<AbsencesRequest>) =>
    send(
      batchCommands(plan.commands).map((batch) => ({ kind: 'absences', subjects: batch.subjects, body: batch.body })),
      'cancel',
    );

  const loading = queries.some((query) => query.isPending);
  const failedQuery = queries.find((query) => query.isError);
  const gridProps = { today, selected: new Set(selectedDates), entriesOf, isSelectable, onDay, onWeek, showPrices };

  return (
    <div className="calendar-board">
      {receivers.length > 1 && (
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{t('receivers')}</legend>
          <div className="d-flex flex-wrap gap-3">
            {receivers.map((receiver) => (
              <Form.Check
                key={subjectKey(receiver)}
                id={`receiver-${subjectKey(receiver)}`}
                className="fs-5"
                label={receiver.name}
                checked={!unchecked.has(subjectKey(receiver))}
                onChange={() => toggleReceiver(subjectKey(receiver))}
              />
            ))}
          </div>
        </fieldset>
      )}

      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        {view === 'grid' ? (
          <div className="d-flex align-items-center gap-2">
            <Button variant="outline-secondary" aria-label={t('previousMonth')} onClick={() => setAnchorDate(firstDayOfMonth(addMonths(month, -1)))}>
              ‹
            </Button>
            <h2 className="h5 mb-0 text-capitalize" style={{ minWidth: '11rem', textAlign: 'center' }}>
              {formatMonth(month, i18n.language)}
            </h2>
            <Button variant="outline-secondary" aria-label={t('nextMonth')} onClick={() => setAnchorDate(firstDayOfMonth(addMonths(month, 1)))}>
              ›
            </Button>
            <Button variant="link" onClick={() => setAnchorDate(today)}>
              {t('today')}
            </Button>
          </div>
        ) : (
          <h2 className="h5 mb-0 text-capitalize">{formatMonth(monthOf(weekStart), i18n.language)}</h2>
        )}
        <div className="d-flex flex-wrap gap-2">
          <ButtonGroup>
            <ToggleButton
              id="calendar-range-mode"
              type="checkbox"
              variant="outline-primary"
              checked={rangeMode}
              value="range"
              onChange={() => setRangeMode((current) => !current)}
            >
              {t('rangeMode')}
            </ToggleButton>
          </ButtonGroup>
          {automarkInfo && (
            <Button variant="outline-secondary" onClick={() => setAutomarkOpen(true)}>
              {t('automark.open')}
            </Button>
          )}
        </div>
      </div>
      {rangeMode && <p className="small text-body-secondary mb-2">{selection.anchor ? t('rangeHintSecond') : t('rangeHintFirst')}</p>}

      {failedQuery?.error && (
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
          <span style={{ whiteSpace: 'pre-line' }}>{failedQuery.error.message}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void failedQuery.refetch()}>
            {t('common:retry')}
          </Button>
        </Alert>
      )}
      {loading && <LoadingSpinner className="my-2" />}

      {view === 'grid' ? (
        <MonthGrid month={month} {...gridProps} />
      ) : (
        <WeekList weekStart={weekStart} onWeekStart={(monday) => setAnchorDate(monday)} {...gridProps} />
      )}

      {/* Nothing selected: one short line, so the sticky bar does not cover a phone's calendar with disabled buttons. */}
      {selectedDates.length === 0 ? (
        <div className="position-sticky bottom-0 bg-body border-top py-2 mt-2 small" role="region" aria-label={t('actions')}>
          <span className="fw-semibold">{t('daysSelected', { count: 0 })}</span>
          <span className="text-body-secondary"> · {t('selectHint')}</span>
        </div>
      ) : (
        <div className="position-sticky bottom-0 bg-body border-top py-2 mt-2 d-flex flex-wrap align-items-center gap-2" role="region" aria-label={t('actions')}>
          <span className="me-auto">{t('daysSelected', { count: selectedDates.length })}</span>
          <Button variant="link" className="tap-target" onClick={() => select({ type: 'clear' })}>
            {t('clearSelection')}
          </Button>
          <div className="d-flex gap-2 flex-grow-1 flex-sm-grow-0">
            <Button variant="outline-danger" className="tap-target flex-fill" disabled={checked.length === 0} onClick={() => setSheet('cancel')}>
              {t('cancelMeals')}
            </Button>
            <Button className="tap-target flex-fill" disabled={checked.length === 0} onClick={() => setSheet('order')}>
              {t('orderMeals')}
            </Button>
          </div>
        </div>
      )}

      {sheet && (
        <MarkSheet
          mode={sheet}
          receivers={receiverDays}
          dates={selectedDates}
          offered={offeredMealTypes(receiverDays, selectedDates, staff)}
          staff={staff}
          showPrices={showPrices}
          balance={customer ? balance.data : undefined}
          manipulationFee={manipulationFee}
          defaultManipulationFee={feesData?.defaultManipulationFee ?? null}
          chargesOnOrderDay={chargesOnOrderDay}
          allowNotes={markingConfig.data?.allowNotes ?? false}
          pending={mark.isPending}
          onHide={() => setSheet(null)}
          onOrder={onOrder}
          onOrderDefaults={onOrderDefaults}
          onCancelMeals={onCancelMeals}
        />
      )}
      {automarkInfo && (
        <AutomarkInfoModal show={automarkOpen} onHide={() => setAutomarkOpen(false)} chargesOnOrderDay={chargesOnOrderDay} receivers={receivers} />
      )}
    </div>
  );
}
