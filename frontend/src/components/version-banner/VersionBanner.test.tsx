import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const banner = 'New version of application is available.';

describe('VersionBanner', () => {
  it('stays hidden while the deployed version is the running one', async () => {
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
  });

  it('offers the new version and hides until reload when closed', async () => {
    server.use(http.get('*/version.json', () => HttpResponse.json({ version: 'next-build' })));
    const { user } = renderApp('/auth/login');
    expect(await screen.findByText(banner)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
  });

  it('stores the available version as current and reloads', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    server.use(http.get('*/version.json', () => HttpResponse.json({ version: 'next-build' })));
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Load new version' }));
    expect(window.localStorage.getItem(storageKeys.appVersion)).toBe('next-build');
    expect(reload).toHaveBeenCalled();
  });

  it('shows no banner when the file has no version', async () => {
    let served = false;
    server.use(
      http.get('*/version.json', () => {
        served = true;
        return HttpResponse.json({ build: 'x' });
      }),
    );
    renderApp('/auth/login');
    await waitFor(() => expect(served).toBe(true));
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
  });
});
