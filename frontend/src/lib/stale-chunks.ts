/**
 * A page's code comes in hashed chunks (lazy-page.ts). After a deploy, a tab still running the previous build asks
 * for chunks the server no longer has; a reload fetches the new build, so a failed chunk reloads the page once.
 * A page opened by that reload never reloads by itself again: its chunk is then missing for another reason (a
 * dropped connection, a broken deploy), and another reload would only loop.
 */

/** sessionStorage (this tab only): when the page last reloaded for a failed chunk, in epoch milliseconds. */
export const RELOADED_AT_KEY = 'kantyna.staleChunkReloadedAt';

/** A page that started this soon after such a reload is its result (a reload starts the next page at once). */
const RELOAD_TO_PAGE_START_MS = 60_000;

// Chromium, Firefox and Safari word a failed import() differently; Vite's preload helper words a failed stylesheet.
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}

type ReloadState = 'none' | 'underWay' | 'done' | 'unrecordable';

function reloadState(): ReloadState {
  let stored: string | null;
  try {
    stored = window.sessionStorage.getItem(RELOADED_AT_KEY);
  } catch {
    // Without a memory of the reload there is no way to stop a loop: never reload by itself.
    return 'unrecordable';
  }
  const reloadedAt = Number(stored);
  if (stored === null || !Number.isFinite(reloadedAt)) return 'none';
  // Recorded after this page started: this very page asked for it, and is going away.
  if (reloadedAt >= performance.timeOrigin) return 'underWay';
  return performance.timeOrigin - reloadedAt < RELOAD_TO_PAGE_START_MS ? 'done' : 'none';
}

/** Whether a failed chunk here reloads the page (or already does), rather than leaving the error to be shown. */
export function reloadsForStaleChunk(): boolean {
  const state = reloadState();
  return state === 'none' || state === 'underWay';
}

/** Reloads the page for a failed chunk, unless this page came from such a reload or is already reloading. */
export function reloadForStaleChunk(): void {
  if (reloadState() !== 'none') return;
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return; // a full storage: no memory of the reload, so none (a spinner stays, a loop would be worse)
  }
  window.location.reload();
}

/**
 * Vite's preload helper fires `vite:preloadError` when a lazily imported module or its stylesheet fails, also
 * for code a page imports on demand outside the routes. Not prevented: the error still reaches the route's error
 * element (RouteError.tsx), which waits for the reload or, on a page opened by it, explains.
 */
export function listenForStaleChunks(): () => void {
  window.addEventListener('vite:preloadError', reloadForStaleChunk);
  return () => window.removeEventListener('vite:preloadError', reloadForStaleChunk);
}
