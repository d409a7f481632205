import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn, renderApp } from '@/test/render';
import { makeUser } from '@/test/fixtures';
import { apiUrl, money, server } from '@/test/server';

function paymentMethods(online: boolean, tpay = false) {
  return {
    tpayEnabled: tpay,
    tpayCollectEnabled: false,
    przelewy24Enabled: online,
    autopayEnabled: false,
    allowOnlinePayments: online,
    allowBankTransfers: true,
    staticBankAccountNumber: '',
    staticBankAccountNumber2: '',
    minimumPaymentAmount: money('20.00'),
    przelewy24: { merchantId: 1, posId: 1, crcSet: true, apiKeySet: true, sandbox: true },
    tpay: { merchantId: 2, clientId: 'c', clientSecretSet: true, securityCodeSet: true, sandbox: true },
    autopay: { serviceId: 3, sharedKeySet: true, sandbox: true },
  };
}

function serveBilling({ balance = '-5.00', accountNumber = '61102055580000000000000005' as string | null, perChildren = true, online = false, tpay = false } = {}) {
  server.use(
    http.get(apiUrl('common/settings/paymentMethodsConfig'), () => HttpResponse.json(paymentMethods(online, tpay))),
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

describe('top up online', () => {
  function serveFee() {
    server.use(
      http.get(apiUrl('payments/fee'), ({ request }) => {
        const amount = new URL(request.url).searchParams.get('amount') ?? '0';
        const fee = (Math.round(Number(amount) * 2.5) / 100).toFixed(2);
        return HttpResponse.json({ amount: money(Number(amount).toFixed(2)), fee: money(fee), total: money((Number(amount) + Number(fee)).toFixed(2)) });
      }),
    );
  }

  it('given online payments off, then the page offers no online top-up', async () => {
    signIn();
    serveBilling({ balance: '3.00' });
    renderApp('/billing');
    expect(await screen.findByRole('table', { name: 'Top up by bank transfer' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Top up online' })).not.toBeInTheDocument();
  });

  it('given online payments, when the payer changes the amount, then the fee is shown before paying, and Pay goes to the paywall', async () => {
    signIn();
    serveBilling({ balance: '3.00', online: true });
    serveFee();
    let sent: unknown = null;
    server.use(
      http.post(apiUrl('payments/pay'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ paymentId: 7, redirectUrl: 'http://demo.localhost/payments/fake/przelewy24/FAKE7' });
      }),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user } = renderApp('/billing');

    const form = await screen.findByRole('form', { name: 'Top up online' });
    const amount = within(form).getByRole('textbox', { name: 'Amount to top up (PLN)' });
    expect(amount).toHaveValue('20.00');
    await user.clear(amount);
    await user.type(amount, '50,00');
    const summary = await within(form).findByRole('table', { name: 'Payment summary' });
    await waitFor(() =>
      expect(within(summary).getAllByRole('row').map((row) => row.textContent)).toEqual([
        expect.stringMatching(/^Added to your balancePLN\s50\.00$/),
        expect.stringMatching(/^Transaction feePLN\s1\.25$/),
        expect.stringMatching(/^To payPLN\s51\.25$/),
      ]),
    );
    await user.click(within(form).getByRole('button', { name: 'Pay with Przelewy24' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://demo.localhost/payments/fake/przelewy24/FAKE7'));
    expect(sent).toEqual({ amount: { amount: '50.00', currency: 'PLN' }, provider: 'przelewy24' });
  });

  it('given Przelewy24 and Tpay enabled, when the payer chooses Tpay, then the payment is Tpay\'s and goes to its paywall', async () => {
    signIn();
    serveBilling({ balance: '3.00', online: true, tpay: true });
    serveFee();
    let sent: unknown = null;
    server.use(
      http.post(apiUrl('payments/pay'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ paymentId: 8, redirectUrl: 'http://demo.localhost/payments/fake/tpay/FAKE8' });
      }),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user } = renderApp('/billing');

    const form = await screen.findByRole('form', { name: 'Top up online' });
    expect(within(form).getAllByRole('button').map((button) => button.textContent)).toEqual(['Pay with Przelewy24', 'Pay with Tpay']);
    await within(form).findByRole('table', { name: 'Payment summary' });
    await user.click(within(form).getByRole('button', { name: 'Pay with Tpay' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://demo.localhost/payments/fake/tpay/FAKE8'));
    expect(sent).toEqual({ amount: { amount: '20.00', currency: 'PLN' }, provider: 'tpay' });
  });

  it('given Autopay enabled too, then /billing offers it as the third provider', async () => {
    signIn();
    serveBilling({ balance: '3.00', online: true, tpay: true });
    server.use(
      http.get(apiUrl('common/settings/paymentMethodsConfig'), () => HttpResponse.json({ ...paymentMethods(true, true), autopayEnabled: true })),
    );
    serveFee();
    renderApp('/billing');

    const form = await screen.findByRole('form', { name: 'Top up online' });
    expect(within(form).getAllByRole('button').map((button) => button.textContent)).toEqual(['Pay with Przelewy24', 'Pay with Tpay', 'Pay with Autopay']);
  });

  it('given only Tpay enabled, then /billing offers Tpay alone', async () => {
    signIn();
    serveBilling({ balance: '3.00', online: true, tpay: true });
    server.use(
      http.get(apiUrl('common/settings/paymentMethodsConfig'), () =>
        HttpResponse.json({ ...paymentMethods(true, true), przelewy24Enabled: false }),
      ),
    );
    serveFee();
    renderApp('/billing');

    const form = await screen.findByRole('form', { name: 'Top up online' });
    expect(within(form).getAllByRole('button').map((button) => button.textContent)).toEqual(['Pay with Tpay']);
  });

  it('given an amount below the minimum, when paying, then the server\'s refusal is shown under the amount', async () => {
    signIn();
    serveBilling({ balance: '3.00', online: true });
    serveFee();
    server.use(
      http.post(apiUrl('payments/pay'), () =>
        HttpResponse.json({ message: 'The given data was invalid.', errors: { amount: ['The smallest top-up is 20.00 PLN.'] } }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/billing');
    const form = await screen.findByRole('form', { name: 'Top up online' });
    const amount = within(form).getByRole('textbox', { name: 'Amount to top up (PLN)' });
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(form).getByRole('button', { name: 'Pay with Przelewy24' }));

    expect(await within(form).findByText('The smallest top-up is 20.00 PLN.')).toBeInTheDocument();
  });
});

describe('payment result page', () => {
  function servePayment(states: string[], balances: string[]) {
    let call = 0;
    server.use(
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT'], { id: 5, abilities: ['billing.view'] }))),
      http.get(apiUrl('payments/7'), () => {
        const index = Math.min(call++, states.length - 1);
        const state = states[index] ?? 'pending';
        return HttpResponse.json({
          id: 7,
          state,
          provider: 'przelewy24',
          amount: money('50.00'),
          fee: money('0.00'),
          total: money('50.00'),
          createdAt: '2026-11-25T10:00:00Z',
          paidAt: state === 'paid' ? '2026-11-25T10:01:00Z' : null,
          balance: money(balances[index] ?? '0.00'),
        });
      }),
    );
  }

  it('given a pending payment, when the notification arrives, then the page shows it paid and the new balance', async () => {
    signIn();
    servePayment(['pending', 'paid'], ['3.00', '53.00']);
    renderApp('/payments/paid?paymentId=7');

    expect(await screen.findByText('Waiting for the payment to be confirmed…')).toBeInTheDocument();
    expect(await screen.findByText('Payment received. Your balance has been topped up.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Your balance')).toHaveTextContent(/^PLN\s53\.00$/);
  });

  it('given a failed payment, then the page says so and keeps the balance', async () => {
    signIn();
    servePayment(['failed'], ['3.00']);
    renderApp('/payments/paid?paymentId=7');

    expect(await screen.findByText('The payment failed. Nothing was charged to your balance.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Your balance')).toHaveTextContent(/^PLN\s3\.00$/);
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/billing');
  });

  it('given the spec\'s /payu/paid return address, then the payer lands on /payments/paid with the same payment', async () => {
    signIn();
    servePayment(['paid'], ['53.00']);
    const { router } = renderApp('/payu/paid?paymentId=7');

    expect(await screen.findByText('Payment received. Your balance has been topped up.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments/paid');
    expect(router.state.location.search).toBe('?paymentId=7');
  });
});
