import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { apiUrl, server } from '@/test/server';
import { api, ApiError, UNAVAILABLE_MESSAGE } from './client';
import { shouldRetry } from './query-client';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('a server that is temporarily unavailable', () => {
  it("shows the server's 503 sentence in Polish and keeps the call retryable", async () => {
    await i18n.changeLanguage('pl');
    server.use(
      http.get(apiUrl('diets'), () =>
        HttpResponse.json({ message: UNAVAILABLE_MESSAGE, errors: {} }, { status: 503, headers: { 'Retry-After': '5' } }),
      ),
    );

    const error = await failureOf(api.get('diets'));

    expect(error.status).toBe(503);
    expect(error.message).toBe('Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.');
    expect(shouldRetry(0, error)).toBe(true);
  });

  it("says the same when a proxy's page answers 502 without our JSON", async () => {
    server.use(
      http.get(apiUrl('diets'), () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })),
    );

    const error = await failureOf(api.get('diets'));

    expect(error.status).toBe(502);
    expect(error.message).toBe('Service temporarily unavailable. Please try again in a moment.');
  });

  it('keeps the generic sentence for other server errors without a message', async () => {
    server.use(http.get(apiUrl('diets'), () => new HttpResponse('oops', { status: 500 })));

    const error = await failureOf(api.get('diets'));

    expect(error.message).toBe('Error occured while processing your request.');
  });
});
