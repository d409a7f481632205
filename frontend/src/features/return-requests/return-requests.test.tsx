import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { ReturnRequest } from './api/return-requests';

const PARENT_NRB = '20102055581111123456789012';
const WORKER_NRB = '27114020040000300201355387';
const money = (amount: string) => ({ amount, currency: 'PLN' as const });

function makeRequest(overrides: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    id: 31,
    state: 'pending',
    amount: money('20.00'),
    acceptedAmount: null,
    bankAccountNumber: PARENT_NRB,
    reason: 'Zmiana szkoły',
    requester: { id: 5, fullName: 'Anna Nowak' },
    childId: null,
    createdAt: '2026-11-20T09:00:00+01:00',
    acceptedAt: null,
    acceptedBy: null,
    paidAt: null,
    cancelledAt: null,
    transactionId: null,
    ...overrides,
  };
}

interface Served {
  posts: { path: string; body: unknown }[];
  lists: URLSearchParams[];
}

function serve(roles: Role[], { rows = [] as ReturnRequest[], bankAccountNumber = PARENT_NRB as string | null, balance = '50.00', refuse = null as null | { status: number; body: object } } = {}): Served {
  const served: Served = { posts: [], lists: [] };
  const manage = roles.includes('ROLE_ADMIN');
  server.use(
    http.get(apiUrl('auth/currentUser'), () =>
      HttpResponse.json(makeUser(roles, { id: 5, bankAccountNumber, abilities: manage ? ['refunds.manage'] : ['billing.view', 'refunds.request'] })),
    ),
    http.get(apiUrl('transactions/userBalance/5'), () =>
      HttpResponse.json({ userId: 5, balance: money(balance), balancePerChildren: false, perChildren: [] }),
    ),
    http.get(apiUrl('returnRequests'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      served.lists.push(params);
      const state = params.get('state');
      const items = rows.filter((row) => !state || row.state === state);
      return HttpResponse.json({ items, total: items.length, page: 1, perPage: 20 });
    }),
    http.post(apiUrl('returnRequests/*'), async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/api/frontend/', '');
      const body = request.headers.get('Content-Length') === '0' ? null : await request.json().catch(() => null);
      served.posts.push({ path, body });
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
      if (path === 'returnRequests/create') return HttpResponse.json(makeRequest(), { status: 201 });
      if (path === 'returnRequests/bulkAccept') {
        return HttpResponse.json({ status: true, accepted: [31], refused: [{ id: 32, message: 'The amount exceeds the balance (3.00 PLN).' }] });
      }
      if (path === 'returnRequests/markPaid') return HttpResponse.json({ status: true, marked: [33], refused: [] });
      if (path === 'returnRequests/generateListExport') {
        return new HttpResponse('110,20261127,1500', { headers: { 'Content-Type': 'text/plain; charset=windows-1250', 'Content-Disposition': 'attachment; filename="zwroty-2026-11-27.txt"' } });
      }
      return HttpResponse.json({ status: true });
    }),
  );
  return served;
}

describe('refunds: a parent', () => {
  it('given a balance and a refund account in the profile, when asking for 20.00, then the request is sent with it', async () => {
    signIn();
    const served = serve(['ROLE_PARENT']);
    const { user } = renderApp('/returnRequests');

    const form = await screen.findByRole('form', { name: 'Request a refund' });
    const amount = within(form).getByLabelText(/Amount/);
    expect(amount).toHaveValue('50.00');
    expect(within(form).getByLabelText('Refund bank account')).toHaveTextContent('20 1020 5558 1111 1234 5678 9012');
    expect(within(form).getByRole('link', { name: 'Edit in your profile' })).toHaveAttribute('href', '/profile');

    await user.clear(amount);
    await user.type(amount, '50.01');
    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));
    expect(await within(form).findByText('Enter an amount greater than zero and at most PLN 50.00.')).toBeInTheDocument();
    expect(served.posts).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '20,00');
    await user.type(within(form).getByLabelText('Reason'), 'Zmiana szkoły');
    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));
    await waitFor(() =>
      expect(served.posts).toEqual([
        { path: 'returnRequests/create', body: { amount: money('20.00'), reason: 'Zmiana szkoły', bankAccountNumber: '' } },
      ]),
    );
    expect(await screen.findByText('Your refund request was sent.')).toBeInTheDocument();
  });

  it('given no refund account in the profile, then it says so, links to the profile and cannot send', async () => {
    signIn();
    serve(['ROLE_PARENT'], { bankAccountNumber: null });
    renderApp('/returnRequests');

    const form = await screen.findByRole('form', { name: 'Request a refund' });
    expect(within(form).getByText('Your profile has no refund bank account yet.')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Edit in your profile' })).toHaveAttribute('href', '/profile');
    expect(within(form).getByRole('button', { name: 'Request a refund' })).toBeDisabled();
  });

  it('given a pending request, then no new form, its state shown, and cancelling asks first', async () => {
    signIn();
    const served = serve(['ROLE_PARENT'], { rows: [makeRequest(), makeRequest({ id: 30, state: 'accepted', acceptedAmount: money('15.00') })] });
    const { user } = renderApp('/returnRequests');

    expect(await screen.findByText(/Your refund request is waiting for the office's decision/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Request a refund' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'My refund requests' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/PLN\s20\.00.*Zmiana szkoły.*Pending/);
    expect(rows[2]).toHaveTextContent(/PLN\s20\.00PLN\s15\.00.*Accepted/);
    expect(within(rows[2]!).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the refund request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(served.posts).toEqual([{ path: 'returnRequests/31/cancel', body: null }]));
  });

  it('given the server refuses, then its message is shown under the field', async () => {
    signIn();
    serve(['ROLE_PARENT'], {
      refuse: { status: 400, body: { message: 'The given data was invalid.', errors: { amount: ['The amount exceeds the balance (40.00 PLN).'] } } },
    });
    const { user } = renderApp('/returnRequests');

    const form = await screen.findByRole('form', { name: 'Request a refund' });
    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));

    expect(await within(form).findByText('The amount exceeds the balance (40.00 PLN).')).toBeInTheDocument();
  });
});

describe('refunds: balances kept per child', () => {
  it("given two children's balances, when one is chosen, then the amount is that balance and the request names the child", async () => {
    signIn();
    const served = serve(['ROLE_PARENT']);
    server.use(
      http.get(apiUrl('transactions/userBalance/5'), () =>
        HttpResponse.json({
          userId: 5,
          balance: money('30.00'),
          balancePerChildren: true,
          perChildren: [
            { childId: null, childName: '', balance: money('0.00') },
            { childId: 8, childName: 'Ola Nowak', balance: money('30.00') },
          ],
        }),
      ),
    );
    const { user } = renderApp('/returnRequests');

    await user.selectOptions(await screen.findByLabelText('Whose balance'), 'Ola Nowak');
    const form = await screen.findByRole('form', { name: 'Request a refund' });
    expect(within(form).getByLabelText(/Amount/)).toHaveValue('30.00');
    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));

    await waitFor(() =>
      expect(served.posts).toEqual([{ path: 'returnRequests/create', body: { amount: money('30.00'), reason: '', bankAccountNumber: '', childId: 8 } }]),
    );
  });
});

describe('refunds: an institution worker', () => {
  it('given no account kept in the profile, then the worker types one, checked before sending', async () => {
    signIn();
    const served = serve(['ROLE_INSTITUTION_WORKER'], { bankAccountNumber: null, balance: '12.00' });
    const { user } = renderApp('/returnRequests');

    const form = await screen.findByRole('form', { name: 'Request a refund' });
    const account = within(form).getByLabelText(/Refund bank account/);
    await user.type(account, '27 1140 2004 0000 3002 0135 5388');
    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));
    expect(await within(form).findByText('Enter a valid 26-digit bank account number.')).toBeInTheDocument();

    await user.clear(account);
    await user.type(account, '27 1140 2004 0000 3002 0135 5387');
    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));
    await waitFor(() =>
      expect(served.posts).toEqual([{ path: 'returnRequests/create', body: { amount: money('12.00'), reason: '', bankAccountNumber: WORKER_NRB } }]),
    );
  });
});

describe('refunds: the office', () => {
  const rows = [makeRequest(), makeRequest({ id: 32, requester: { id: 6, fullName: 'Jan Kowalski' }, amount: money('5.00') })];

  it('given a pending request, when accepting, then the amount starts at the asked one and may not exceed it', async () => {
    signIn();
    const served = serve(['ROLE_ADMIN'], { rows });
    const { user } = renderApp('/returnRequests');

    const table = await screen.findByRole('table', { name: 'Return requests' });
    await within(table).findByRole('cell', { name: 'Jan Kowalski' });
    await user.click(within(table).getByRole('button', { name: 'Accept the refund of Anna Nowak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the refund of Anna Nowak' });
    const amount = within(dialog).getByLabelText(/Accepted amount/);
    expect(amount).toHaveValue('20.00');

    await user.clear(amount);
    await user.type(amount, '20.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount greater than zero and at most PLN 20.00.')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '15.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(served.posts).toEqual([{ path: 'returnRequests/31/accept', body: { amount: money('15.00') } }]));
  });

  it('given two selected, when accepting them at once, then each refusal is reported by name', async () => {
    signIn();
    const served = serve(['ROLE_ADMIN'], { rows });
    const { user } = renderApp('/returnRequests');

    const table = await screen.findByRole('table', { name: 'Return requests' });
    await within(table).findByRole('cell', { name: 'Jan Kowalski' });
    for (const row of within(table).getAllByRole('row').slice(1)) await user.click(within(row).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Accept selected' }));

    await waitFor(() => expect(served.posts).toEqual([{ path: 'returnRequests/bulkAccept', body: { returnRequestsIds: [31, 32] } }]));
    expect(await screen.findByText('1 refund accepted.')).toBeInTheDocument();
    expect(screen.getByText('Jan Kowalski: The amount exceeds the balance (3.00 PLN).')).toBeInTheDocument();
  });

  it('given an accepted refund sent by the bank, when marking the selection paid, then only the accepted one is sent', async () => {
    signIn();
    const served = serve(['ROLE_ADMIN'], { rows: [...rows, makeRequest({ id: 33, state: 'accepted', acceptedAmount: money('7.00'), requester: { id: 7, fullName: 'Ewa Mazur' } })] });
    const { user } = renderApp('/returnRequests');

    const table = await screen.findByRole('table', { name: 'Return requests' });
    await within(table).findByRole('cell', { name: 'Ewa Mazur' });
    for (const row of within(table).getAllByRole('row').slice(1)) await user.click(within(row).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Mark as paid' }));

    await waitFor(() => expect(served.posts).toEqual([{ path: 'returnRequests/markPaid', body: { returnRequestsIds: [33] } }]));
    expect(await screen.findByText('1 refund marked as paid.')).toBeInTheDocument();
  });

  it('given the state filter and the Elixir-O export, then the list is asked filtered and the file for the format', async () => {
    signIn();
    const served = serve(['ROLE_ADMIN'], { rows });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:refunds'), revokeObjectURL: vi.fn() });
    const { user } = renderApp('/returnRequests');

    await screen.findByRole('table', { name: 'Return requests' });
    await user.selectOptions(screen.getByLabelText('State'), 'accepted');
    await waitFor(() => expect(served.lists.at(-1)?.get('state')).toBe('accepted'));

    await user.click(screen.getByRole('button', { name: 'Bank file' }));
    await user.click(screen.getByRole('button', { name: 'Elixir-O (bank import)' }));
    await waitFor(() => expect(served.posts).toEqual([{ path: 'returnRequests/generateListExport', body: { format: 'elixir' } }]));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });
});
