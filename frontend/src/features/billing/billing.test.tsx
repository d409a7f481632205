import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, renderApp } from '@/test/render';
import { makeUser } from '@/test/fixtures';
import { apiUrl, money, server } from '@/test/server';

function serveBilling({ balance = '-5.00', accountNumber = '61102055580000000000000005' as string | null, perChildren = true } = {}) {
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT'], { id: 5, abilities: ['billing.view'] }))),
    http.get(apiUrl('transactions/userBalance/5'), () =>
      HttpResponse.json({
        userId: 5,
        balance: money(balance),
        balancePerChildren: perChildren,
        perChildren: perChildren
          ? [
              { childId: null, childName: '', balance: money('-7.00') },
              { childId: 8, childName: 'Ola Nowak', balance: money('2.00') },
            ]
          : [],
      }),
    ),
    http.get(apiUrl('billing/bankTransferDetails'), () =>
      HttpResponse.json({
        accountNumber,
        recipientName: 'Kantyna Alfa',
        recipientAddress: 'Prosta 1 00-001 Warszawa',
        title: 'Kantyna Alfa 5 Anna Nowak',
        balance: money(balance),
      }),
    ),
    http.get(apiUrl('transactions'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })),
    http.get(apiUrl('transactions/totals'), () =>
      HttpResponse.json({ count: 0, total: money('0.00'), byKind: { deposit: money('0.00'), charge: money('0.00'), refund: money('0.00'), fee: money('0.00'), correction: money('0.00'), payout: money('0.00') } }),
    ),
  );
}

describe('billing screen', () => {
  it('shows the balance, per-child balances, a negative notice and the transfer details', async () => {
    signIn();
    serveBilling();
    renderApp('/billing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(await screen.findByText(/Your balance is below zero/)).toBeInTheDocument();
    const perChild = await screen.findByRole('table', { name: 'Balance per child' });
    expect(within(perChild).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^General account-PLN\s7\.00$/),
      expect.stringMatching(/^Ola NowakPLN\s2\.00$/),
    ]);
    const transfer = await screen.findByRole('table', { name: 'Top up by bank transfer' });
    expect(transfer).toHaveTextContent('61 1020 5558 0000 0000 0000 0005');
    expect(transfer).toHaveTextContent('Kantyna Alfa 5 Anna Nowak');
    expect(within(transfer).getByRole('button', { name: 'Copy: Account number' })).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Transaction history' });
    expect(within(history).getByRole('columnheader', { name: 'Child' })).toBeInTheDocument();
  });

  it('given balances kept per payer, when the page opens, then the history has no child column', async () => {
    signIn();
    serveBilling({ balance: '3.00', perChildren: false });
    renderApp('/billing');
    expect(await screen.findByRole('table', { name: 'Top up by bank transfer' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Balance per child' })).not.toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Transaction history' });
    expect(within(history).getByRole('columnheader', { name: 'Description' })).toBeInTheDocument();
    expect(within(history).queryByRole('columnheader', { name: 'Child' })).not.toBeInTheDocument();
  });

  it('says so when the tenant has no transfer details', async () => {
    signIn();
    serveBilling({ balance: '3.00', accountNumber: null });
    renderApp('/billing');
    expect(await screen.findByText(/not set up yet/)).toBeInTheDocument();
    expect(screen.queryByText(/below zero/)).not.toBeInTheDocument();
  });

  it('given the balance fails to load, when the payer retries, then the balance is shown', async () => {
    signIn();
    serveBilling({ balance: '3.00' });
    let fail = true;
    server.use(
      http.get(apiUrl('transactions/userBalance/5'), () =>
        fail
          ? HttpResponse.json({ message: 'The balance is unavailable.', errors: {} }, { status: 404 })
          : HttpResponse.json({ userId: 5, balance: money('3.00'), balancePerChildren: false, perChildren: [] }),
      ),
    );
    const { user } = renderApp('/billing');
    const balanceCard = (await screen.findByRole('heading', { level: 2, name: 'Your balance' })).parentElement!;
    const alert = await within(balanceCard).findByRole('alert');
    expect(alert).toHaveTextContent('The balance is unavailable.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(balanceCard).findByLabelText('Your balance')).toHaveTextContent(/^PLN\s3\.00$/);
    expect(within(balanceCard).queryByRole('alert')).not.toBeInTheDocument();
  });
});
