import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

const line = (mealTypeId: number, mealTypeName: string, dietName: string, ordered: number, released: number) => ({
  mealTypeId,
  mealTypeName,
  dietId: dietName === 'Standard' ? 1 : 2,
  dietName,
  ordered,
  released,
  difference: released - ordered,
});

const DAY: Schemas['DailyReleasesGrouped'] = {
  dateFrom: '2026-12-07',
  dateTo: '2026-12-07',
  institutions: [
    {
      date: '2026-12-07',
      institutionId: 11,
      institutionName: 'SP 12',
      recorded: true,
      ordered: 15,
      released: 14,
      difference: -1,
      rows: [line(2, 'Lunch', 'Standard', 12, 10), line(2, 'Lunch', 'Vegan', 3, 4)],
    },
    {
      date: '2026-12-07',
      institutionId: 12,
      institutionName: 'PM 5',
      recorded: false,
      ordered: 2,
      released: 0,
      difference: -2,
      rows: [line(3, 'Soup', 'Standard', 2, 0)],
    },
  ],
};

const record = (id: number, overrides: Partial<Schemas['DailyMealsRelease']>): Schemas['DailyMealsRelease'] => ({
  id,
  date: '2026-12-07',
  institutionId: 11,
  institutionName: 'SP 12',
  mealTypeId: 2,
  mealTypeName: 'Lunch',
  dietId: 1,
  dietName: 'Standard',
  portionSizeId: null,
  portionSizeName: null,
  quantity: 0,
  note: '',
  recordedByName: 'Ada Admin',
  recordedAt: '2026-12-07T14:00:00+01:00',
  ...overrides,
});

function serve(
  grouped: Schemas['DailyReleasesGrouped'] = DAY,
  nearest?: Schemas['DailyReleasesGrouped'],
  records: Schemas['DailyMealsRelease'][] = [],
) {
  const asked: string[] = [];
  const replaced: Schemas['DailyReleasesReplaceRequest'][] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['kitchen.releases'] }))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 11, text: 'SP 12' }, { value: 12, text: 'PM 5' }]))),
    http.get(apiUrl('dailyMealsReleases/grouped'), ({ request }) => {
      asked.push(new URL(request.url).search);
      const only = new URL(request.url).searchParams.get('institutionsIds');
      return HttpResponse.json({ ...grouped, institutions: grouped.institutions.filter((g) => !only || String(g.institutionId) === only) });
    }),
    http.get(apiUrl('dailyMealsReleases/grouped/nearest'), () =>
      HttpResponse.json(nearest ?? { dateFrom: null, dateTo: null, institutions: [] }),
    ),
    http.get(apiUrl('portionSizes/options'), () => HttpResponse.json(page([{ value: 7, text: 'Small' }, { value: 8, text: 'Normal' }]))),
    http.get(apiUrl('dailyMealsReleases'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const own = records.filter((row) => String(row.institutionId) === params.get('institutionId') && row.date === params.get('dateFrom'));
      return HttpResponse.json(page(own));
    }),
    http.post(apiUrl('dailyMealsReleases/replace'), async ({ request }) => {
      const body = (await request.json()) as Schemas['DailyReleasesReplaceRequest'];
      replaced.push(body);
      return HttpResponse.json({ date: body.date, institutionId: body.institutionId, rows: [] }, { status: 201 });
    }),
  );
  return { asked, replaced };
}

describe('daily meals releases', () => {
  it('given a day, then per institution ordered beside released, a shortfall highlighted, an unrecorded day marked', async () => {
    signIn();
    const { asked } = serve();
    renderApp('/dailyMealsReleases?date=2026-12-07');

    const sp12 = await screen.findByRole('table', { name: 'SP 12' });
    const rows = within(sp12).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Meal typeDietOrderedReleasedDifference',
      'LunchStandard1210-2',
      'LunchVegan34+1',
      'Total1514-1',
    ]);
    expect(rows[1]).toHaveClass('table-danger');
    expect(rows[2]).toHaveClass('table-warning');
    const pm5 = screen.getByRole('table', { name: 'PM 5' });
    expect(within(pm5).getAllByRole('row')[1]!.textContent).toBe('SoupStandard2——');
    expect(screen.getByText('Not recorded')).toBeInTheDocument();
    expect(asked).toEqual(['?date=2026-12-07']);
  });

  it('given nothing on the day, then it says so', async () => {
    signIn();
    serve({ dateFrom: '2026-12-07', dateTo: '2026-12-07', institutions: [] });
    renderApp('/dailyMealsReleases?date=2026-12-07');

    expect(await screen.findByText('Nothing ordered or released on 07/12/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('records a day: prefilled with the ordered counts, copied from the nearest day, a bad quantity blocks, save replaces', async () => {
    signIn();
    const nearest: Schemas['DailyReleasesGrouped'] = {
      dateFrom: '2026-12-04',
      dateTo: '2026-12-04',
      institutions: [{ ...DAY.institutions[1]!, date: '2026-12-04', recorded: true, released: 1, rows: [line(3, 'Soup', 'Standard', 2, 1)] }],
    };
    const { replaced } = serve(DAY, nearest);
    const { user } = renderApp('/dailyMealsReleases/create?date=2026-12-07&institutionId=12');

    const soup = await screen.findByLabelText('Released: Soup, Standard');
    expect(soup).toHaveValue('2');
    expect(screen.getByText('Prefilled with the ordered counts.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy from 04/12/2026' }));
    expect(screen.getByLabelText('Released: Soup, Standard')).toHaveValue('1');

    await user.clear(screen.getByLabelText('Released: Soup, Standard'));
    await user.type(screen.getByLabelText('Released: Soup, Standard'), '-3');
    expect(screen.getByText('Enter a whole number, 0 or more.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Released: Soup, Standard'));
    await user.type(screen.getByLabelText('Released: Soup, Standard'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(replaced).toHaveLength(1));
    expect(replaced[0]).toEqual({ date: '2026-12-07', institutionId: 12, rows: [{ mealTypeId: 3, dietId: 1, portionSizeId: null, quantity: 3, note: '' }] });
    expect(await screen.findByRole('table', { name: 'PM 5' })).toBeInTheDocument();
  });

  it('given a day recorded in two portion sizes, then a line per size with its note; a size and a note chosen are saved', async () => {
    signIn();
    const { replaced } = serve(DAY, undefined, [
      record(1, { portionSizeId: 8, portionSizeName: 'Normal', quantity: 7, note: 'Two trays' }),
      record(2, { portionSizeId: 7, portionSizeName: 'Small', quantity: 3 }),
      record(3, { dietId: 2, dietName: 'Vegan', quantity: 4 }),
    ]);
    const { user } = renderApp('/dailyMealsReleases/create?date=2026-12-07&institutionId=11');

    const table = await screen.findByRole('table', { name: 'Meals released' });
    expect(screen.getByText('Showing the release recorded for this day.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ['Lunch', 'Standard', '12'],
      ['Lunch', 'Standard', ''],
      ['Lunch', 'Vegan', '3'],
    ]);
    const quantities = within(table).getAllByLabelText('Released: Lunch, Standard');
    expect(quantities.map((input) => (input as HTMLInputElement).value)).toEqual(['7', '3']);
    const sizes = within(table).getAllByLabelText('Portion size: Lunch, Standard');
    await waitFor(() => expect(sizes.map((select) => (select as HTMLSelectElement).value)).toEqual(['8', '7']));
    expect(within(table).getAllByLabelText('Note: Lunch, Standard').map((input) => (input as HTMLInputElement).value)).toEqual(['Two trays', '']);

    await user.selectOptions(within(table).getByLabelText('Portion size: Lunch, Vegan'), 'Small');
    await user.type(within(table).getByLabelText('Note: Lunch, Vegan'), ' one spilled ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(replaced).toHaveLength(1));
    expect(replaced[0]).toEqual({
      date: '2026-12-07',
      institutionId: 11,
      rows: [
        { mealTypeId: 2, dietId: 1, portionSizeId: 8, quantity: 7, note: 'Two trays' },
        { mealTypeId: 2, dietId: 1, portionSizeId: 7, quantity: 3, note: '' },
        { mealTypeId: 2, dietId: 2, portionSizeId: 7, quantity: 4, note: 'one spilled' },
      ],
    });
  });

  it('given no institution chosen, then the form asks for one', async () => {
    signIn();
    serve();
    renderApp('/dailyMealsReleases/create?date=2026-12-07');
    expect(await screen.findByText('Choose an institution to record its release.')).toBeInTheDocument();
    // One institution's day is recorded at a time: the empty choice asks for one rather than offering "all".
    expect(screen.getByRole('combobox', { name: 'Institution' })).toHaveDisplayValue('Choose...');
  });
});
