import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { subject } from '@/test/calendar-fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

function serveBulk(answer: object = { status: true, subjects: 2, created: 9, skipped: 1, errors: [] }) {
  const subjectQueries: URLSearchParams[] = [];
  const posts: { path: string; body: unknown }[] = [];
  server.use(
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 3, text: 'SP 12' }]))),
    http.get(apiUrl('classrooms/options'), () => HttpResponse.json(page([{ value: 8, text: '1A' }]))),
    http.get(apiUrl('children-groups/options'), () => HttpResponse.json(page([]))),
    http.get(apiUrl('mealTypes/options'), () =>
      HttpResponse.json(
        page([
          { value: 1, text: 'Soup' },
          { value: 2, text: 'Lunch' },
        ]),
      ),
    ),
    http.get(apiUrl('calendar/days/subjects'), ({ request }) => {
      subjectQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        page([
          { ...subject('child', 5, 'Ala Nowak'), classroomName: '1A', days: [] },
          { ...subject('child', 6, 'Olek Nowak'), days: [] },
          { ...subject('institution_worker', 5, 'Ewa Kowalska'), days: [] },
        ]),
      );
    }),
    http.post(apiUrl('calendar/bulkPresences/:action'), async ({ params, request }) => {
      posts.push({ path: String(params.action), body: await request.json() });
      return HttpResponse.json(answer);
    }),
  );
  return { subjectQueries, posts };
}

describe('bulk presences (/calendar/bulkPresences)', () => {
  it('marks a range of weekdays for the chosen receivers and meal types, showing how many meals first', async () => {
    signIn();
    const { subjectQueries, posts } = serveBulk();
    const { user } = renderApp('/calendar/bulkPresences');
    expect(await screen.findByText('Choose an institution or a children group to list its meal receivers.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Institution')).toHaveTextContent('SP 12'));
    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 12');
    expect(await screen.findByRole('checkbox', { name: 'Ala Nowak (1A)' })).toBeChecked();
    expect(subjectQueries.at(-1)?.get('institutionId')).toBe('3');
    // A child and a worker may share an id: both are listed and chosen separately.
    await user.click(screen.getByRole('checkbox', { name: 'Ewa Kowalska' }));
    expect(screen.getByText('2 of 3 meal receivers chosen')).toBeInTheDocument();

    await user.type(screen.getByLabelText('From'), '2026-11-23');
    await user.type(screen.getByLabelText('To'), '2026-11-29');
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Soup' }));
    await user.click(screen.getByRole('checkbox', { name: 'Lunch' }));
    expect(screen.getByRole('status')).toHaveTextContent('Up to 16 meals will be ordered (2 meal receivers × 4 days).');

    await user.click(screen.getByRole('button', { name: 'Mark presences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark presences' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      path: 'markRange',
      body: {
        dateFrom: '2026-11-23',
        dateTo: '2026-11-29',
        weekdays: [1, 2, 3, 4],
        subjects: [
          { type: 'child', id: 5 },
          { type: 'child', id: 6 },
        ],
        mealTypesIds: [1, 2],
      },
    });
    expect(await screen.findByText('Done: 9 meals ordered, 1 already ordered, for 2 meal receivers.')).toBeInTheDocument();
  });

  it('marks listed dates with each receiver’s default meal types and lists per-receiver refusals', async () => {
    signIn();
    const { posts } = serveBulk({
      status: true,
      subjects: 3,
      created: 2,
      skipped: 0,
      errors: [{ type: 'child', id: 6, message: 'Insufficient funds.' }],
    });
    const { user } = renderApp('/calendar/bulkPresences');
    await waitFor(() => expect(screen.getByLabelText('Institution')).toHaveTextContent('SP 12'));
    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 12');
    await screen.findByRole('checkbox', { name: 'Ala Nowak (1A)' });
    await user.click(screen.getByRole('radio', { name: 'Chosen dates' }));
    await user.type(screen.getByLabelText('Date'), '2026-12-02');
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    expect(within(screen.getByRole('list', { name: 'Chosen dates' })).getByRole('button', { name: 'Remove 2026-12-02' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Up to 3 meals will be ordered (3 meal receivers × 1 days).');

    await user.click(screen.getByRole('button', { name: 'Mark presences' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark presences' })).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.path).toBe('mark');
    expect(posts[0]?.body).toMatchObject({ dates: ['2026-12-02'], mealTypesIds: null });
    expect(await screen.findByText('Olek Nowak: Insufficient funds.')).toBeInTheDocument();
  });

  it('given the receivers fail to load, then the error is shown with a retry, not "no receivers"', async () => {
    signIn();
    serveBulk();
    server.use(
      http.get(apiUrl('calendar/days/subjects'), () => HttpResponse.json({ message: 'The receivers are unavailable.', errors: {} }, { status: 400 })),
    );
    const { user } = renderApp('/calendar/bulkPresences');
    await waitFor(() => expect(screen.getByLabelText('Institution')).toHaveTextContent('SP 12'));
    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 12');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('The receivers are unavailable.');
    expect(screen.queryByText('There are no meal receivers matching the filters.')).not.toBeInTheDocument();
  });
});
