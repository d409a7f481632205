import type { ClashDecision, ScanResult, ScanResultKind } from '../api/terminal';

/**
 * Scans accepted offline wait here, in the order they were made, until the server answers them. Pure: the
 * functions take and return lists; `syncQueue` sends through the function it is given.
 */

export interface QueuedScan {
  clientScanId: string;
  date: string;
  cardNumber: string;
  mealTypesIds: number[];
  scannedAt: string;
  terminalId: string;
  offline: true;
  /** The cook's choice on a clash the device showed (absent: a plain scan). */
  clashDecision?: ClashDecision;
  /** Who the device thought it was, for the follow-up list when the server refuses. */
  subjectName: string | null;
}

/** An offline-accepted scan the server refused (or recorded as a duplicate): the staff must look into it. */
export interface FollowUp {
  clientScanId: string;
  date: string;
  cardNumber: string;
  scannedAt: string;
  subjectName: string | null;
  result: ScanResultKind | null;
  message: string;
  answeredAt: string;
}

/** Adds a scan once: the same clientScanId queued twice stays one entry. */
export function enqueue(queue: readonly QueuedScan[], scan: QueuedScan): QueuedScan[] {
  return queue.some((entry) => entry.clientScanId === scan.clientScanId) ? [...queue] : [...queue, scan];
}

export function removeScans(queue: readonly QueuedScan[], clientScanIds: ReadonlySet<string>): QueuedScan[] {
  return queue.filter((entry) => !clientScanIds.has(entry.clientScanId));
}

export function addFollowUps(list: readonly FollowUp[], added: readonly FollowUp[]): FollowUp[] {
  const next = [...list];
  for (const item of added) {
    const index = next.findIndex((entry) => entry.clientScanId === item.clientScanId);
    if (index === -1) next.push(item);
    else next[index] = item;
  }
  return next;
}

/** What sending one queued scan came to. */
export type SendOutcome =
  /** The server answered (any HTTP answer that means it handled the request): the scan leaves the queue. */
  | { kind: 'answered'; ok: boolean; message: string; scan: ScanResult | null }
  /** No answer, or one that means "try again later" (signed out, restarting): the queue stops here, in order. */
  | { kind: 'unreachable' };

export interface SyncReport {
  /** clientScanIds the server answered, in the order sent. */
  answered: string[];
  /** Refusals of offline-accepted scans. */
  followUps: FollowUp[];
  /** Whether every scan was answered (false: stopped at an unreachable one). */
  complete: boolean;
}

/** Answers that need no follow-up: served, or the cook's own choice on a clash. */
const ACCEPTED = new Set<ScanResultKind>(['served', 'alternative_served', 'not_served']);

/**
 * Sends the queue in order, one scan at a time (a later scan never overtakes an earlier one), stopping at the
 * first that gets no answer. `onAnswered` is told after each answer so the caller can persist progress.
 */
export async function syncQueue(
  queue: readonly QueuedScan[],
  send: (scan: QueuedScan) => Promise<SendOutcome>,
  now: () => string,
  onAnswered?: (scan: QueuedScan, followUp: FollowUp | null) => void,
): Promise<SyncReport> {
  const report: SyncReport = { answered: [], followUps: [], complete: true };
  for (const scan of queue) {
    const outcome = await send(scan);
    if (outcome.kind === 'unreachable') {
      report.complete = false;
      break;
    }
    report.answered.push(scan.clientScanId);
    const refused = !outcome.ok || (outcome.scan !== null && !ACCEPTED.has(outcome.scan.result));
    const followUp: FollowUp | null = refused
      ? {
          clientScanId: scan.clientScanId,
          date: scan.date,
          cardNumber: scan.cardNumber,
          scannedAt: scan.scannedAt,
          subjectName: outcome.scan?.subject ? `${outcome.scan.subject.firstName} ${outcome.scan.subject.lastName}` : scan.subjectName,
          result: outcome.scan?.result ?? null,
          message: outcome.message,
          answeredAt: now(),
        }
      : null;
    if (followUp) report.followUps.push(followUp);
    onAnswered?.(scan, followUp);
  }
  return report;
}
