import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subject } from '@/test/calendar-fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe('users presences (/users/presences)', () => {
  it('shows each receiver’s meals or absence on the date, and follows the date and filters', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 3, text: 'SP 12' }]))),
      http.get(apiUrl('classrooms/options'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('children-groups/options'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('calendar/days/subjects'), ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          page([
            { ...subject('child', 5, 'Ala Nowak'), classroomName: '1A', days: [{ date: '2026-11-23', items: 2, absence: false }] },
            { ...subject('child', 6, 'Olek Nowak'), days: [{ date: '2026-11-23', items: 0, absence: true }] },
            { ...subject('institution_worker', 42, 'Ewa Kowalska'), days: [] },
          ]),
        );
      }),
    );
    const { user, router } = renderApp('/users/presences');
    const table = await screen.findByRole('table', { name: 'Users presences' });
    await within(table).findByRole('link', { name: 'Ala Nowak' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Meal receiver'),
      'Ala NowakChildSP 121A2 meals',
      'Olek NowakChildSP 12Absent',
      'Ewa KowalskaInstitution workerSP 12Not marked',
    ]);
    expect(within(table).getByRole('link', { name: 'Ewa Kowalska' })).toHaveAttribute('href', '/calendar/presences/institution_worker/42');
    // Only the chosen day is asked for, not its whole month.
    expect(queries[0]?.get('dateFrom')).toBe('2026-11-23');
    expect(queries[0]?.get('dateTo')).toBe('2026-11-23');
    expect(queries[0]?.has('month')).toBe(false);

    // A date picker sets the whole value at once.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(queries.at(-1)?.get('dateFrom')).toBe('2026-12-01'));
    expect(queries.at(-1)?.get('dateTo')).toBe('2026-12-01');
    expect(router.state.location.search).toContain('date=2026-12-01');
    await user.selectOptions(screen.getByLabelText('Type'), 'Child');
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('child'));
  });
});
