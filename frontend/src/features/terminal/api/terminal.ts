import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, apiHeaders, expectOk, failedResponseError, requestUrl, type ApiError } from '@/api/client';
import { translateServerMessage } from '@/lib/i18n';

/* The terminal's calls (TERMINAL_API.md, issue 13), typed by the server's generated schema. */

type Schemas = components['schemas'];

export type Subject = Schemas['Subject'];
export type SubjectType = Schemas['TerminalSubjectType'];
export type ServingItem = Schemas['ServingItem'];
export type ScanResultKind = Schemas['ScanResultKind'];
export type ScanResult = Schemas['ScanResult'];
/** The cook's choice when the dish contains one of the receiver's allergens (sent with the scan again). */
export type ClashDecision = Schemas['ClashDecision'];
/** An item's clash: the dishes with the receiver's allergens and those allergens. */
export type Clash = Schemas['Clash'];
/** A subject with their items of the day: a roster row, a lookup row. */
export type SubjectWithItems = Schemas['Serving'];
export type Roster = Schemas['Roster'];
export type Summary = Schemas['Summary'];
export type SummaryDetail = Schemas['SummaryDetail'];
export type ScannedCardEntry = Schemas['Entry'];
/** The answer of the commands that serve without a card (mark as served, serve without order). */
export type ScanStatus = Schemas['ScanStatus'];

/** The error shape (not in the schema: every endpoint shares it); a refused scan also carries who it was (`scan`). */
interface TerminalErrorBody {
  message?: string;
  errors?: Record<string, unknown>;
  scan?: ScanResult;
}

/*
 * Commands (scan, mark as served, serve without order) read the server's answer themselves: the shared client
 * turns every 403 into "Forbidden." and drops the error body, while the terminal shows the server's message and
 * the refused scan's subject.
 */

/** The server could not be reached: no answer at all, or a proxy/restart answer that recorded nothing. */
export class TerminalUnreachable extends Error {
  constructor(cause?: unknown) {
    super('The server cannot be reached.');
    this.name = 'TerminalUnreachable';
    this.cause = cause;
  }
}

/** An HTTP answer of a terminal command: `ok` with the data, or a refusal with the server's message and `scan`. */
export type CommandAnswer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string; scan: ScanResult | null };

/** Statuses that mean the request was not handled (the server or its database restarting, a proxy in front). */
const UNHANDLED_STATUSES = new Set([502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || UNHANDLED_STATUSES.has(status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A kitchen's failing Wi-Fi often hangs rather than fails: past this the scan is decided on the device. The
 * request may still reach the server; the queued copy carries the same clientScanId, so it is applied once.
 */
export const COMMAND_TIMEOUT_MS = 5_000;

async function command<T>(path: string, body: unknown): Promise<CommandAnswer<T>> {
  const headers = apiHeaders();
  headers.set('Content-Type', 'application/json');
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), COMMAND_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(requestUrl(path), { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
  } catch (error) {
    throw new TerminalUnreachable(error);
  } finally {
    window.clearTimeout(timer);
  }
  if (UNHANDLED_STATUSES.has(response.status)) throw new TerminalUnreachable();
  if (response.status === 401) {
    const error: ApiError = await failedResponseError(response);
    return { ok: false, status: 401, message: error.message, scan: null };
  }
  let parsed: unknown = null;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const errorBody: TerminalErrorBody = isRecord(parsed) ? (parsed as TerminalErrorBody) : {};
  const scan = errorBody.scan ?? null;
  const message = errorBody.message || scan?.message || translateServerMessage('Error occured while processing your request.');
  return { ok: false, status: response.status, message, scan };
}

export const scanCard = (date: string, cardNumber: string, body: Schemas['ScanCardRequest']) =>
  command<ScanResult>(`terminal/scanCard/${date}/${encodeURIComponent(cardNumber)}`, body);

export const markAsScanned = (itemId: number, body: Schemas['MarkAsScannedRequest']) =>
  command<ScanStatus>(`terminal/calendarDays/${itemId}/markAsScanned`, body);

export const servePresence = (type: SubjectType, id: number, body: Schemas['PresenceRequest']) =>
  command<ScanStatus>(`terminal/${type}/${id}/presences`, body);

const ids = (values: readonly number[]) => (values.length ? values.join(',') : undefined);

export const getRoster = async (date: string): Promise<Roster> => expectOk(await api.get<Roster>('terminal/roster', { date }));

export interface ServingQuery {
  date: string;
  mealTypesIds: readonly number[];
}

/** Subjects by name or card number, with their items of the day. */
export const subjectsSearchQuery = (search: string, { date, mealTypesIds }: ServingQuery) =>
  queryOptions({
    queryKey: ['terminal', 'subjects', search, date, mealTypesIds],
    queryFn: async () =>
      expectOk(
        await api.get<Schemas['ServingPage']>('terminal/subjects', { search, date, mealTypesIds: ids(mealTypesIds), page: 1, perPage: 20 }),
      ),
    enabled: search.trim().length >= 2,
  });

export const useSubjectsSearch = (search: string, serving: ServingQuery) => useQuery(subjectsSearchQuery(search, serving));

/** How often the live count refreshes by itself (a scan refreshes it at once). */
export const LIVE_COUNT_REFRESH_MS = 30_000;

export const summaryQuery = ({ date, mealTypesIds }: ServingQuery) =>
  queryOptions({
    queryKey: ['terminal', 'summary', date, mealTypesIds],
    queryFn: async () => expectOk(await api.get<Summary>('terminal/summary', { date, mealTypesIds: ids(mealTypesIds) })),
    refetchInterval: LIVE_COUNT_REFRESH_MS,
  });

export const summaryDetailsQuery = ({ date, mealTypesIds }: ServingQuery, page: number) =>
  queryOptions({
    queryKey: ['terminal', 'summary', 'details', date, mealTypesIds, page],
    queryFn: async () =>
      expectOk(
        await api.get<Schemas['SummaryDetailPage']>('terminal/summary/details', { date, mealTypesIds: ids(mealTypesIds), page, perPage: 50 }),
      ),
    refetchInterval: LIVE_COUNT_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const scannedCardEntriesQuery = (params: Readonly<Record<string, string | number | boolean | null | undefined>>) =>
  queryOptions({
    queryKey: ['terminal', 'scannedCardEntries', params],
    queryFn: async () => expectOk(await api.get<Schemas['EntryPage']>('scannedCardEntries', params)),
    placeholderData: keepPreviousData,
  });

/** Everything the terminal reads, refreshed after a scan. */
export const TERMINAL_KEY = ['terminal'] as const;
