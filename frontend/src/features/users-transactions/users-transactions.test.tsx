import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, money, server } from '@/test/server';
import type { PayerBalance } from '@/components/transactions';

const anna: PayerBalance = {
  id: 5,
  firstName: 'Anna',
  lastName: 'Nowak',
  fullName: 'Anna Nowak',
  email: 'anna@example.com',
  roles: ['ROLE_PARENT'],
  isActive: true,
  balance: money('37.50'),
};
const jan: PayerBalance = {
  ...anna,
  id: 6,
  firstName: 'Jan',
  lastName: 'Kowal',
  fullName: 'Jan Kowal',
  email: 'jan@example.com',
  roles: ['ROLE_INSTITUTION_WORKER'],
  balance: money('-12.00'),
};

function servePayers() {
  const payers: URLSearchParams[] = [];
  const insufficient: URLSearchParams[] = [];
  const page = (items: PayerBalance[]) => HttpResponse.json({ items, total: items.length, page: 1, perPage: 20 });
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['transactions.view'] }))),
    http.get(apiUrl('transactions/users'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      payers.push(params);
      return page(params.get('negative') === 'true' ? [jan] : [anna, jan]);
    }),
    http.get(apiUrl('transactions/insufficientFunds'), ({ request }) => {
      insufficient.push(new URL(request.url).searchParams);
      return page([jan]);
    }),
  );
  return { payers, insufficient };
}

describe('users transactions screen', () => {
  it('given payers, when the page opens, then it lists their balances with a link to each one’s transactions', async () => {
    signIn();
    servePayers();
    renderApp('/usersTransactions');
    const table = await screen.findByRole('table', { name: 'All payers' });
    await within(table).findByRole('cell', { name: 'anna@example.com' });
    const [, annaRow, janRow] = within(table).getAllByRole('row');
    expect(annaRow).toHaveTextContent(/^NowakAnnaanna@example.comParentPLN\s37\.50Transactions$/);
    expect(janRow).toHaveTextContent(/^KowalJanjan@example.comInstitution worker-PLN\s12\.00Transactions$/);
    expect(within(table).getByRole('link', { name: 'Transactions of Anna Nowak' })).toHaveAttribute('href', '/transactions?userId=5');
  });

  it('given the negative switch, when it is turned on, then only balances below zero are asked for', async () => {
    signIn();
    const { payers } = servePayers();
    const { user, router } = renderApp('/usersTransactions');
    await screen.findByRole('cell', { name: 'anna@example.com' });
    await user.click(screen.getByRole('checkbox', { name: 'Only balances below zero' }));
    await waitFor(() => expect(payers.at(-1)?.get('negative')).toBe('true'));
    expect(router.state.location.search).toBe('?negative=true');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'anna@example.com' })).not.toBeInTheDocument());
  });

  it('given payers below the ordering limit, when the insufficient funds tab is opened, then it lists them', async () => {
    signIn();
    const { insufficient } = servePayers();
    const { user, router } = renderApp('/usersTransactions?negative=true');
    await screen.findByRole('cell', { name: 'jan@example.com' });
    expect(insufficient).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Insufficient funds' }));
    const table = await screen.findByRole('table', { name: 'Insufficient funds' });
    expect(await within(table).findByRole('cell', { name: 'jan@example.com' })).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: 'anna@example.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Insufficient funds' })).toHaveAttribute('aria-current', 'page');
    // The payers tab's filter is left behind.
    expect(router.state.location.search).toBe('?tab=insufficientFunds');
    expect(insufficient.at(-1)?.get('negative')).toBeNull();
  });
});
