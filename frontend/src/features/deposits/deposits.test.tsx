import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { makeTransaction } from '@/test/ledger-fixtures';

const deposit = makeTransaction({ child: { id: 8, fullName: 'Ola Nowak' } });

function serveDeposits() {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['transactions.view'] }))),
    http.get(apiUrl('transactions/deposits'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      return HttpResponse.json({ items: [deposit], total: 1, page: 1, perPage: 20 });
    }),
  );
  return lists;
}

describe('deposits screen', () => {
  it('given deposits, when the page opens, then it lists them without an add button for a viewer', async () => {
    signIn();
    serveDeposits();
    renderApp('/deposits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(await within(table).findByRole('cell', { name: 'Wpłata w kasie' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/02\/11\/2026Anna NowakOla NowakWpłata w kasiePLN\s50\.00.*Ada Admin/);
    expect(screen.queryByRole('button', { name: 'Add deposit' })).not.toBeInTheDocument();
  });

  it('given the date filters, when both dates are set, then the list is asked for that range and the URL keeps it', async () => {
    signIn();
    const lists = serveDeposits();
    const { user, router } = renderApp('/deposits');
    await screen.findByRole('cell', { name: 'Wpłata w kasie' });
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() => expect(lists.at(-1)?.get('dateTo')).toBe('2026-11-30'));
    expect(lists.at(-1)?.get('dateFrom')).toBe('2026-11-01');
    expect(new URLSearchParams(router.state.location.search).get('dateFrom')).toBe('2026-11-01');
  });
});
