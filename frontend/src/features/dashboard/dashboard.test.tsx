import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '@/lib/calendar/dates';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, money, server, type Schemas } from '@/test/server';

const options = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

const STATISTICS: Schemas['DashboardStatistics'] = {
  date: '2026-11-27',
  meals: { ordered: 3, served: 1, cancelled: 2 },
  activeChildren: 4,
  activeWorkers: 1,
  balancesTotal: money('54.50'),
  debtors: 2,
  debtTotal: money('-45.50'),
  depositsMonth: '2026-11-01',
  depositsAmount: money('104.50'),
  depositsCount: 2,
};

const TOTALS: Schemas['DashboardTotals'] = {
  date: '2026-11-27',
  rows: [
    {
      institution: { id: 1, name: 'SP 12' },
      mealType: { id: 2, name: 'Lunch' },
      diet: { id: 3, name: 'Standard' },
      ordered: 2,
      served: 1,
      cancelled: 1,
    },
    { institution: { id: 5, name: 'SP 40' }, mealType: { id: 2, name: 'Lunch' }, diet: { id: 3, name: 'Standard' }, ordered: 1, served: 0, cancelled: 0 },
  ],
  totals: { ordered: 3, served: 1, cancelled: 1 },
};

const ROW: Schemas['DashboardPresenceRow'] = {
  type: 'child',
  id: 7,
  firstName: 'Jan',
  lastName: 'Nowak',
  institution: { id: 1, name: 'SP 12' },
  classroom: '1A',
  meals: [{ mealType: { id: 2, name: 'Lunch' }, status: 'served' }],
};

function chart(period: 'month' | 'year', ordered = 3): Schemas['DashboardChart'] {
  const dates = period === 'month' ? ['2026-11-01', '2026-11-02'] : ['2026-01-01', '2026-02-01'];
  return {
    period,
    dateFrom: dates[0]!,
    dateTo: dates[1]!,
    points: dates.map((date, index) => ({
      date,
      ordered: index === 0 ? ordered : 0,
      served: index === 0 ? 1 : 0,
      cancelled: 0,
      depositsAmount: money(index === 0 ? '104.50' : '0.00'),
      depositsCount: index === 0 ? 2 : 0,
    })),
  };
}

function serve({ roles = ['ROLE_ADMIN'] as const, empty = false } = {}) {
  const asked = { statistics: [] as string[], totals: [] as string[], presences: [] as string[], chart: [] as string[] };
  const record = (name: keyof typeof asked, request: Request) => asked[name].push(new URL(request.url).search);
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser([...roles], { abilities: ['dashboard.view'] }))),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(options([{ value: 1, text: 'SP 12' }, { value: 5, text: 'SP 40' }])),
    ),
    http.get(apiUrl('dashboard/statistics'), ({ request }) => {
      record('statistics', request);
      return HttpResponse.json(STATISTICS);
    }),
    http.get(apiUrl('dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet'), ({ request }) => {
      record('totals', request);
      return HttpResponse.json(empty ? { ...TOTALS, rows: [], totals: { ordered: 0, served: 0, cancelled: 0 } } : TOTALS);
    }),
    http.get(apiUrl('dashboard/presencesList'), ({ request }) => {
      record('presences', request);
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page'));
      if (empty) return HttpResponse.json({ items: [], total: 0, page, perPage: 20 });
      const items = page === 2 ? [{ ...ROW, id: 8, firstName: 'Ola', meals: [] }] : [ROW];
      return HttpResponse.json({ items, total: 21, page, perPage: 20 });
    }),
    http.get(apiUrl('dashboard/chartData'), ({ request }) => {
      record('chart', request);
      const period = new URL(request.url).searchParams.get('period') as 'month' | 'year';
      return HttpResponse.json(empty ? { ...chart(period, 0), points: chart(period, 0).points.map((p) => ({ ...p, served: 0, depositsCount: 0 })) } : chart(period));
    }),
  );
  return asked;
}

beforeEach(() => {
  // jsdom has no layout and no canvas: Chart.js measures with ResizeObserver and draws on a 2D context.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // A 2D context whose every method does nothing (measureText measures nothing), so Chart.js runs as in a browser.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const context: Record<string | symbol, unknown> = { canvas: this };
    return new Proxy(context, {
      get: (target, name) => (name in target ? target[name] : () => ({ width: 0 })),
    }) as unknown as CanvasRenderingContext2D;
  } as never);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard', () => {
  it("given an admin, then today's figures with money in PLN, the day's totals, the present receivers and both charts", async () => {
    signIn();
    const asked = serve();
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const ordered = await screen.findByRole('group', { name: 'Meals ordered' });
    expect(ordered).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Meals served' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Meals cancelled' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Active meal receivers' })).toHaveTextContent('Active meal receivers5children: 4, workers: 1');
    expect(screen.getByRole('group', { name: 'Sum of balances' })).toHaveTextContent('PLN 54.50');
    expect(screen.getByRole('group', { name: 'Payers in debt' })).toHaveTextContent('2Total debt -PLN 45.50');
    expect(screen.getByRole('group', { name: 'Deposits in November 2026' })).toHaveTextContent('PLN 104.502 deposits');

    const totals = await screen.findByRole('table', { name: 'Meals per institution, meal type and diet' });
    expect(within(totals).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'InstitutionMeal typeDietMeals orderedMeals servedMeals cancelled',
      'SP 12LunchStandard211',
      'SP 40LunchStandard100',
      'Total311',
    ]);
    const present = await screen.findByRole('table', { name: 'Meal receivers: Present' });
    expect(within(present).getAllByRole('row')[1]).toHaveTextContent('Nowak JanChildSP 121ALunch (served)');

    expect(await screen.findByRole('img', { name: 'Meals chart, November 2026: 3 ordered, 1 served.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Deposits chart, November 2026: PLN\s104\.50 in 2 deposits\.$/ })).toBeInTheDocument();
    const data = screen.getByRole('table', { name: 'Orders and deposits, November 2026', hidden: true });
    expect(within(data).getAllByRole('row', { hidden: true })[1]).toHaveTextContent('01/11/2026310PLN 104.502');

    const today = todayIso();
    expect(asked.statistics).toEqual(['']);
    expect(asked.totals).toEqual([`?date=${today}`]);
    expect(asked.presences).toEqual([`?date=${today}&mode=present&page=1&perPage=20`]);
    expect(asked.chart).toEqual([`?date=${today}&period=month`]);
  });

  it('given a day, an institution, a mode, a page and the year, then each is asked for', async () => {
    signIn();
    const asked = serve();
    const { user } = renderApp('/dashboard?date=2026-11-20');
    await screen.findByRole('table', { name: 'Meal receivers: Present' });

    await user.selectOptions(await screen.findByLabelText('Institution'), 'SP 40');
    await waitFor(() => expect(asked.totals.at(-1)).toBe('?date=2026-11-20&institutionId=5'));
    expect(asked.statistics.at(-1)).toBe('?institutionId=5');

    await user.click(screen.getByRole('tab', { name: 'Absent' }));
    await waitFor(() => expect(asked.presences.at(-1)).toBe('?date=2026-11-20&mode=absent&page=1&perPage=20&institutionId=5'));
    await screen.findByRole('table', { name: 'Meal receivers: Absent' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked.presences.at(-1)).toBe('?date=2026-11-20&mode=absent&page=2&perPage=20&institutionId=5'));
    expect(await screen.findByText('Nowak Ola')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Months of the year' }));
    await waitFor(() => expect(asked.chart.at(-1)).toBe('?date=2026-11-20&period=year&institutionId=5'));
    expect(await screen.findByRole('img', { name: 'Meals chart, 2026: 3 ordered, 1 served.' })).toBeInTheDocument();
  });

  it('given nothing on the day nor in the month, then each part says so', async () => {
    signIn();
    serve({ empty: true });
    renderApp('/dashboard');

    expect(await screen.findByText('No meals ordered on this day.')).toBeInTheDocument();
    expect(await screen.findByText('Nobody has a meal on this day.')).toBeInTheDocument();
    expect(await screen.findByText('No meals and no deposits in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
