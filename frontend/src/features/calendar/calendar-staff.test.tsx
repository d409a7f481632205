import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { PresencesRequest, SubjectRef } from '@/lib/calendar/types';
import { calendarMonth, manyMarked, pln, subject } from '@/test/calendar-fixtures';

const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, perPage: 20 });
const ALA = { ...subject('child', 5, 'Ala Nowak'), classroomName: '1A' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
});
afterEach(() => vi.useRealTimers());

function serveStaff() {
  const subjectQueries: URLSearchParams[] = [];
  const presences: { subjects: SubjectRef[]; body: PresencesRequest }[] = [];
  const monthQueries: string[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['prices.see', 'calendar.view', 'calendar.mark'] }))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 3, text: 'SP 12' }]))),
    http.get(apiUrl('classrooms/options'), () => HttpResponse.json(page([{ value: 8, text: '1A' }]))),
    http.get(apiUrl('children-groups/options'), () => HttpResponse.json(page([{ value: 4, text: 'Swimmers' }]))),
    http.get(apiUrl('calendar/days/subjects'), ({ request }) => {
      subjectQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        page(
          [
            { ...ALA, days: [{ date: '2026-11-24', items: 2, absence: false }] },
            { ...subject('institution_worker', 5, 'Ewa Kowalska'), days: [] },
          ],
          41,
        ),
      );
    }),
    http.get(apiUrl('calendar/days/subjects/month'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      monthQueries.push(`${query.get('subjects') ?? ''}?${query.get('month') ?? ''}`);
      return HttpResponse.json({ subjects: [calendarMonth(ALA, query.get('month') ?? '', { openFrom: '2026-11-25' })] });
    }),
    http.post(apiUrl('calendar/days/presences'), async ({ request }) => {
      const { subjects, ...body } = (await request.json()) as PresencesRequest & { subjects: SubjectRef[] };
      presences.push({ subjects, body });
      return HttpResponse.json(manyMarked({ balance: pln('-40.00'), activeOrdersAmount: pln('9.00') }));
    }),
  );
  return { subjectQueries, presences, monthQueries };
}

describe('the subjects calendar (/calendar/subjects)', () => {
  it('pages meal receivers × days of the month with their meal counts, filters and month switching', async () => {
    signIn();
    const { subjectQueries } = serveStaff();
    const { user, router } = renderApp('/calendar/subjects');
    const table = await screen.findByRole('table', { name: 'Meal receivers calendar' });
    const ala = await within(table).findByRole('link', { name: 'Ala Nowak' });
    expect(ala).toHaveAttribute('href', '/calendar/presences/child/5');
    expect(within(table).getByRole('link', { name: 'Ewa Kowalska' })).toHaveAttribute('href', '/calendar/presences/institution_worker/5');
    // The name column plus 30 days of November.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(31);
    const alaCells = within(ala.closest('tr')!).getAllByRole('cell');
    expect(alaCells[24]).toHaveTextContent('2');
    expect(alaCells[23]).toHaveTextContent('');
    expect(subjectQueries[0]?.get('month')).toBe('2026-11');

    await user.selectOptions(screen.getByLabelText('Children group'), 'Swimmers');
    await waitFor(() => expect(subjectQueries.at(-1)?.get('childGroupId')).toBe('4'));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(subjectQueries.at(-1)?.get('month')).toBe('2026-12'));
    expect(router.state.location.search).toBe('?childGroupId=4&month=2026-12');
  });
});

describe('the child presence calendar (/calendar/presences/:type/:id)', () => {
  it('lets staff mark a day past the cut-off (the server overrides it for staff), without touching their own balance', async () => {
    signIn();
    const { presences, monthQueries } = serveStaff();
    const { user } = renderApp('/calendar/presences/child/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal receiver calendar: Ala Nowak' })).toBeInTheDocument();
    expect(screen.getByText('SP 12 · 1A · Standard')).toBeInTheDocument();
    const closedDay = () => screen.getByLabelText('Monday, 23 November 2026', { selector: 'button' });
    await waitFor(() => expect(closedDay()).toHaveTextContent('Closed'));
    // The page's heading and the board share one request for the month.
    expect(monthQueries).toEqual(['child:5?2026-11']);
    expect(closedDay()).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('button', { name: 'How automarking works?' })).not.toBeInTheDocument();

    await user.click(closedDay());
    await user.click(screen.getByRole('button', { name: 'Order meals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order meals' });
    await user.click(within(sheet).getByRole('checkbox', { name: 'Soup' }));
    expect(within(sheet).queryByRole('row', { name: /Balance afterwards/ })).not.toBeInTheDocument();
    // The tenant allows notes (presencesMarkingConfig.allowNotes).
    await user.type(within(sheet).getByLabelText('Note for the kitchen'), ' No onions ');
    // Staff decide on a manipulation fee for this marking.
    await user.click(within(sheet).getByRole('checkbox', { name: 'Add a manipulation fee' }));
    const amount = within(sheet).getByRole('textbox', { name: 'Manipulation fee amount' });
    await user.clear(amount);
    await user.type(amount, '2,50');
    expect(within(sheet).getByRole('row', { name: /Manipulation fee/ })).toHaveTextContent(/PLN\s2\.50/);
    await user.click(within(sheet).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(presences).toHaveLength(1));
    expect(presences[0]).toEqual({
      subjects: [{ type: 'child', id: 5 }],
      body: {
        calendarDaysData: [{ date: '2026-11-23', mealTypes: [{ mealTypeId: 1, note: 'No onions' }] }],
        idempotencyKey: expect.any(String),
        addManipulationFee: true,
        manipulationFee: '2.50',
      },
    });
    expect(await screen.findByText('Meals ordered for Ala Nowak.')).toBeInTheDocument();
  });
});
