import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, data, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { listenForStaleChunks, RELOADED_AT_KEY } from '@/lib/stale-chunks';
import { makeUser } from '@/test/fixtures';
import { signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { lazyPage } from './lazy-page';
import { createAppRoutes } from './routes';

const TITLE = 'This page could not be shown';
const LOAD_FAILED = 'Its code did not arrive from the server. Check your internet connection and try again.';
const FAILED = 'Something went wrong on our side. Try again; if it happens again, go back to the home page.';

function findRoute(routes: RouteObject[], name: string): RouteObject | undefined {
  for (const route of routes) {
    if ((route.handle as { name?: string } | undefined)?.name === name) return route;
    const found = route.children && findRoute(route.children, name);
    if (found) return found;
  }
  return undefined;
}

/** The whole app at /profile, a signed-in parent, the profile route changed (its error element kept). */
function renderProfileAs(change: Partial<RouteObject>) {
  const routes = createAppRoutes();
  const profile = findRoute(routes, 'profile');
  if (!profile) throw new Error('no profile route');
  Object.assign(profile, change);
  const router = createMemoryRouter(routes, { initialEntries: ['/profile'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup() };
}

/** A page whose code fails to arrive, as Chromium words it (each call a new page: React.lazy keeps its failure). */
function pageWithMissingChunk(): ReactElement {
  const Missing = lazyPage<'ProfilePage', object>(
    () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/ProfilePage-old.js')),
    'ProfilePage',
  );
  return <Missing />;
}

function Broken(): ReactElement {
  throw new Error('Cannot read properties of undefined (secret detail)');
}

function mockReload() {
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  return reload;
}

function expectNoDeveloperPage() {
  expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  expect(screen.queryByText(/Hey developer/)).not.toBeInTheDocument();
  expect(screen.queryByText(/secret detail|Failed to fetch/)).not.toBeInTheDocument();
}

describe('route error element', () => {
  beforeEach(() => {
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT']))));
    signIn();
    // React Router logs the error it caught; the tests check what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('reloads the page once when a page’s code fails to load (a deploy replaced it), showing no error meanwhile', async () => {
    const reload = mockReload();
    renderProfileAs({ element: pageWithMissingChunk() });

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(RELOADED_AT_KEY)).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page...');
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    expectNoDeveloperPage();
  });

  it('on the page that reload opened, shows the failure in the menu’s layout with Try again, and reloads no more', async () => {
    // The previous page of this tab reloaded for a failed chunk just before this one started.
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(performance.timeOrigin - 1_000));
    const reload = mockReload();
    const { user } = renderProfileAs({ element: pageWithMissingChunk() });

    expect(await screen.findByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expectNoDeveloperPage();
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows a page that fails for another reason as a failure with Try again, never the developer page', async () => {
    const reload = mockReload();
    renderProfileAs({ element: <Broken /> });

    expect(await screen.findByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expectNoDeveloperPage();
    expect(reload).not.toHaveBeenCalled();
  });

  it('words a route answering 404 as not found, with the way home and no Try again', async () => {
    renderProfileAs({
      loader: () => {
        throw data(null, { status: 404 });
      },
    });

    expect(
      await screen.findByText('What you are looking for is not here: it may have been removed, or you have no access to it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('reloads once on Vite’s preload error, not again while that reload is under way', () => {
    const reload = mockReload();
    const stopListening = listenForStaleChunks();
    try {
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    } finally {
      stopListening();
    }
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
