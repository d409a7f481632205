import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const november: Schemas['MealsMenu'] = {
  id: 5,
  name: 'November menu',
  dateFrom: '2026-11-01',
  dateTo: '2026-11-30',
  institutionsIds: [1],
  dietsIds: [2],
  institutions: [{ id: 1, name: 'Primary School 12', shortName: 'PS 12' }],
  diets: [{ id: 2, name: 'Standard' }],
  itemsCount: 2,
  createdAt: '2026-10-20T10:00:00+02:00',
  updatedAt: '2026-10-20T10:00:00+02:00',
};
const december: Schemas['MealsMenu'] = { ...november, id: 6, name: 'December menu', dateFrom: '2026-12-01', dateTo: '2026-12-31', institutionsIds: [3], institutions: [{ id: 3, name: 'Kindergarten 5', shortName: 'K 5' }] };

const soup: Schemas['MenuGridMeal'] = {
  itemId: 11,
  mealId: 21,
  name: 'Tomato soup',
  description: '',
  kcal: null,
  allergens: [
    { id: 7, number: 7, name: 'Milk' },
    { id: 9, number: 9, name: 'Celery' },
  ],
  grammages: [{ ingredientName: 'Rice', portionSizeId: 1, portionSizeName: 'Normal', grammage: '40.00', unit: 'g' }],
};

const monthData = (cells: Schemas['MenuGridCell'][] = [{ date: '2026-11-02', mealTypeId: 2, meals: [soup] }]): Schemas['MealsMenuMonthData'] => ({
  menu: { id: 5, name: 'November menu', dateFrom: '2026-11-01', dateTo: '2026-11-30' },
  month: '2026-11',
  dates: ['2026-11-02', '2026-11-03', '2026-11-04'],
  mealTypes: [
    { id: 1, name: 'Breakfast' },
    { id: 2, name: 'Lunch' },
  ],
  showGrammages: true,
  cells,
});

function signInAs(roles: Role[], abilities: string[] = []) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities }))));
  signIn();
}

function serveOptions() {
  server.use(
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(
        page([
          { value: 1, text: 'Primary School 12' },
          { value: 3, text: 'Kindergarten 5' },
        ]),
      ),
    ),
    http.get(apiUrl('diets/options'), () => HttpResponse.json(page([{ value: 2, text: 'Standard' }]))),
    http.get(apiUrl('meals/options'), () =>
      HttpResponse.json(
        page<Schemas['MealOption']>([
          { value: 21, text: 'Tomato soup', kcal: null, allergens: [{ id: 7, number: 7, name: 'Milk' }] },
          { value: 22, text: 'Żurek with egg', kcal: null, allergens: [{ id: 3, number: 3, name: 'Eggs' }] },
          { value: 23, text: 'Pierogi', kcal: null, allergens: [] },
        ]),
      ),
    ),
  );
}

function serveMenus(items = [november, december]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('mealsMenus'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const institution = params.get('institutionId');
      return HttpResponse.json(page(institution ? items.filter((menu) => menu.institutionsIds.includes(Number(institution))) : items));
    }),
    http.get(apiUrl('mealsMenus/:id'), ({ params }) => HttpResponse.json(items.find((menu) => String(menu.id) === params.id))),
    http.get(apiUrl('mealsMenus/:id/month/:month/data'), () => HttpResponse.json(monthData())),
    http.get(apiUrl('mealsMenusFiles'), () => HttpResponse.json(page([]))),
  );
  return lists;
}

describe('menus list (staff)', () => {
  it('lists menus, filters by institution through the URL, and shows a month with allergens', async () => {
    signInAs(['ROLE_ADMIN'], ['menu.edit']);
    serveOptions();
    const lists = serveMenus();
    const { user, router } = renderApp('/mealsMenus');

    const table = await screen.findByRole('table', { name: 'Menus' });
    expect(await within(table).findByRole('cell', { name: 'November menu' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'PS 12' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add menu' })).toHaveAttribute('href', '/mealsMenus/create');
    expect(screen.getByRole('link', { name: 'Edit November menu' })).toHaveAttribute('href', '/mealsMenus/5/edit');

    await user.selectOptions(screen.getByLabelText('Institution'), 'Kindergarten 5');
    await waitFor(() => expect(lists.at(-1)?.get('institutionId')).toBe('3'));
    expect(router.state.location.search).toBe('?institutionId=3');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'November menu' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Show December menu' }));
    const grid = (await screen.findAllByRole('table', { name: 'December menu' }))[0]!;
    expect(within(grid).getByRole('columnheader', { name: 'Lunch' })).toBeInTheDocument();
    expect(within(grid).getByText('Tomato soup')).toBeInTheDocument();
    expect(within(grid).getByTitle('Celery')).toHaveTextContent('9');
  });

  it('hides writing to a cook, who still reads the menus', async () => {
    signInAs(['ROLE_COOK']);
    serveOptions();
    serveMenus();
    renderApp('/mealsMenus');
    expect(await screen.findByRole('cell', { name: 'November menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove November menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show November menu' })).toBeInTheDocument();
  });
});

describe('menu for parents', () => {
  it("shows the month's menu of the child's institution with allergens, day by day", async () => {
    signInAs(['ROLE_PARENT']);
    const lists = serveMenus([november]);
    renderApp('/mealsMenus?month=2026-11');

    expect(await screen.findByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
    const days = await screen.findByRole('list', { name: 'November menu' });
    expect(within(days).getByRole('heading', { name: 'Monday 2 November' })).toBeInTheDocument();
    expect(within(days).getByText('Tomato soup')).toBeInTheDocument();
    expect(within(days).getByText('Normal: Rice 40 g')).toBeInTheDocument();
    expect(lists.at(-1)?.get('month')).toBe('2026-11');
  });

  it('opens the menu the URL names, so a reload or the back button keeps the choice', async () => {
    signInAs(['ROLE_PARENT']);
    serveMenus([november, { ...december, id: 7, name: 'November menu, kindergarten', dateFrom: '2026-11-01', dateTo: '2026-11-30' }]);

    renderApp('/mealsMenus?month=2026-11&menu=7');

    expect(await screen.findByRole('list', { name: 'November menu, kindergarten' })).toBeInTheDocument();
    expect(screen.getByLabelText('Menu')).toHaveValue('7');
  });

  it('says so when there is no menu for the month', async () => {
    signInAs(['ROLE_INSTITUTION_WORKER']);
    serveMenus([]);
    renderApp('/mealsMenus?month=2027-01');
    expect(await screen.findByText('There is no menu for January 2027 yet.')).toBeInTheDocument();
  });
});

describe('menu create and editor', () => {
  it('creates a menu: client validation first, then the server field error, then the editor', async () => {
    signInAs(['ROLE_ADMIN'], ['menu.edit']);
    serveOptions();
    serveMenus();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('mealsMenus'), async ({ request }) => {
        const body = (await request.json()) as Schemas['MealsMenuRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { institutionsIds: ['You can only choose institutions you manage.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...november, ...body }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/mealsMenus/create');
    const form = await screen.findByRole('form', { name: 'New menu' });

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.click(within(form).getByRole('button', { name: 'Save and plan meals' }));
    expect(await within(form).findByText('Choose at least one institution.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Name/), 'November menu');
    await user.clear(within(form).getByLabelText(/^From/));
    await user.type(within(form).getByLabelText(/^From/), '2026-11-01');
    await user.clear(within(form).getByLabelText(/^To/));
    await user.type(within(form).getByLabelText(/^To/), '2026-11-30');
    await user.click(within(form).getByRole('button', { name: /Institutions/ }));
    await user.click(await screen.findByRole('option', { name: 'Primary School 12' }));
    await user.click(within(form).getByRole('button', { name: /Diets/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard' }));
    await user.click(within(form).getByRole('button', { name: 'Save and plan meals' }));
    expect(await within(form).findByText('You can only choose institutions you manage.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save and plan meals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mealsMenus/5/edit'));
    expect(bodies.at(-1)).toEqual({ name: 'November menu', dateFrom: '2026-11-01', dateTo: '2026-11-30', institutionsIds: [1], dietsIds: [2] });
  });

  it('picks meals for a cell with the searchable picker and saves that cell only', async () => {
    signInAs(['ROLE_ADMIN'], ['menu.edit']);
    serveOptions();
    serveMenus();
    let put: unknown = null;
    server.use(
      http.put(apiUrl('mealsMenus/5/updateParts'), async ({ request }) => {
        put = await request.json();
        return HttpResponse.json(november);
      }),
    );
    const { user } = renderApp('/mealsMenus/5/edit?month=2026-11');
    const grid = await screen.findByRole('table', { name: 'Meals by day and meal type' });
    await user.click(within(grid).getByRole('button', { name: 'Choose meals: Lunch · Monday 2 November' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lunch · Monday 2 November' });
    expect(within(dialog).getByRole('list', { name: 'Chosen meals' })).toHaveTextContent('Tomato soup');

    await user.type(within(dialog).getByLabelText('Find a meal'), 'zurek{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Move Żurek with egg up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(put).toEqual({ cells: [{ date: '2026-11-02', mealTypeId: 2, mealsIds: [22, 21] }] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("copies a day's meals to the same weekday and reports how many were copied", async () => {
    signInAs(['ROLE_ADMIN'], ['menu.edit']);
    serveOptions();
    serveMenus();
    let body: unknown = null;
    server.use(
      http.post(apiUrl('mealsMenus/5/copyDayItems'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: true, copiedItems: 2 });
      }),
    );
    const { user } = renderApp('/mealsMenus/5/edit?month=2026-11');
    await user.click(await screen.findByRole('button', { name: 'Copy the meals of Monday 2 November' }));
    const dialog = await screen.findByRole('dialog', { name: /Copy Mon/ });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at least one day.');
    await user.click(within(dialog).getByRole('checkbox', { name: /\b0?4\/11/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(body).toEqual({ date: '2026-11-02', targetDates: ['2026-11-04'] }));
    expect(await screen.findByText('2 meals have been copied.')).toBeInTheDocument();
  });
});

describe('menu import', () => {
  it('uploads the file and reports every bad row with its row, column and message', async () => {
    signInAs(['ROLE_ADMIN'], ['menu.edit']);
    serveOptions();
    serveMenus();
    server.use(
      http.post(apiUrl('mealsMenus/importMealsMenuFromExcelFile'), () =>
        HttpResponse.json(
          {
            message: 'The file has errors; nothing was imported.',
            errors: { rows: ['Row 2, column A: The date is missing.', 'Row 3, column B: There is no meal type „Supper”.'] },
            rows: [
              { row: 2, column: 'A', message: 'The date is missing.' },
              { row: 3, column: 'B', message: 'There is no meal type „Supper”.' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/mealsMenus/import');
    const form = await screen.findByRole('form', { name: 'Import a menu from Excel' });
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText('Choose an XLSX file.')).toBeInTheDocument();

    await user.upload(within(form).getByLabelText(/XLSX file/), new File(['PK'], 'menu.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    await user.type(within(form).getByLabelText(/^Name/), 'December');
    await user.click(within(form).getByRole('button', { name: /Institutions/ }));
    await user.click(await screen.findByRole('option', { name: 'Primary School 12' }));
    await user.click(within(form).getByRole('button', { name: /Diets/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard' }));
    await user.click(within(form).getByRole('button', { name: 'Import' }));

    const report = await screen.findByRole('table', { name: 'Errors in the file' });
    expect(within(report).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RowColumnError',
      '2A (Date)The date is missing.',
      '3B (Meal type)There is no meal type „Supper”.',
    ]);
    expect(screen.getByText('Nothing was imported: the file has errors.')).toBeInTheDocument();
    expect(screen.getByText('Correct 2 errors and import the file again:')).toBeInTheDocument();
  });
});
