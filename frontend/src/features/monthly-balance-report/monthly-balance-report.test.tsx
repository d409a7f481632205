import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, money, server } from '@/test/server';
import type { EndOfMonthRow, MonthlySummary } from '@/components/transactions';

const anna: EndOfMonthRow = {
  userId: 5,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  openingBalance: money('10.00'),
  deposits: money('50.00'),
  charges: money('-62.50'),
  corrections: money('0.00'),
  balance: money('-2.50'),
};

const summary = (month: string, closing: string): MonthlySummary => ({
  month,
  deposit: money('50.00'),
  charge: money('-62.50'),
  refund: money('0.00'),
  fee: money('0.00'),
  correction: money('0.00'),
  payout: money('0.00'),
  total: money('-12.50'),
  closingBalance: money(closing),
});

function serveReport() {
  const reports: URLSearchParams[] = [];
  const summaries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['transactions.view'] }))),
    http.get(apiUrl('transactions/endOfMonthBalance'), ({ request }) => {
      reports.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: [anna], total: 1, page: 1, perPage: 20 });
    }),
    http.get(apiUrl('transactions/monthlySummaries'), ({ request }) => {
      summaries.push(new URL(request.url).searchParams);
      return HttpResponse.json([summary('2026-10', '12.50'), summary('2026-11', '0.00')]);
    }),
  );
  return { reports, summaries };
}

beforeEach(() => {
  // "Today" is 22 November 2026: the report opens on October, the summary on December 2025 – November 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe('monthly balance report screen', () => {
  it('given payers, when the page opens, then it lists each one’s previous month', async () => {
    signIn();
    const { reports } = serveReport();
    renderApp('/monthlyBalanceReport');
    const table = await screen.findByRole('table', { name: 'Monthly balance report' });
    const row = await within(table).findByRole('row', { name: /anna@example.com/ });
    expect(row).toHaveTextContent(/^Nowak Annaanna@example.comPLN\s10\.00PLN\s50\.00-PLN\s62\.50PLN\s0\.00-PLN\s2\.50$/);
    expect(reports.at(-1)?.get('month')).toBe('2026-10');
  });

  it('given the month and negative filters, when they change, then the report is asked for them', async () => {
    signIn();
    const { reports } = serveReport();
    const { user } = renderApp('/monthlyBalanceReport');
    await screen.findByRole('cell', { name: 'anna@example.com' });
    await user.click(screen.getByRole('checkbox', { name: 'Only balances below zero' }));
    await waitFor(() => expect(reports.at(-1)?.get('negative')).toBe('true'));
    expect(reports.at(-1)?.get('month')).toBe('2026-10');
  });

  it('given the monthly summary tab, when the range changes, then every month of it is summed and a reversed range is refused', async () => {
    signIn();
    const { summaries } = serveReport();
    const { user } = renderApp('/monthlyBalanceReport');
    await user.click(await screen.findByRole('link', { name: 'Monthly summary' }));
    const table = await screen.findByRole('table', { name: 'Monthly summary' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Month',
      'Deposit',
      'Charge',
      'Refund',
      'Fee',
      'Payout',
      'Correction',
      'Total',
      'Balance at month end',
    ]);
    expect(within(table).getByRole('row', { name: /October 2026/ })).toHaveTextContent(/PLN\s50\.00-PLN\s62\.50.*-PLN\s12\.50PLN\s12\.50$/);
    expect([summaries.at(-1)?.get('dateFrom'), summaries.at(-1)?.get('dateTo')]).toEqual(['2025-12', '2026-11']);

    // jsdom does not type into month inputs: the change event sets the value.
    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2026-10' } });
    await waitFor(() => expect(summaries.at(-1)?.get('dateTo')).toBe('2026-10'));
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-12' } });
    expect(await screen.findByText('The start month must not be after the end month.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Monthly summary' })).not.toBeInTheDocument();
    expect(summaries.every((params) => params.get('dateFrom') !== '2026-12')).toBe(true);
  });
});
