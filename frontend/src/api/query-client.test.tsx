import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/test/server';
import { api, expectOk } from './client';
import { createQueryClient, QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS, retryDelay } from './query-client';

describe('query client', () => {
  afterEach(() => vi.useRealTimers());

  it('doubles the retry delay from 1000 ms and caps it at 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(QUERY_STALE_TIME_MS).toBe(60_000);
    expect(defaults?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
  });

  it('retries a failing server call 3 times, waiting 1 s, 2 s and 4 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    server.use(
      http.get(apiUrl('broken'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'Error occured while processing your request.', errors: {} }, { status: 500 });
      }),
    );
    const client = createQueryClient();
    const result = client
      .fetchQuery({ queryKey: ['broken'], queryFn: async () => expectOk(await api.get('broken')) })
      .catch((error: unknown) => error);
    // Lets MSW answer without moving the fake clock (vi.waitFor would advance it).
    const settle = async () => {
      for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
    };
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    await settle();
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(4000);
    await settle();
    expect(calls).toBe(4);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(await result).toBeInstanceOf(Error);
    expect(calls).toBe(4);
  });

  it('does not retry a 4xx answer', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('missing'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'Not found.', errors: {} }, { status: 404 });
      }),
    );
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['missing'], queryFn: async () => expectOk(await api.get('missing')) }),
    ).rejects.toThrow('Not found.');
    expect(calls).toBe(1);
  });
});
