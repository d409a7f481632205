import { useQueryClient } from '@tanstack/react-query';
import { removeKey } from '@/lib/storage';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  getRoster,
  isRetryableStatus,
  scanCard,
  TERMINAL_KEY,
  TerminalUnreachable,
  type ClashDecision,
  type Roster,
  type ScanResult,
} from '../api/terminal';
import {
  loadFollowUps,
  loadLastSync,
  loadQueue,
  loadRoster,
  makeId,
  saveFollowUps,
  saveLastSync,
  saveQueue,
  saveRoster,
  terminalId,
  terminalKeys,
} from '../model/device-storage';
import { addFollowUps, enqueue, removeScans, syncQueue, type FollowUp, type QueuedScan, type SendOutcome } from '../model/queue';
import { applyServerItems, decideLocally, shouldQueue, withPendingScans, type LocalDecision } from '../model/roster';

/** How often the day's roster is downloaded again in the background. */
export const ROSTER_REFRESH_MS = 3 * 60_000;
/**
 * How often the device tries the server again while scans wait or the server was unreachable (besides the
 * browser's online event): meanwhile scans are decided on the device at once, not after a request's timeout.
 */
export const SYNC_RETRY_MS = 10_000;

/** What the screen shows after a scan: the server's answer, or the device's own decision when offline. */
export type ScanOutcome =
  | { source: 'server'; ok: boolean; message: string; scan: ScanResult | null }
  | { source: 'local'; decision: LocalDecision; queued: boolean; clientScanId: string };

export interface ServingDevice {
  online: boolean;
  queued: number;
  /** The client ids of the scans waiting to be sent. */
  waitingIds: ReadonlySet<string>;
  followUps: FollowUp[];
  lastSync: string | null;
  roster: Roster | null;
  /** A card scanned, or scanned again with the cook's choice on a clash (`check`). */
  scan: (cardNumber: string, clashDecision?: ClashDecision) => Promise<ScanOutcome>;
  /** Sends the waiting scans; true when none is left unanswered. */
  sync: () => Promise<boolean>;
  clearFollowUp: (clientScanId: string) => void;
  /** A manual serving (lookup) answered by the server: the roster takes its items. */
  applyServerScan: (scan: ScanResult | null) => void;
}

const host = () => window.location.host;
const nowIso = () => new Date().toISOString();

/**
 * The terminal's device side: the roster of the served day kept on the device and refreshed in the
 * background, scans sent with a client id and decided locally when the server cannot be reached, the queue
 * of offline scans sent again in order on reconnect (online event, periodic retry, any answered request).
 */
export function useServingDevice(date: string, mealTypesIds: readonly number[]): ServingDevice {
  const queryClient = useQueryClient();
  const [online, setOnlineState] = useState(() => navigator.onLine);
  // Read by a scan at once (the state is a render behind): false after a request found no server.
  const reachable = useRef(navigator.onLine);
  const setOnline = useCallback((value: boolean) => {
    reachable.current = value;
    setOnlineState(value);
  }, []);
  const [queue, setQueue] = useState<QueuedScan[]>(() => loadQueue(host()));
  const [followUps, setFollowUps] = useState<FollowUp[]>(() => loadFollowUps(host()));
  const [lastSync, setLastSync] = useState<string | null>(() => loadLastSync(host()));
  // The device's storage is the roster's one copy (another tab serving the same day shares it); the state
  // only makes the screen follow it. Another day shows that day's stored roster at once.
  const [rosterState, setRosterState] = useState(() => ({ date, roster: loadRoster(host(), date) }));
  if (rosterState.date !== date) setRosterState({ date, roster: loadRoster(host(), date) });
  const roster = rosterState.date === date ? rosterState.roster : null;
  const syncing = useRef<Promise<boolean> | null>(null);
  const dateRef = useRef(date);

  // When the device's storage is full the roster still serves this page from memory.
  const memoryRoster = useRef<Roster | null>(null);
  const currentRoster = useCallback(
    (day: string): Roster | null => loadRoster(host(), day) ?? (memoryRoster.current?.date === day ? memoryRoster.current : null),
    [],
  );

  const storeRoster = useCallback((next: Roster | null) => {
    if (!next) return;
    memoryRoster.current = next;
    try {
      saveRoster(host(), next);
    } catch {
      // QuotaExceededError: the stale copy must not answer for the new one.
      removeKey(terminalKeys.roster(host(), next.date));
    }
    setRosterState({ date: next.date, roster: next });
  }, []);

  const markSynced = useCallback(() => {
    const at = nowIso();
    saveLastSync(host(), at);
    setLastSync(at);
    setOnline(true);
  }, [setOnline]);

  // Every change of the queue goes through storage first: another tab of the same device sees it.
  const updateQueue = useCallback((change: (current: QueuedScan[]) => QueuedScan[]) => {
    const next = change(loadQueue(host()));
    saveQueue(host(), next);
    setQueue(next);
  }, []);

  const refreshRoster = useCallback(async () => {
    const wanted = dateRef.current;
    try {
      const fresh = await getRoster(wanted);
      if (dateRef.current !== wanted) return;
      storeRoster(withPendingScans(fresh, loadQueue(host())));
      markSynced();
    } catch (error) {
      if (error instanceof TypeError) setOnline(false);
    }
  }, [markSynced, setOnline, storeRoster]);

  const sync = useCallback((): Promise<boolean> => {
    if (syncing.current) return syncing.current;
    const run = async (): Promise<boolean> => {
      const pending = loadQueue(host());
      if (pending.length === 0) return true;
      const send = async (scan: QueuedScan): Promise<SendOutcome> => {
        try {
          const answer = await scanCard(scan.date, scan.cardNumber, {
            mealTypesIds: scan.mealTypesIds,
            clientScanId: scan.clientScanId,
            scannedAt: scan.scannedAt,
            terminalId: scan.terminalId,
            offline: true,
            ...(scan.clashDecision ? { clashDecision: scan.clashDecision } : {}),
          });
          if (answer.ok) return { kind: 'answered', ok: true, message: answer.data.message, scan: answer.data };
          if (isRetryableStatus(answer.status)) return { kind: 'unreachable' };
          return { kind: 'answered', ok: false, message: answer.message, scan: answer.scan };
        } catch (error) {
          if (error instanceof TerminalUnreachable) return { kind: 'unreachable' };
          throw error;
        }
      };
      const report = await syncQueue(pending, send, nowIso, (scan, followUp) => {
        updateQueue((current) => removeScans(current, new Set([scan.clientScanId])));
        if (followUp) {
          const next = addFollowUps(loadFollowUps(host()), [followUp]);
          saveFollowUps(host(), next);
          setFollowUps(next);
        }
      });
      if (report.answered.length > 0) {
        void queryClient.invalidateQueries({ queryKey: TERMINAL_KEY });
      }
      if (report.complete) {
        markSynced();
        // The server's view replaces the local marks of the scans it has now answered.
        void refreshRoster();
      } else {
        setOnline(false);
      }
      return report.complete;
    };
    syncing.current = run().finally(() => {
      syncing.current = null;
    });
    return syncing.current;
  }, [markSynced, queryClient, refreshRoster, setOnline, updateQueue]);

  // The served day's roster: from the device at once, then from the server, again every few minutes.
  useEffect(() => {
    dateRef.current = date;
    void refreshRoster();
    const timer = window.setInterval(() => void refreshRoster(), ROSTER_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [date, refreshRoster]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [setOnline, sync]);

  // Waiting scans are sent, or, with none waiting, the roster download tells when the server is back.
  const waiting = queue.length > 0;
  useEffect(() => {
    if (!waiting && online) return;
    const retry = () => void (waiting ? sync() : refreshRoster());
    if (waiting) retry();
    const timer = window.setInterval(retry, SYNC_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, online, sync, refreshRoster]);

  const scan = useCallback(
    async (cardNumber: string, clashDecision?: ClashDecision): Promise<ScanOutcome> => {
      const clientScanId = makeId();
      const scannedAt = nowIso();
      const ids = [...mealTypesIds];
      const decideOffline = (): ScanOutcome => {
        setOnline(false);
        const stored = currentRoster(date);
        const { decision, roster: next } = decideLocally(stored, cardNumber, ids, scannedAt, clashDecision);
        if (next !== stored) storeRoster(next);
        const queued = shouldQueue(decision);
        if (queued) {
          const subject = decision.subject;
          updateQueue((current) =>
            enqueue(current, {
              clientScanId,
              date,
              cardNumber: cardNumber.trim(),
              mealTypesIds: ids,
              scannedAt,
              terminalId: terminalId(),
              offline: true,
              ...(clashDecision ? { clashDecision } : {}),
              subjectName: subject ? `${subject.firstName} ${subject.lastName}` : null,
            }),
          );
        }
        return { source: 'local', decision, queued, clientScanId };
      };
      // The browser knows it has no network, or the last request found no server: decide at once rather than
      // keep the queue of children waiting for a request to time out; the retries above notice the way back.
      if (!navigator.onLine || !reachable.current) return decideOffline();
      // Waiting scans go first: a child served offline and scanned again once the network is back must meet
      // the server knowing of the first serving. Still unreachable: the device decides, without a second wait.
      if (loadQueue(host()).length > 0 && !(await sync())) return decideOffline();
      try {
        const answer = await scanCard(date, cardNumber.trim(), {
          mealTypesIds: ids,
          clientScanId,
          scannedAt,
          terminalId: terminalId(),
          offline: false,
          ...(clashDecision ? { clashDecision } : {}),
        });
        setOnline(true);
        void queryClient.invalidateQueries({ queryKey: TERMINAL_KEY });
        if (answer.ok) {
          storeRoster(applyServerItems(currentRoster(date), answer.data.subject, answer.data.items));
          return { source: 'server', ok: true, message: answer.data.message, scan: answer.data };
        }
        if (answer.scan) storeRoster(applyServerItems(currentRoster(date), answer.scan.subject, answer.scan.items));
        return { source: 'server', ok: false, message: answer.message, scan: answer.scan };
      } catch (error) {
        if (error instanceof TerminalUnreachable) return decideOffline();
        throw error;
      }
    },
    [currentRoster, date, mealTypesIds, queryClient, setOnline, storeRoster, sync, updateQueue],
  );

  const clearFollowUp = useCallback((clientScanId: string) => {
    const next = loadFollowUps(host()).filter((entry) => entry.clientScanId !== clientScanId);
    saveFollowUps(host(), next);
    setFollowUps(next);
  }, []);

  const applyServerScan = useCallback(
    (result: ScanResult | null) => {
      if (result) storeRoster(applyServerItems(currentRoster(date), result.subject, result.items));
    },
    [currentRoster, date, storeRoster],
  );

  const waitingIds = useMemo(() => new Set(queue.map((entry) => entry.clientScanId)), [queue]);

  return { online, queued: queue.length, waitingIds, followUps, lastSync, roster, scan, sync, clearFollowUp, applyServerScan };
}
