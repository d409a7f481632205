import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const gluten: Schemas['Allergen'] = { id: 1, number: 1, name: 'Gluten', groupId: null, groupName: null };
const milk: Schemas['Allergen'] = { id: 7, number: 7, name: 'Milk', groupId: null, groupName: null };
const flour: Schemas['Ingredient'] = {
  id: 3,
  name: 'Wheat flour',
  unit: 'g',
  allergensIds: [1],
  allergens: [{ id: 1, number: 1, name: 'Gluten' }],
  mealsCount: 2,
};
const cream: Schemas['Ingredient'] = {
  id: 4,
  name: 'Cream',
  unit: 'ml',
  allergensIds: [7],
  allergens: [{ id: 7, number: 7, name: 'Milk' }],
  mealsCount: 0,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function signInAs(roles: Role[], abilities: string[]) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities }))));
  signIn();
}

function serveIngredients(items: Schemas['Ingredient'][] = [flour, cream]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('allergens'), () => HttpResponse.json(page([gluten, milk]))),
    http.get(apiUrl('ingredients'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const allergenId = params.get('allergenId');
      return HttpResponse.json(page(allergenId ? items.filter((item) => item.allergensIds?.includes(Number(allergenId))) : items));
    }),
    http.get(apiUrl('ingredients/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('common/settings/uploadMaxFileSize'), () => HttpResponse.json({ uploadMaxFileSize: 1024 * 1024 })),
  );
  return lists;
}

const EDITOR: [Role[], string[]] = [['ROLE_ADMIN'], ['meals.view', 'menu.edit']];

describe('ingredients list', () => {
  it('lists name, unit, allergens and use, and filters by allergen through the URL', async () => {
    signInAs(...EDITOR);
    const lists = serveIngredients();
    const { user, router } = renderApp('/inventory/ingredients');
    const table = await screen.findByRole('table', { name: 'Ingredients' });
    expect(await within(table).findByRole('cell', { name: 'Wheat flour' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('Wheat flourg1. Gluten2'),
      expect.stringContaining('Creamml7. Milk0'),
    ]);

    await user.selectOptions(screen.getByLabelText('Allergen'), '7. Milk');
    await waitFor(() => expect(lists.at(-1)?.get('allergenId')).toBe('7'));
    expect(router.state.location.search).toBe('?allergenId=7');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Wheat flour' })).not.toBeInTheDocument());
  });

  it('shows no write buttons to an institutions admin without menu_edit', async () => {
    signInAs(['ROLE_INSTITUTIONS_ADMIN'], ['meals.view']);
    serveIngredients();
    renderApp('/inventory/ingredients');
    expect(await screen.findByRole('cell', { name: 'Cream' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add ingredient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Cream' })).not.toBeInTheDocument();
  });

  it('asks before deleting and shows the 409 refusal of an ingredient used in meals', async () => {
    signInAs(...EDITOR);
    serveIngredients();
    server.use(
      http.delete(apiUrl('ingredients/:id'), () =>
        HttpResponse.json({ message: 'This record is in use and cannot be deleted.', errors: {} }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/inventory/ingredients');
    await user.click(await screen.findByRole('button', { name: 'Remove Wheat flour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This record is in use and cannot be deleted.')).toBeInTheDocument();
  });
});

describe('ingredient form', () => {
  it('validates, shows the server uniqueness error on the name, then saves and goes back to the list', async () => {
    signInAs(...EDITOR);
    serveIngredients();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('ingredients'), async ({ request }) => {
        const body = (await request.json()) as Schemas['IngredientRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { name: ['An ingredient with this name already exists.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ id: 9, allergens: [], mealsCount: 0, ...body }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/inventory/ingredients/create');
    const form = await screen.findByRole('form', { name: 'New ingredient' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Name/), 'Cream');
    await user.selectOptions(within(form).getByLabelText(/^Unit/), 'ml (millilitres)');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription('An ingredient with this name already exists.'));

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Sour cream');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/ingredients'));
    expect(bodies.at(-1)).toEqual({ name: 'Sour cream', unit: 'ml', allergensIds: [] });
  });
});

describe('ingredients import', () => {
  const workbook = () => new File(['PK'], 'ingredients.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

  it('reports every bad row of a refused file in a table, then imports a corrected one', async () => {
    signInAs(...EDITOR);
    serveIngredients();
    let calls = 0;
    server.use(
      http.post(apiUrl('ingredients/import'), () => {
        calls += 1;
        if (calls === 1) {
          return HttpResponse.json(
            {
              message: 'The file has errors; nothing was imported.',
              errors: { rows: ['Row 3, column B: The unit must be one of: g, ml, szt.'] },
              rows: [
                { row: 3, column: 'B', message: 'The unit must be one of: g, ml, szt.' },
                { row: 5, column: 'C', message: 'Unknown allergen: Kiwi.' },
              ],
            } satisfies Schemas['ImportError'],
            { status: 400 },
          );
        }
        return HttpResponse.json({ status: true, created: 2, updated: 1 } satisfies Schemas['IngredientImportResult']);
      }),
    );
    const { user } = renderApp('/inventory/ingredients/import');
    expect(await screen.findByText('At most 1 MB.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('XLSX file'), workbook());
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const report = await screen.findByRole('table', { name: 'Errors in the file' });
    expect(screen.getByText('Nothing was imported: the file has errors.')).toBeInTheDocument();
    expect(within(report).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RowColumnError',
      '3BThe unit must be one of: g, ml, szt.',
      '5CUnknown allergen: Kiwi.',
    ]);

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findAllByText('Imported: 2 new, 1 updated.')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table', { name: 'Errors in the file' })).not.toBeInTheDocument();
  });

  it('refuses a file over the upload limit before sending it', async () => {
    signInAs(...EDITOR);
    serveIngredients();
    let sent = false;
    server.use(
      http.post(apiUrl('ingredients/import'), () => {
        sent = true;
        return HttpResponse.json({ status: true, created: 0, updated: 0 });
      }),
    );
    const { user } = renderApp('/inventory/ingredients/import');
    await screen.findByText('At most 1 MB.');
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.xlsx');
    await user.upload(screen.getByLabelText('XLSX file'), big);
    expect(screen.getByText('The file is too large: the limit is 1 MB.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(sent).toBe(false);
  });
});
