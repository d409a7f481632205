import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, renderApp } from '@/test/render';
import { makeUser } from '@/test/fixtures';
import { apiUrl, money, server } from '@/test/server';
import type { Transaction } from '@/lib/transactions/ledger';
import { makeTransaction } from '@/test/ledger-fixtures';

const registered = makeTransaction({
  id: 21,
  description: 'Wpłata online',
  fiscalized: true,
  fiscal: { state: 'registered', receiptNumber: 'FAKE/2026/000021', attempts: 1, lastError: '', registeredAt: '2026-11-02T10:01:00Z' },
});
const pending = makeTransaction({
  id: 22,
  description: 'Wpłata w kasie',
  fiscal: { state: 'pending', receiptNumber: '', attempts: 0, lastError: '', registeredAt: null },
});
const failed = makeTransaction({
  id: 23,
  description: 'Przelew',
  fiscal: { state: 'failed', receiptNumber: '', attempts: 2, lastError: 'The register did not answer.', registeredAt: null },
});
const charge = makeTransaction({ id: 24, kind: 'charge', amount: money('-12.50'), effectiveAmount: money('-12.50'), description: 'Obiad' });

function serveFiscal({ enabled = true, abilities = ['transactions.view', 'fiscal.manage'] } = {}) {
  const posts: { path: string; body: unknown }[] = [];
  let rows: Transaction[] = [registered, pending, failed, charge];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities }))),
    http.get(apiUrl('common/settings/fiscalizationEnabled'), () => HttpResponse.json({ fiscalizationEnabled: enabled })),
    http.get(apiUrl('transactions'), () => HttpResponse.json({ items: rows, total: rows.length, page: 1, perPage: 20 })),
    http.get(apiUrl('transactions/totals'), () =>
      HttpResponse.json({
        count: 4,
        total: money('137.50'),
        byKind: {
          deposit: money('150.00'),
          charge: money('-12.50'),
          refund: money('0.00'),
          fee: money('0.00'),
          correction: money('0.00'),
          payout: money('0.00'),
        },
      }),
    ),
    http.post(apiUrl('transactions/:id/fiscalize'), ({ params }) => {
      posts.push({ path: `transactions/${String(params.id)}/fiscalize`, body: null });
      // The job registers it at once here: the next read of the list shows its number.
      rows = rows.map((row) =>
        row.id === Number(params.id)
          ? { ...row, fiscalized: true, fiscal: { state: 'registered', receiptNumber: `FAKE/2026/0000${row.id}`, attempts: 1, lastError: '', registeredAt: null } }
          : row,
      );
      return HttpResponse.json({ status: true });
    }),
    http.post(apiUrl('transactions/bulkFiscalize'), async ({ request }) => {
      posts.push({ path: 'transactions/bulkFiscalize', body: await request.json() });
      return HttpResponse.json({ status: true, queued: [22], refused: [{ id: 24, message: 'Only deposits are registered on the cash register.' }] });
    }),
    http.post(apiUrl('transactions/:id/fiscalReceipt/registered'), async ({ params, request }) => {
      const body = (await request.json()) as { receiptNumber: string };
      posts.push({ path: `transactions/${String(params.id)}/fiscalReceipt/registered`, body });
      if (body.receiptNumber === 'TAKEN') {
        return HttpResponse.json({ message: 'The given data was invalid.', errors: { receiptNumber: ['This number is refused.'] } }, { status: 400 });
      }
      rows = rows.map((row) =>
        row.id === Number(params.id)
          ? { ...row, fiscalized: true, fiscal: { state: 'registered', receiptNumber: body.receiptNumber, attempts: 2, lastError: '', registeredAt: null } }
          : row,
      );
      return HttpResponse.json({ status: true });
    }),
    http.post(apiUrl('transactions/:id/fiscalReceipt/sendAnew'), ({ params }) => {
      posts.push({ path: `transactions/${String(params.id)}/fiscalReceipt/sendAnew`, body: null });
      rows = rows.map((row) => (row.id === Number(params.id) && row.fiscal ? { ...row, fiscal: { ...row.fiscal, state: 'pending' } } : row));
      return HttpResponse.json({ status: true });
    }),
    http.post(apiUrl('transactions/fiscalizeAll'), () => {
      posts.push({ path: 'transactions/fiscalizeAll', body: null });
      return HttpResponse.json({ status: true, queued: 2 });
    }),
  );
  return { posts };
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByRole('cell', { name: text }).closest('tr') as HTMLElement;

describe('fiscal receipts on the transactions screen', () => {
  it('shows each deposit’s receipt number or state while fiscalization is on', async () => {
    signIn();
    serveFiscal();
    renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByRole('columnheader', { name: 'Fiscal receipt' })).toBeInTheDocument();
    expect(rowOf(table, 'Wpłata online')).toHaveTextContent('FAKE/2026/000021');
    expect(rowOf(table, 'Wpłata w kasie')).toHaveTextContent('Waiting');
    expect(rowOf(table, 'Przelew')).toHaveTextContent('FailedThe register did not answer. (2 attempts)');
    // Registered deposits and charges have nothing to fiscalize.
    expect(within(rowOf(table, 'Wpłata online')).queryByRole('button', { name: 'Fiscalize transaction #21' })).not.toBeInTheDocument();
    expect(within(rowOf(table, 'Obiad')).queryByRole('button', { name: /Fiscalize/ })).not.toBeInTheDocument();
  });

  it('shows the receipt number in a transaction’s details', async () => {
    signIn();
    serveFiscal();
    server.use(http.get(apiUrl('transactions/21'), () => HttpResponse.json(registered)));
    const { user } = renderApp('/transactions');
    await user.click(await screen.findByRole('button', { name: 'Details of transaction #21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction #21' });
    const terms = (await within(dialog).findAllByRole('term')).map((term) => term.textContent);
    const values = within(dialog).getAllByRole('definition').map((value) => value.textContent);
    expect(values[terms.indexOf('Fiscal receipt')]).toBe('FAKE/2026/000021');
  });

  it('fiscalizes one deposit and shows its receipt number', async () => {
    signIn();
    const { posts } = serveFiscal();
    const { user } = renderApp('/transactions');
    await user.click(await screen.findByRole('button', { name: 'Fiscalize transaction #22' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'transactions/22/fiscalize', body: null }]));
    expect(await screen.findByText(/1 deposit was sent to the cash register/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(rowOf(table, 'Wpłata w kasie')).toHaveTextContent('FAKE/2026/000022'));
  });

  it('fiscalizes the selected rows after a confirmation and reports each refusal', async () => {
    signIn();
    const { posts } = serveFiscal();
    const { user } = renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByRole('cell', { name: 'Obiad' });
    await user.click(within(rowOf(table, 'Wpłata w kasie')).getByRole('checkbox'));
    await user.click(within(rowOf(table, 'Obiad')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Fiscalize selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fiscalize the selected deposits?' });
    expect(dialog).toHaveTextContent('2 transactions will be sent to the cash register.');
    await user.click(within(dialog).getByRole('button', { name: 'Fiscalize' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'transactions/bulkFiscalize', body: { transactionsIds: [22, 24] } }]));
    expect(await screen.findByText('#24: Only deposits are registered on the cash register.')).toBeInTheDocument();
  });

  it('fiscalizes all pending deposits after a confirmation', async () => {
    signIn();
    const { posts } = serveFiscal();
    const { user } = renderApp('/transactions');
    await user.click(await screen.findByRole('button', { name: 'Fiscalize all pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fiscalize all pending deposits?' });
    await user.click(within(dialog).getByRole('button', { name: 'Fiscalize' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'transactions/fiscalizeAll', body: null }]));
    expect(await screen.findByText(/2 deposits were sent to the cash register/)).toBeInTheDocument();
  });

  it('shows no fiscal column nor actions while fiscalization is off, and no actions without fiscal.manage', async () => {
    signIn();
    serveFiscal({ enabled: false });
    const { unmount } = renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByRole('cell', { name: 'Obiad' });
    expect(within(table).queryByRole('columnheader', { name: 'Fiscal receipt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fiscalize all pending' })).not.toBeInTheDocument();
    unmount();

    serveFiscal({ abilities: ['transactions.view'] });
    renderApp('/transactions');
    const again = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(again).findByRole('columnheader', { name: 'Fiscal receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fiscalize/ })).not.toBeInTheDocument();
    expect(within(again).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(rowOf(again, 'Przelew')).toHaveTextContent('The register did not answer.');
    expect(screen.queryByRole('button', { name: /by hand|anew/ })).not.toBeInTheDocument();
  });

  it('registers a failed receipt by hand with the number from the printer’s reports', async () => {
    signIn();
    const { posts } = serveFiscal();
    const { user } = renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    // Only the failed deposit can be settled by hand.
    expect(await within(table).findAllByRole('button', { name: /by hand/ })).toHaveLength(1);
    await user.click(within(rowOf(table, 'Przelew')).getByRole('button', { name: 'Register the receipt of transaction #23 by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register the receipt of transaction #23 by hand' });
    expect(dialog).toHaveTextContent(/Check the printer's daily and periodic reports first/);
    const field = within(dialog).getByRole('textbox', { name: /Receipt number/ });
    expect(field).toHaveAttribute('maxlength', '100');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.type(field, 'TAKEN');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This number is refused.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '  ABC/23  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([
      { path: 'transactions/23/fiscalReceipt/registered', body: { receiptNumber: 'TAKEN' } },
      { path: 'transactions/23/fiscalReceipt/registered', body: { receiptNumber: 'ABC/23' } },
    ]);
    expect(await screen.findByText('The receipt was registered with the given number.')).toBeInTheDocument();
    await waitFor(() => expect(rowOf(table, 'Przelew')).toHaveTextContent('ABC/23'));
    expect(within(table).queryByRole('button', { name: /by hand/ })).not.toBeInTheDocument();
  });

  it('sends a failed receipt anew only after a confirmation', async () => {
    signIn();
    const { posts } = serveFiscal();
    const { user } = renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const sendAnew = await within(table).findByRole('button', { name: 'Send transaction #23 to the cash register anew' });

    await user.click(sendAnew);
    let dialog = await screen.findByRole('dialog', { name: 'Send transaction #23 to the cash register anew?' });
    expect(dialog).toHaveTextContent(/only when the printer's reports show that this deposit's receipt was not printed/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);

    await user.click(sendAnew);
    dialog = await screen.findByRole('dialog', { name: 'Send transaction #23 to the cash register anew?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send anew' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'transactions/23/fiscalReceipt/sendAnew', body: null }]));
    expect(await screen.findByText(/The deposit was sent to the cash register anew/)).toBeInTheDocument();
    await waitFor(() => expect(rowOf(table, 'Przelew')).toHaveTextContent('Waiting'));
    expect(within(table).queryByRole('button', { name: /anew/ })).not.toBeInTheDocument();
  });
});
