import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const options = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });
const ref = (id: number, name: string) => ({ id, name });

const ROWS: Schemas['ReleaseRowPage'] = {
  items: [
    {
      date: '2026-12-07',
      institution: ref(1, 'SP 12'),
      group: { kind: 'classroom', id: 3, name: '1A' },
      mealType: ref(2, 'Lunch'),
      diet: ref(1, 'Standard'),
      portionSize: ref(4, 'Normal'),
      portions: 18,
    },
    {
      date: '2026-12-07',
      institution: ref(1, 'SP 12'),
      group: { kind: 'workers', id: null, name: null },
      mealType: ref(2, 'Lunch'),
      diet: ref(1, 'Standard'),
      portionSize: ref(4, 'Normal'),
      portions: 2,
    },
  ],
  total: 41,
  page: 1,
  perPage: 20,
};

const GROUPED: Schemas['GroupedMealsToRelease'] = {
  dateFrom: '2026-12-07',
  dateTo: '2026-12-07',
  portions: 20,
  institutions: [
    {
      institution: ref(1, 'SP 12'),
      portions: 20,
      dishes: [
        {
          id: 10,
          name: 'Dumplings',
          mealType: ref(2, 'Lunch'),
          portions: 20,
          diets: [{ id: 1, name: 'Standard', portions: 20, portionSizes: [{ id: 4, name: 'Normal', portions: 20 }] }],
        },
      ],
    },
  ],
};

const BY_DATES: Schemas['MealByDates'] = {
  meal: ref(10, 'Dumplings'),
  dateFrom: '2026-12-07',
  dateTo: '2026-12-13',
  portions: 31,
  dates: [
    { date: '2026-12-07', portions: 20, institutions: [{ id: 1, name: 'SP 12', portions: 20 }] },
    { date: '2026-12-09', portions: 11, institutions: [{ id: 1, name: 'SP 12', portions: 11 }] },
  ],
};

const NESTED: Schemas['NestedMealsToRelease'] = {
  date: '2026-12-07',
  portions: 3,
  institutions: [
    {
      id: 1,
      name: 'SP 12',
      portions: 3,
      groups: [
        {
          kind: 'classroom',
          id: 3,
          name: '1A',
          portions: 2,
          mealTypes: [
            {
              id: 2,
              name: 'Lunch',
              portions: 2,
              diets: [
                {
                  id: 1,
                  name: 'Standard',
                  portions: 2,
                  receivers: [
                    { kind: 'child', id: 5, firstName: 'Jan', lastName: 'Nowak', portionSize: ref(5, 'Small'), portions: 1, allergens: [ref(7, 'Peanuts')] },
                    { kind: 'child', id: 6, firstName: 'Ola', lastName: 'Nowak', portionSize: ref(4, 'Normal'), portions: 1, allergens: [] },
                  ],
                },
              ],
            },
          ],
        },
        {
          kind: 'workers',
          id: null,
          name: null,
          portions: 1,
          mealTypes: [
            {
              id: 2,
              name: 'Lunch',
              portions: 1,
              diets: [
                {
                  id: 1,
                  name: 'Standard',
                  portions: 1,
                  receivers: [{ kind: 'worker', id: 9, firstName: 'Ewa', lastName: 'Lis', portionSize: ref(4, 'Normal'), portions: 1, allergens: [] }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const REPORT: Schemas['ReleaseReport'] = {
  dateFrom: '2026-12-07',
  dateTo: '2026-12-08',
  portions: 7,
  mealTypes: [ref(1, 'Breakfast'), ref(2, 'Lunch')],
  rows: [
    { institution: ref(1, 'SP 12'), date: '2026-12-07', portions: 3, byMealType: [1, 2] },
    { institution: ref(1, 'SP 12'), date: '2026-12-08', portions: 4, byMealType: [0, 4] },
  ],
  totals: [1, 6],
};

function serve(answers: { rows?: Schemas['ReleaseRowPage']; nested?: Schemas['NestedMealsToRelease']; report?: Schemas['ReleaseReport'] } = {}) {
  const queries = { rows: [] as string[], grouped: [] as string[], byDates: [] as string[], nested: [] as string[], report: [] as string[], files: [] as string[] };
  const record =
    (name: keyof typeof queries, answer: object) =>
    ({ request }: { request: Request }) => {
      queries[name].push(new URL(request.url).search);
      return HttpResponse.json(answer);
    };
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['kitchen.release', 'kitchen.prepare'] }))),
    http.get(apiUrl('kitchens/options'), () => HttpResponse.json(options([{ value: 4, text: 'Central kitchen' }]))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(options([{ value: 1, text: 'SP 12' }]))),
    http.get(apiUrl('meals/mealsToRelease'), record('rows', answers.rows ?? ROWS)),
    http.get(apiUrl('meals/groupedMealsToRelease'), record('grouped', GROUPED)),
    http.get(apiUrl('meals/10/groupedByDatesMealsToRelease'), record('byDates', BY_DATES)),
    http.get(apiUrl('meals/nestedMealsToRelease'), record('nested', answers.nested ?? NESTED)),
    http.get(apiUrl('meals/mealsToReleaseReport'), record('report', answers.report ?? REPORT)),
    http.get(apiUrl('meals/mealsToReleaseReport/xlsx'), ({ request }) => {
      queries.files.push(new URL(request.url).search);
      return new HttpResponse('xlsx', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="meals-to-release-report-2026-12-07.xlsx"',
        },
      });
    }),
  );
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
  return queries;
}

const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => row.textContent);

describe('meals to release', () => {
  it('given an admin, then tomorrow by default, one row per institution, group, meal type, diet and portion size, paged', async () => {
    signIn();
    const queries = serve();
    const { user } = renderApp('/mealsToRelease');

    const table = await screen.findByRole('table', { name: 'Meals to release' });
    expect(rowTexts(table)).toEqual([
      'InstitutionClassroom or groupMeal typeDietPortion sizePortions',
      'SP 121ALunchStandardNormal18',
      'SP 12WorkersLunchStandardNormal2',
    ]);
    expect(queries.rows).toEqual([`?date=${addDays(todayIso(), 1)}&page=1&perPage=20`]);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queries.rows.at(-1)).toBe(`?date=${addDays(todayIso(), 1)}&page=2&perPage=20`));
  });

  it('given the by-meal view, then the dishes per institution, and a dish opens its portions by date', async () => {
    signIn();
    const queries = serve();
    const { user } = renderApp('/mealsToRelease?date=2026-12-07&kitchenId=4');

    await user.click(await screen.findByRole('button', { name: 'By meal' }));
    const table = await screen.findByRole('table', { name: 'SP 12' });
    expect(rowTexts(table)).toEqual(['Meal typeDishDiets and portion sizesPortions', 'LunchDumplingsStandard: Normal 2020']);
    expect(queries.grouped).toEqual(['?date=2026-12-07&kitchenId=4']);

    await user.click(within(table).getByRole('button', { name: 'Dumplings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dumplings by dates' });
    expect(rowTexts(await within(dialog).findByRole('table', { name: 'Portions by date' }))).toEqual([
      'DayInstitutionPortions',
      '07/12/2026SP 1220',
      '09/12/2026SP 1211',
      'Total31',
    ]);
    expect(queries.byDates).toEqual(['?dateFrom=2026-12-07&dateTo=2026-12-13&kitchenId=4']);
  });

  it('given no meals on the day, then it says so instead of the table', async () => {
    signIn();
    serve({ rows: { items: [], total: 0, page: 1, perPage: 20 } });
    renderApp('/mealsToRelease?date=2026-12-07');

    expect(await screen.findByText('No meals to release on 07/12/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('nested meals to release', () => {
  it('given the day, then names under their classroom and the workers, allergens highlighted, and each level collapses', async () => {
    signIn();
    const queries = serve();
    const { user } = renderApp('/nestedMealsToRelease?date=2026-12-07&institutionId=1');

    const children = await screen.findByRole('list', { name: 'Standard, Lunch, 1A' });
    expect(within(children).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Nowak Jan · Small Allergens: Peanuts',
      'Nowak Ola · Normal',
    ]);
    expect(within(screen.getByRole('list', { name: 'Standard, Lunch, Workers' })).getByRole('listitem')).toHaveTextContent('Lis Ewa · Normal');
    expect(queries.nested).toEqual(['?date=2026-12-07&institutionsIds=1']);

    const classroom = screen.getByRole('button', { name: '1A' });
    expect(classroom).toHaveAttribute('aria-expanded', 'true');
    await user.click(classroom);
    expect(classroom).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Standard, Lunch, 1A' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('list', { name: 'Standard, Lunch, 1A' })).toBeInTheDocument();
  });

  it('given no meals, then it says so', async () => {
    signIn();
    serve({ nested: { date: '2026-12-07', portions: 0, institutions: [] } });
    renderApp('/nestedMealsToRelease?date=2026-12-07');

    expect(await screen.findByText('No meals to release on 07/12/2026.')).toBeInTheDocument();
  });
});

describe('meals to release report', () => {
  it('given a period, then institutions by day with a column per meal type and totals, and the XLSX with the same query', async () => {
    signIn();
    const queries = serve();
    const { user } = renderApp('/mealsToReleaseReport?dateFrom=2026-12-07&dateTo=2026-12-08');

    const table = await screen.findByRole('table', { name: 'Meals to release report' });
    expect(rowTexts(table)).toEqual([
      'InstitutionDayBreakfastLunchTotal',
      'SP 1207/12/2026123',
      'SP 1208/12/2026044',
      'Total167',
    ]);

    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 12');
    await waitFor(() => expect(queries.report.at(-1)).toBe('?dateFrom=2026-12-07&dateTo=2026-12-08&institutionsIds=1'));
    await user.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(queries.files).toEqual(['?dateFrom=2026-12-07&dateTo=2026-12-08&institutionsIds=1']));
  });

  it('given nothing ordered in the period, then it says so', async () => {
    signIn();
    serve({ report: { ...REPORT, portions: 0, mealTypes: [], rows: [], totals: [] } });
    renderApp('/mealsToReleaseReport?dateFrom=2026-12-07&dateTo=2026-12-08');

    expect(await screen.findByText('No meals to release in 07/12/2026 – 08/12/2026.')).toBeInTheDocument();
  });
});
