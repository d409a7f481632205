import { queryOptions } from '@tanstack/react-query';
import { genericApiError } from '@/api/client';

export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

/** Reads the deployed build's version; a file without one is an unexpected shape. */
export async function getAvailableVersion(): Promise<string> {
  const response = await fetch(new URL('/version.json', window.location.origin), { cache: 'no-store' });
  if (!response.ok) throw genericApiError(response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw genericApiError(response.status);
  }
  if (typeof body !== 'object' || body === null || typeof (body as { version?: unknown }).version !== 'string') {
    throw genericApiError(response.status);
  }
  return (body as { version: string }).version;
}

export const availableVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['appVersion'],
    queryFn: getAvailableVersion,
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    staleTime: 0,
    // A failed check must not interrupt the user; the banner simply stays hidden.
    meta: { silent: true },
  });
