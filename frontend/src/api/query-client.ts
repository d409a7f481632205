import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/toasts/toast-store';
import { ApiError, isAbortError } from './client';

export const QUERY_RETRY_COUNT = 3;
export const QUERY_STALE_TIME_MS = 60_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;
const RETRY_BASE_DELAY_MS = 1000;
const RETRY_MAX_DELAY_MS = 30_000;

/** TanStack passes 0 before the first retry, so the waits are 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}

/** Client errors will not change on a retry; only server and network failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY_COUNT;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function reportError(error: unknown, silent: boolean | undefined): void {
  if (silent || isAbortError(error)) return;
  if (error instanceof ApiError && error.handled) return;
  notify({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportError(error, query.meta?.silent),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
