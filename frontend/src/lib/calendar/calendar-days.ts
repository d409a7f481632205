import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest, expectOk, expectStatus } from '@/api/client';
import { balanceQueryOptions } from '@/lib/session/get-balance';
import { activeOrdersAmountQueryOptions } from '@/lib/orders/get-active-orders-amount';
import { invalidateLedger } from '@/lib/transactions/ledger';
import type { Money } from '@/lib/money';
import { translateServerMessage } from '@/lib/i18n';
import type { IsoMonth } from './dates';
import { markAbsencesMany, markPresencesMany } from './mark-many';
import {
  subjectKey,
  type AbsencesRequest,
  type CalendarMonth,
  type MarkRefusal,
  type PresencesPlaced,
  type PresencesRequest,
  type SubjectRef,
} from './types';

export const calendarKeys = {
  all: ['calendar'] as const,
  months: () => ['calendar', 'days'] as const,
  month: (subject: SubjectRef, month: IsoMonth) => ['calendar', 'days', subjectKey(subject), month] as const,
  subjects: () => ['calendar', 'subjects'] as const,
};

const daysPath = (subject: SubjectRef) => `calendar/days/${subject.type}/${subject.id}`;

/** `GET calendar/days/{type}/{id}?month=YYYY-MM`: the subject and every day of the month. */
export async function getCalendarMonth(subject: SubjectRef, month: IsoMonth): Promise<CalendarMonth> {
  return expectOk(await api.get<CalendarMonth>(daysPath(subject), { month }));
}

export const calendarMonthQuery = (subject: SubjectRef, month: IsoMonth) =>
  queryOptions({ queryKey: calendarKeys.month(subject, month), queryFn: () => getCalendarMonth(subject, month) });

export const useCalendarMonth = (subject: SubjectRef, month: IsoMonth) => useQuery(calendarMonthQuery(subject, month));

/** `presences/default`: the receiver's usual meal types (their automarking choice) on the given days. */
export async function markDefaultPresences(subject: SubjectRef, body: { dates: string[] }): Promise<PresencesPlaced> {
  return expectStatus(await api.post<PresencesPlaced>(`${daysPath(subject)}/presences/default`, body));
}

/**
 * Marking moves money: the calendar, the navbar balance, the active-orders amount and the ledger (billing
 * balance and history, transactions) refresh at once.
 */
export function invalidateAfterMarking(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
    queryClient.invalidateQueries({ queryKey: balanceQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: activeOrdersAmountQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['orders'] }),
    invalidateLedger(queryClient),
  ]);
}

/**
 * One request of a marking action: the same meals (or absences) for several receivers at once, or one
 * receiver's usual meal types (`presences/default`, which has no several-subjects form: each receiver's
 * usual meals differ).
 */
export type MarkCommand =
  | { kind: 'presences'; subjects: SubjectRef[]; body: PresencesRequest }
  | { kind: 'absences'; subjects: SubjectRef[]; body: AbsencesRequest }
  | { kind: 'default'; subjects: [SubjectRef]; body: { dates: string[] } };

/** What became of one receiver: `error` is the translated reason it was left unchanged. */
export interface SubjectOutcome {
  subject: SubjectRef;
  error?: string;
}

export interface MarkReport {
  outcomes: SubjectOutcome[];
  /** The payer's amounts after the last answered request, when any request was answered. */
  money?: { balance: Money; activeOrdersAmount: Money };
}

async function send(command: MarkCommand): Promise<{ refused: MarkRefusal[]; money: MarkReport['money'] }> {
  if (command.kind === 'default') {
    const [subject] = command.subjects;
    const result = await markDefaultPresences(subject, command.body);
    return { refused: [], money: { balance: result.balance, activeOrdersAmount: result.activeOrdersAmount } };
  }
  const result =
    command.kind === 'presences' ? await markPresencesMany(command.subjects, command.body) : await markAbsencesMany(command.subjects, command.body);
  return { refused: result.refused, money: { balance: result.balance, activeOrdersAmount: result.activeOrdersAmount } };
}

/**
 * Sends the action's requests one after another — usually one for all the selected receivers — and reports
 * each receiver's result: a refusal for one child (insufficient funds) does not hide the others' success.
 * Everything is refreshed afterwards, whatever happened.
 */
export function useMarkCommands({ ownBalance }: { ownBalance: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (commands: MarkCommand[]): Promise<MarkReport> => {
      const report: MarkReport = { outcomes: [] };
      for (const command of commands) {
        try {
          const { refused, money } = await send(command);
          const reasons = new Map(refused.map((refusal) => [subjectKey(refusal.subject), translateServerMessage(refusal.message)]));
          report.money = money;
          report.outcomes.push(...command.subjects.map((subject) => ({ subject, error: reasons.get(subjectKey(subject)) })));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          report.outcomes.push(...command.subjects.map((subject) => ({ subject, error: message })));
        }
      }
      return report;
    },
    onSuccess: ({ money }) => {
      // The answer carries the payer's new amounts: the navbar shows them at once, before the refetch.
      if (ownBalance && money) {
        queryClient.setQueryData(balanceQueryOptions().queryKey, money.balance);
        queryClient.setQueryData(activeOrdersAmountQueryOptions().queryKey, money.activeOrdersAmount);
      }
    },
    onSettled: () => invalidateAfterMarking(queryClient),
  });
}

/** Raw access for the staff screens' bulk commands (`calendar/bulkPresences/*`). */
export const postCalendarCommand = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body });
