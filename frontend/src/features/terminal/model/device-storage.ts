import { readJson, removeKey, writeJson } from '@/lib/storage';
import type { Roster } from '../api/terminal';
import type { FollowUp, QueuedScan } from './queue';

/**
 * What the terminal keeps on the device (localStorage): the day's roster per tenant host and date, the queue of
 * scans waiting for the server, the follow-up list, the serving choice, the live count mode and the device id.
 * A tenant's data never mixes with another's: every key but the device id carries the host.
 */

const PREFIX = 'terminal.';

export const terminalKeys = {
  terminalId: `${PREFIX}terminalId`,
  summaryMode: `${PREFIX}summaryMode`,
  roster: (host: string, date: string) => `${PREFIX}roster.${host}.${date}`,
  queue: (host: string) => `${PREFIX}queue.${host}`,
  followUps: (host: string) => `${PREFIX}followUps.${host}`,
  lastSync: (host: string) => `${PREFIX}lastSync.${host}`,
  serving: (host: string) => `${PREFIX}serving.${host}`,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRoster = (value: unknown): value is Roster =>
  isRecord(value) && typeof value.date === 'string' && Array.isArray(value.subjects);

const isQueue = (value: unknown): value is QueuedScan[] =>
  Array.isArray(value) && value.every((entry) => isRecord(entry) && typeof entry.clientScanId === 'string' && typeof entry.cardNumber === 'string');

const isFollowUps = (value: unknown): value is FollowUp[] =>
  Array.isArray(value) && value.every((entry) => isRecord(entry) && typeof entry.clientScanId === 'string');

const isString = (value: unknown): value is string => typeof value === 'string';

export function loadRoster(host: string, date: string): Roster | null {
  return readJson(terminalKeys.roster(host, date), isRoster);
}

/** Keeps one roster per host: the day being served (an old day's roster is of no use offline). */
export function saveRoster(host: string, roster: Roster): void {
  const prefix = `${PREFIX}roster.${host}.`;
  const stale: string[] = [];
  for (let index = 0; index < window.localStorage.length; index++) {
    const key = window.localStorage.key(index);
    if (key?.startsWith(prefix) && key !== terminalKeys.roster(host, roster.date)) stale.push(key);
  }
  stale.forEach(removeKey);
  writeJson(terminalKeys.roster(host, roster.date), roster);
}

export const loadQueue = (host: string): QueuedScan[] => readJson(terminalKeys.queue(host), isQueue) ?? [];
export const saveQueue = (host: string, queue: readonly QueuedScan[]) => writeJson(terminalKeys.queue(host), queue);

export const loadFollowUps = (host: string): FollowUp[] => readJson(terminalKeys.followUps(host), isFollowUps) ?? [];
export const saveFollowUps = (host: string, list: readonly FollowUp[]) => writeJson(terminalKeys.followUps(host), list);

export const loadLastSync = (host: string): string | null => readJson(terminalKeys.lastSync(host), isString);
export const saveLastSync = (host: string, at: string) => writeJson(terminalKeys.lastSync(host), at);

export type SummaryMode = 'summary' | 'details';

export function loadSummaryMode(): SummaryMode {
  return readJson(terminalKeys.summaryMode, (value): value is SummaryMode => value === 'summary' || value === 'details') ?? 'summary';
}

export const saveSummaryMode = (mode: SummaryMode) => writeJson(terminalKeys.summaryMode, mode);

export interface ServingChoice {
  mealTypesIds: number[];
  /** The day chosen, and the day it was chosen on: another day starts again with today. */
  date: string;
  chosenOn: string;
}

const isServingChoice = (value: unknown): value is ServingChoice =>
  isRecord(value) &&
  Array.isArray(value.mealTypesIds) &&
  value.mealTypesIds.every((id) => typeof id === 'number') &&
  typeof value.date === 'string' &&
  typeof value.chosenOn === 'string';

/** The remembered meal types, and the remembered day when it was chosen today; today otherwise. */
export function loadServingChoice(host: string, today: string): { mealTypesIds: number[]; date: string } {
  const stored = readJson(terminalKeys.serving(host), isServingChoice);
  if (!stored) return { mealTypesIds: [], date: today };
  return { mealTypesIds: stored.mealTypesIds, date: stored.chosenOn === today ? stored.date : today };
}

export const saveServingChoice = (host: string, choice: ServingChoice) => writeJson(terminalKeys.serving(host), choice);

export function makeId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers on a kitchen laptop: a v4-shaped id from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This device's id, made once and kept. */
export function terminalId(): string {
  const stored = readJson(terminalKeys.terminalId, isString);
  if (stored) return stored;
  const made = makeId();
  writeJson(terminalKeys.terminalId, made);
  return made;
}
