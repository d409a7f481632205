import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';
import { builtRouteNames } from './built-routes';
import { roleHome, routeTable } from './route-table';

function signInAs(roles: Role[]) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles))));
  signIn();
}

describe('route guard', () => {
  it('sends a visitor without a session from a role route to the login page', async () => {
    const { router } = renderApp('/settings/tenant/fees');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('redirects / and unknown paths to /dashboard, which then needs a session', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it.each<[Role, string]>([
    ['ROLE_COOK', '/terminal'],
    ['ROLE_PARENT', '/calendar/user'],
    ['ROLE_INSTITUTION_WORKER', '/calendar/user'],
    ['ROLE_INSTITUTIONS_ADMIN', '/orders'],
    ['ROLE_TICKET_ADMIN', '/home'],
    ['ROLE_MANAGE_REPORTS', '/home'],
    ['ROLE_EMPLOYEE', '/home'],
  ])('sends %s lacking the route role to %s', async (role, home) => {
    signInAs([role]);
    const { router } = renderApp('/settings/tenant');
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
    expect(roleHome([role])).toBe(home);
  });

  it('gives an admin the dashboard as home (an institutions admin who is also an admin keeps the orders)', () => {
    expect(roleHome(['ROLE_ADMIN'])).toBe('/dashboard');
    expect(roleHome(['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'])).toBe('/orders');
  });

  it('sends a signed-in user who opens the login page to the role home', async () => {
    signInAs(['ROLE_TICKET_ADMIN']);
    const { router } = renderApp('/auth/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Anna' })).toBeInTheDocument();
  });

  // A route of the table without its page would show the "being built" placeholder: none may be left.
  it('builds a page for every route of the table, so no placeholder is ever shown', () => {
    const unbuilt = routeTable.filter((route) => !builtRouteNames.has(route.name)).map((route) => route.path);
    expect(unbuilt).toEqual([]);
  });

  it("gives a parent a menu link to their own children's page", async () => {
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT'], { id: 7 }))));
    signIn();
    renderApp('/calendar/user');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'My children' })).toHaveAttribute('href', '/parents/7/children');
  });

  it('lets the admin open tenant settings, landing on the presences tab', async () => {
    signInAs(['ROLE_ADMIN']);
    const { router } = renderApp('/settings/tenant');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/tenant/presences'));
    expect(await screen.findByRole('form', { name: 'Presences marking' })).toBeInTheDocument();
  });

  it('redirects the register routes to login when self-registration is off', async () => {
    server.use(
      http.get(apiUrl('common/settings/parentsSettings/allowSelfRegistration'), () =>
        HttpResponse.json({ allowSelfRegistration: false }),
      ),
    );
    const { router } = renderApp('/auth/register/sp-12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('opens the register page when self-registration is on', async () => {
    server.use(
      http.get(apiUrl('auth/register/childOptions'), () =>
        HttpResponse.json({
          settings: { registerAs: 'both', invoicesForUsers: false, allowChangingAllergens: true, allowChangingAllergensNote: true, cateringTermsUrl: null },
          institutionsOptions: [],
          dietsOptions: [],
          allergensOptions: [],
          districtsOptions: [],
          classroomsOptions: [],
        } satisfies Partial<Schemas['ChildOptions']>),
      ),
    );
    renderApp('/auth/register');
    expect(await screen.findByRole('heading', { name: 'Register account' })).toBeInTheDocument();
  });
});
