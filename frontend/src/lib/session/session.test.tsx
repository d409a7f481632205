import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, api, expectCreated, expectStatus } from '@/api/client';
import { sessionStore } from '@/lib/session-store';
import { storageKeys } from '@/lib/storage';
import { makeJwt, makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('session', () => {
  it('logs out on a 401, clears the cache and asks to log in again', async () => {
    window.localStorage.setItem(storageKeys.balance, JSON.stringify({ amount: '5.00', currency: 'PLN' }));
    signIn();
    const logoutCalls: string[] = [];
    server.use(
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN']))),
      http.post(apiUrl('auth/logout'), ({ request }) => {
        logoutCalls.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json({ status: true });
      }),
    );
    const { router, queryClient } = renderApp('/settings/tenant/fees');
    expect(await screen.findByRole('form', { name: 'Fees' })).toBeInTheDocument();

    server.use(
      http.get(apiUrl('common/settings/fiscalConfig'), () =>
        HttpResponse.json({ message: 'Unauthenticated.', errors: {} }, { status: 401 }),
      ),
    );
    await router.navigate('/settings/tenant/fiscalization');

    expect(await screen.findByText('Please login again, to continue.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(document.cookie).not.toContain('token=');
    expect(queryClient.getQueryData(['auth', 'currentUser'])).toBeUndefined();
    expect(window.localStorage.getItem(storageKeys.balance)).toBeNull();
    expect(logoutCalls).toHaveLength(1);
    expect(screen.getAllByText('Please login again, to continue.')).toHaveLength(1);
  });

  it('treats an expired token as absent', async () => {
    signIn(makeJwt(-60));
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(sessionStore.getToken()).toBeNull();
  });

  it('sends the bearer token and the user-locale header', async () => {
    const token = signIn();
    const seen: { auth: string | null; locale: string | null }[] = [];
    server.use(
      http.get(apiUrl('auth/currentUser'), ({ request }) => {
        seen.push({ auth: request.headers.get('Authorization'), locale: request.headers.get('user-locale') });
        return HttpResponse.json(makeUser(['ROLE_ADMIN']));
      }),
    );
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome, Anna' });
    expect(seen[0]).toEqual({ auth: `Bearer ${token}`, locale: 'en' });
  });
});

describe('response checks', () => {
  it('translates the message and appends field errors as bullet lines', async () => {
    server.use(
      http.put(apiUrl('common/account/phoneNumbers'), () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { phoneNumber: ['This field is required.'] } },
          { status: 400 },
        ),
      ),
    );
    const error = await api.put('common/account/phoneNumbers', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The given data was invalid.\n• This field is required.');
    expect((error as ApiError).fieldErrors).toEqual({ phoneNumber: ['This field is required.'] });
  });

  it('falls back to the generic message and reports 403 as Forbidden.', async () => {
    server.use(
      http.get(apiUrl('a'), () => new HttpResponse('oops', { status: 500 })),
      http.get(apiUrl('b'), () => HttpResponse.json({}, { status: 403 })),
    );
    await expect(api.get('a')).rejects.toThrow('Error occured while processing your request.');
    await expect(api.get('b')).rejects.toThrow('Forbidden.');
  });

  it('rejects unexpected shapes with the generic error', () => {
    expect(() => expectCreated({ status: 200, data: { id: 1 } })).toThrow('Error occured while processing your request.');
    expect(() => expectCreated({ status: 201, data: { id: '1' as unknown as number } })).toThrow(ApiError);
    expect(expectCreated({ status: 201, data: { id: 7 } })).toEqual({ id: 7 });
    expect(() => expectStatus({ status: 200, data: { status: false } })).toThrow(ApiError);
  });
});
