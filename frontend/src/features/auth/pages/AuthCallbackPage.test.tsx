import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { makeJwt, makeTenantStatus, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('AuthCallbackPage', () => {
  it('stores the token (demoToken on a demo tenant) and tenants, drops the fragment and goes to the role home', async () => {
    const token = makeJwt();
    const tenants = [{ slug: 'acme', name: 'Acme', url: 'https://acme.example.com' }];
    server.use(
      http.get(apiUrl('tenant/status'), () =>
        HttpResponse.json(makeTenantStatus({ tenant: { slug: 'demo', name: 'Demo', demo: true, defaultLocale: 'pl' } })),
      ),
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_COOK']))),
    );
    window.history.replaceState(null, '', `/auth/callback#token=${token}&tenants=${encodeURIComponent(JSON.stringify(tenants))}`);
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminal'));
    expect(document.cookie).toContain(`demoToken=${token}`);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.tenants) ?? '[]')).toEqual(tenants);
    expect(window.location.hash).toBe('');
  });

  it('explains an invalid sign-in link', async () => {
    window.history.replaceState(null, '', '/auth/callback#token=broken');
    renderApp('/auth/callback');
    expect(await screen.findByText('The sign-in link is invalid or has expired.')).toBeInTheDocument();
  });
});
