import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

function given(roles: Role[], allowPrepaidOrders: boolean, abilities: string[] = []) {
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { id: 7, abilities }))),
    http.get(apiUrl('common/settings/presencesMarkingConfig'), () =>
      HttpResponse.json({
        allowAnyDiets: false,
        allowNotes: true,
        allowPrepaidOrders,
        allowOnlyOneDietAndMealType: false,
        allowSubscribedPayments: false,
        requireLastMonthToBePaid: false,
      }),
    ),
  );
  signIn();
}

const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' });

describe('the prepaid order menu entry', () => {
  it('given a tenant that does not allow prepaid orders, when a parent opens the app, then the menu does not offer them', async () => {
    given(['ROLE_PARENT'], false);
    renderApp('/orders/createPrepaidOrder');
    // The page refuses once the tenant's settings are in: the menu has read the same settings by then.
    expect(await screen.findByText('Prepaid orders are not available.')).toBeInTheDocument();
    const menu = await mainMenu();
    expect(within(menu).getByRole('link', { name: 'Billing' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Prepaid order' })).not.toBeInTheDocument();
  });

  it('given a tenant that allows prepaid orders, when a parent opens the app, then the menu offers them', async () => {
    given(['ROLE_PARENT'], true);
    renderApp('/orders/createPrepaidOrder');
    const menu = await mainMenu();
    expect(await within(menu).findByRole('link', { name: 'Prepaid order' })).toHaveAttribute('href', '/orders/createPrepaidOrder');
  });

  it('given a tenant that does not allow prepaid orders, when an admin opens the app, then the menu still offers them', async () => {
    given(['ROLE_ADMIN'], false);
    renderApp('/home');
    const menu = await mainMenu();
    expect(await within(menu).findByRole('link', { name: 'Prepaid order' })).toHaveAttribute('href', '/orders/createPrepaidOrder');
  });
});

describe("the kitchen's pages in the menu", () => {
  it('given an admin, when the app opens, then the kitchen pages sit under one Kitchen dropdown in the order of the day, not in the top row', async () => {
    given(['ROLE_ADMIN'], false);
    const { user } = renderApp('/home');
    const menu = await mainMenu();
    expect(within(menu).queryByRole('link', { name: 'Meals to prepare' })).not.toBeInTheDocument();

    await user.click(await within(menu).findByRole('button', { name: 'Kitchen' }));
    const names = within(menu)
      .getAllByRole('link')
      .filter((link) => link.classList.contains('dropdown-item'))
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(names).toEqual([
      ['Meals to prepare', '/mealsToPrepare'],
      ['Meals to release', '/mealsToRelease'],
      ['Meals to release by institution', '/nestedMealsToRelease'],
      ['Meals to release report', '/mealsToReleaseReport'],
      ['Order labels', '/ordersLabels'],
      ['Daily meals releases', '/dailyMealsReleases'],
    ]);
  });
});

describe('the help menu', () => {
  it('given a parent, when the app opens, then Help offers the help request and the tickets', async () => {
    given(['ROLE_PARENT'], false, ['tickets.view']);
    const { user } = renderApp('/home');
    const menu = await mainMenu();
    await user.click(await within(menu).findByRole('button', { name: 'Help' }));
    expect(await within(menu).findByRole('link', { name: 'Help request' })).toHaveAttribute('href', '/helpTickets/create');
    expect(within(menu).getByRole('link', { name: 'Tickets' })).toHaveAttribute('href', '/tickets');
  });

  it('given a cook, when the app opens, then Help offers the help request only', async () => {
    given(['ROLE_COOK'], false);
    const { user } = renderApp('/home');
    const menu = await mainMenu();
    await user.click(await within(menu).findByRole('button', { name: 'Help' }));
    expect(await within(menu).findByRole('link', { name: 'Help request' })).toHaveAttribute('href', '/helpTickets/create');
    expect(within(menu).queryByRole('link', { name: 'Tickets' })).not.toBeInTheDocument();
  });

  it('given an institutions admin without tickets_manage, when the app opens, then Help offers the help request only', async () => {
    given(['ROLE_INSTITUTIONS_ADMIN'], false, []);
    const { user } = renderApp('/home');
    const menu = await mainMenu();
    await user.click(await within(menu).findByRole('button', { name: 'Help' }));
    expect(await within(menu).findByRole('link', { name: 'Help request' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Tickets' })).not.toBeInTheDocument();
  });

  it('given an institutions admin with tickets_manage, when the app opens, then Help offers the tickets too', async () => {
    given(['ROLE_INSTITUTIONS_ADMIN'], false, ['tickets.view', 'tickets.manage']);
    const { user } = renderApp('/home');
    const menu = await mainMenu();
    await user.click(await within(menu).findByRole('button', { name: 'Help' }));
    expect(await within(menu).findByRole('link', { name: 'Tickets' })).toHaveAttribute('href', '/tickets');
  });
});
