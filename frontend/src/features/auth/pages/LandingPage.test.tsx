import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { makeTenantStatus } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const callbackNext = `?next=${encodeURIComponent(`${window.location.origin}/auth/callback`)}&lang=en`;

describe('LandingPage', () => {
  it('shows a spinner, then Login and the Register block when the status has data', async () => {
    // The status is held until the page is on screen: it would otherwise often arrive before the page's code.
    let releaseStatus!: () => void;
    const statusHeld = new Promise<void>((resolve) => (releaseStatus = resolve));
    server.use(
      http.get(apiUrl('tenant/status'), async () => {
        await statusHeld;
        return HttpResponse.json(makeTenantStatus());
      }),
    );
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    releaseStatus();
    expect(await screen.findByText('Please choose an option to continue')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Already have an account?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('href', `/sso/login${callbackNext}`);
    expect(screen.getByRole('heading', { name: 'Create a new account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth/register');
  });

  it('goes straight to the external login when the status has no data', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    server.use(http.get(apiUrl('tenant/status'), () => HttpResponse.json(makeTenantStatus({ data: null }))));
    renderApp('/auth/login');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/sso/login${callbackNext}`));
    expect(screen.queryByRole('heading', { name: 'Create a new account' })).not.toBeInTheDocument();
  });

  it('speaks natural Polish', async () => {
    await i18n.changeLanguage('pl');
    renderApp('/auth/login');
    expect(await screen.findByText('Wybierz opcję, aby kontynuować')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Witamy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Masz już konto?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Utwórz nowe konto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zarejestruj się' })).toBeInTheDocument();
  });
});
