import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { FreeDay, FreeDayRequest } from './api/free-days';

const holiday: FreeDay = { id: 1, date: '2026-11-11', name: 'Independence Day', institutionId: null, institutionName: null };
const closure: FreeDay = { id: 2, date: '2026-11-20', name: 'Boiler repair', institutionId: 3, institutionName: 'SP 12' };

function serveFreeDays() {
  const lists: URLSearchParams[] = [];
  const created: FreeDayRequest[] = [];
  const deleted: unknown[] = [];
  server.use(
    http.get(apiUrl('calendar/freeDays'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const items = params.get('dateFrom') === '2026-11-01' ? [holiday, closure] : [];
      return HttpResponse.json({ items, total: items.length, page: 1, perPage: 20 });
    }),
    http.post(apiUrl('calendar/freeDays'), async ({ request }) => {
      const body = (await request.json()) as FreeDayRequest;
      created.push(body);
      return HttpResponse.json({ id: 7, institutionName: 'SP 12', ids: [7, 8, 9], ...body }, { status: 201 });
    }),
    http.delete(apiUrl('calendar/freeDays'), async ({ request }) => {
      deleted.push(await request.json());
      return HttpResponse.json({ status: true });
    }),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json({ items: [{ value: 3, text: 'SP 12', shortName: 'SP12', districtId: null }], total: 1, page: 1, perPage: 9999 }),
    ),
  );
  return { lists, created, deleted };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe('days off (/calendar/freeDays)', () => {
  it('lists the month’s days off for all or one institution and pages through months', async () => {
    signIn();
    const { lists } = serveFreeDays();
    const { user, router } = renderApp('/calendar/freeDays');
    const table = await screen.findByRole('table', { name: 'Days off' });
    expect(await within(table).findByRole('cell', { name: 'Independence Day' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Date'),
      expect.stringContaining('Wednesday, 11 November 2026Independence DayAll institutions'),
      expect.stringContaining('Friday, 20 November 2026Boiler repairSP 12'),
    ]);
    expect(lists[0]?.get('dateTo')).toBe('2026-11-30');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(lists.at(-1)?.get('dateFrom')).toBe('2026-12-01'));
    expect(router.state.location.search).toBe('?month=2026-12');
    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 12');
    await waitFor(() => expect(lists.at(-1)?.get('institutionId')).toBe('3'));
  });

  it('adds a range of days off for one institution, checking the end date first', async () => {
    signIn();
    const { created } = serveFreeDays();
    const { user } = renderApp('/calendar/freeDays');
    await user.click(await screen.findByRole('button', { name: 'Add days off' }));
    const dialog = await screen.findByRole('dialog', { name: 'New days off' });
    await user.type(within(dialog).getByLabelText(/^Date/), '2026-12-23');
    await user.type(within(dialog).getByLabelText(/^Until/), '2026-12-20');
    await user.selectOptions(within(dialog).getByLabelText('Institution'), 'SP 12');
    await user.type(within(dialog).getByLabelText('Name'), 'Winter break');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Until/));
    await user.type(within(dialog).getByLabelText(/^Until/), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created).toEqual([{ date: '2026-12-23', dateTo: '2026-12-31', institutionId: 3, name: 'Winter break' }]);
  });

  it('deletes a day off after confirmation, by id in the body', async () => {
    signIn();
    const { deleted } = serveFreeDays();
    const { user } = renderApp('/calendar/freeDays');
    await user.click(await screen.findByRole('button', { name: 'Remove 11 November 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual([{ ids: [1] }]));
  });
});
