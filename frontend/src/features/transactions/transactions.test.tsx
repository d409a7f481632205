import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, renderApp } from '@/test/render';
import { makeUser } from '@/test/fixtures';
import { apiUrl, money, server } from '@/test/server';
import type { Totals, Transaction } from '@/lib/transactions/ledger';
import { makeTransaction } from '@/test/ledger-fixtures';

const deposit = makeTransaction();
const charge: Transaction = {
  ...deposit,
  id: 12,
  kind: 'charge',
  amount: money('-12.50'),
  effectiveAmount: money('-12.50'),
  balanceAfter: money('37.50'),
  bookedOn: '2026-11-03',
  description: 'Obiad',
  idempotencyKey: 'charge:item:3',
  child: { id: 8, fullName: 'Ola Nowak' },
  author: null,
};
const totals: Totals = {
  count: 2,
  total: money('37.50'),
  byKind: {
    deposit: money('50.00'),
    charge: money('-12.50'),
    refund: money('0.00'),
    fee: money('0.00'),
    correction: money('0.00'),
    payout: money('0.00'),
  },
};

function serveLedger(abilities: string[] = ['transactions.view', 'transactions.edit']) {
  const lists: URLSearchParams[] = [];
  const deleted: string[] = [];
  const created: unknown[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities }))),
    http.get(apiUrl('transactions'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const kind = params.get('kind');
      const items = [charge, deposit].filter((row) => !kind || row.kind === kind);
      return HttpResponse.json({ items, total: items.length, page: 1, perPage: 20 });
    }),
    http.get(apiUrl('transactions/totals'), () => HttpResponse.json(totals)),
    http.get(apiUrl('transactions/users'), () =>
      HttpResponse.json({
        items: [{ id: 5, firstName: 'Anna', lastName: 'Nowak', fullName: 'Anna Nowak', email: 'anna@example.com', roles: ['ROLE_PARENT'], isActive: true, balance: money('37.50') }],
        total: 1,
        page: 1,
        perPage: 9999,
      }),
    ),
    http.post(apiUrl('transactions'), async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ id: 13 }, { status: 201 });
    }),
    http.delete(apiUrl('transactions/:id'), ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ status: true });
    }),
  );
  return { lists, deleted, created };
}

describe('transactions screen', () => {
  it('lists transactions with kinds, signed amounts and totals, and filters by kind through the URL', async () => {
    signIn();
    const { lists } = serveLedger();
    const { user, router } = renderApp('/transactions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(await within(table).findByRole('cell', { name: 'Obiad' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/03\/11\/2026Anna NowakOla NowakChargeObiad-PLN\s12\.50/);
    const summary = await screen.findByLabelText('Totals');
    expect(summary).toHaveTextContent('Total (2 transactions)');
    expect(summary).toHaveTextContent(/PLN\s37\.50/);

    await user.selectOptions(screen.getByLabelText('Type'), 'Deposit');
    await waitFor(() => expect(lists.at(-1)?.get('kind')).toBe('deposit'));
    expect(router.state.location.search).toBe('?kind=deposit');
  });

  it('given a payer filter from the payers list, when the page opens, then the payer is named and the filter can be cleared', async () => {
    signIn();
    const { lists } = serveLedger();
    const { user, router } = renderApp('/transactions?userId=5');
    expect(await screen.findByText('Payer: Anna Nowak')).toBeInTheDocument();
    await waitFor(() => expect(lists.at(-1)?.get('userId')).toBe('5'));
    await user.click(screen.getByRole('button', { name: 'Show all payers (remove the filter “Anna Nowak”)' }));
    await waitFor(() => expect(lists.at(-1)?.get('userId')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('Payer: Anna Nowak')).not.toBeInTheDocument();
  });

  it('books a deposit for a chosen payer', async () => {
    signIn();
    const { created } = serveLedger();
    const { user } = renderApp('/transactions');
    await user.click(await screen.findByRole('button', { name: 'Add transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'New transaction' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount other than zero with at most two decimal places.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /Nowak Anna/ })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText(/Payer/), 'Nowak Anna (anna@example.com)');
    await user.type(within(dialog).getByLabelText(/Amount/), '40,5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual([{ userId: 5, kind: 'deposit', amount: '40.5', description: '', bookedOn: null }]));
  });

  it('reverses a transaction after a confirmation', async () => {
    signIn();
    const { deleted } = serveLedger();
    const { user } = renderApp('/transactions');
    await user.click(await screen.findByRole('button', { name: 'Reverse transaction #11' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Anna Nowak');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(deleted).toEqual(['11']));
  });

  it("opens a transaction's details: what it refers to, its corrections, who booked it", async () => {
    signIn();
    serveLedger(['transactions.view']);
    const details: string[] = [];
    server.use(
      http.get(apiUrl('transactions/12'), ({ request }) => {
        details.push(new URL(request.url).pathname);
        return HttpResponse.json({
          ...charge,
          effectiveAmount: money('-10.00'),
          referenceType: 'order',
          referenceId: 41,
        } satisfies Transaction);
      }),
    );
    const { user } = renderApp('/transactions');

    await user.click(await screen.findByRole('button', { name: 'Details of transaction #12' }));

    const dialog = await screen.findByRole('dialog', { name: 'Transaction #12' });
    await waitFor(() => expect(within(dialog).getByText('Refers to')).toBeInTheDocument());
    expect(details).toEqual(['/api/frontend/transactions/12']);
    const terms = within(dialog).getAllByRole('term').map((term) => term.textContent);
    const values = within(dialog).getAllByRole('definition').map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      Date: '03/11/2026',
      'Recorded at': expect.stringMatching(/^02\/11\/2026, \d{2}:00$/),
      Type: 'Charge',
      Payer: 'Anna Nowak',
      Child: 'Ola Nowak',
      Description: 'Obiad',
      Amount: expect.stringMatching(/^-PLN\s12\.50$/),
      'After corrections': expect.stringMatching(/^-PLN\s10\.00$/),
      'Balance after': expect.stringMatching(/^PLN\s37\.50$/),
      'Booked by': 'System (automatic)',
      'Refers to': 'Order no. 41',
    });
    expect(within(dialog).getByRole('link', { name: 'Order no. 41' })).toHaveAttribute('href', '/orders/41');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides bookings and corrections without transactions.edit', async () => {
    signIn();
    serveLedger(['transactions.view']);
    renderApp('/transactions');
    expect(await screen.findByRole('cell', { name: 'Obiad' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add transaction' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reverse transaction/ })).not.toBeInTheDocument();
  });
});
