import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const gluten: Schemas['Allergen'] = { id: 1, number: 1, name: 'Gluten', groupId: null, groupName: null };
const milk: Schemas['Allergen'] = { id: 7, number: 7, name: 'Milk', groupId: null, groupName: null };
const sizes: Schemas['PortionSize'][] = [
  { id: 11, name: 'Small', isDefault: false },
  { id: 10, name: 'Normal', isDefault: true },
];
const flour: Schemas['Ingredient'] = {
  id: 3,
  name: 'Wheat flour',
  unit: 'g',
  allergensIds: [1],
  allergens: [{ id: 1, number: 1, name: 'Gluten' }],
  mealsCount: 1,
};
const cheese: Schemas['Ingredient'] = {
  id: 4,
  name: 'Cottage cheese',
  unit: 'g',
  allergensIds: [7],
  allergens: [{ id: 7, number: 7, name: 'Milk' }],
  mealsCount: 1,
};
const pierogiRow: Schemas['MealList'] = {
  id: 5,
  name: 'Pierogi',
  description: 'With onion',
  kcal: 540,
  allergens: [{ id: 1, number: 1, name: 'Gluten' }],
  ingredientsCount: 2,
  menusCount: 1,
};
const soupRow: Schemas['MealList'] = { id: 6, name: 'Tomato soup', description: '', kcal: null, allergens: [], ingredientsCount: 0, menusCount: 0 };
const pierogi: Schemas['Meal'] = {
  id: 5,
  name: 'Pierogi',
  description: 'With onion',
  kcal: 540,
  allergensIds: [1],
  allergens: [{ id: 1, number: 1, name: 'Gluten' }],
  portions: [{ portionSizeId: 10, portionSizeName: 'Normal', kcal: 540, protein: '18.50', fat: null, carbohydrates: null }],
  ingredients: [
    { ingredientId: 3, ingredientName: 'Wheat flour', unit: 'g', grammages: [{ portionSizeId: 10, grammage: '110.00' }] },
  ],
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function signInAs(roles: Role[], abilities: string[]) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities }))));
  signIn();
}
const EDITOR: [Role[], string[]] = [['ROLE_ADMIN'], ['meals.view', 'menu.edit']];

function serveMeals(rows: Schemas['MealList'][] = [pierogiRow, soupRow]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('allergens'), () => HttpResponse.json(page([gluten, milk]))),
    http.get(apiUrl('portionSizes'), () => HttpResponse.json(page(sizes))),
    http.get(apiUrl('ingredients'), () => HttpResponse.json(page([flour, cheese]))),
    http.get(apiUrl('meals'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const without = params.get('withoutAllergenId');
      return HttpResponse.json(page(without ? rows.filter((row) => !row.allergens.some((a) => String(a.id) === without)) : rows));
    }),
    http.get(apiUrl('meals/5'), () => HttpResponse.json(pierogi)),
  );
  return lists;
}

describe('meals list', () => {
  it('lists meals with kcal, allergens and use, and filters meals free of an allergen', async () => {
    signInAs(...EDITOR);
    const lists = serveMeals();
    const { user, router } = renderApp('/meals');
    const table = await screen.findByRole('table', { name: 'Meals' });
    expect(await within(table).findByText('With onion')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('PierogiWith onion5401. Gluten21'),
      expect.stringContaining('Tomato soup00'),
    ]);
    await user.selectOptions(screen.getByLabelText('Free of allergen'), '1. Gluten');
    await waitFor(() => expect(lists.at(-1)?.get('withoutAllergenId')).toBe('1'));
    expect(router.state.location.search).toBe('?withoutAllergenId=1');
    await waitFor(() => expect(within(table).queryByText('With onion')).not.toBeInTheDocument());
  });

  it('bulk-deletes the selected meals after confirmation, and shows a refusal naming the meals on a menu', async () => {
    signInAs(...EDITOR);
    serveMeals();
    const bodies: unknown[] = [];
    server.use(
      http.delete(apiUrl('meals/bulkDelete'), async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'This record is in use and cannot be deleted.', errors: { mealIds: ['These meals are on a menu: Pierogi.'] } },
            { status: 409 },
          );
        }
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/meals');
    const table = await screen.findByRole('table', { name: 'Meals' });
    await within(table).findByText('With onion');
    for (const checkbox of within(table).getAllByRole('checkbox').slice(1)) await user.click(checkbox);
    const bar = screen.getByRole('region', { name: 'Actions on selected rows' });
    await user.click(within(bar).getByRole('button', { name: 'Remove selected' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Do you really want to remove 2 meals: Pierogi, Tomato soup?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodies).toEqual([]);

    await user.click(within(bar).getByRole('button', { name: 'Remove selected' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/These meals are on a menu: Pierogi\./)).toBeInTheDocument();
    expect(bodies).toEqual([{ mealIds: [5, 6] }]);

    await user.click(within(bar).getByRole('button', { name: 'Remove selected' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('2 meals have been removed.')).toBeInTheDocument();
  });

  it('shows no write actions to an institutions admin without menu_edit', async () => {
    signInAs(['ROLE_INSTITUTIONS_ADMIN'], ['meals.view']);
    serveMeals();
    renderApp('/meals');
    expect(await screen.findByText('With onion')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add meal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Pierogi' })).not.toBeInTheDocument();
  });
});

describe('meal form', () => {
  it('creates a meal: choosing ingredients proposes their allergens, empty cells are not sent', async () => {
    signInAs(...EDITOR);
    serveMeals();
    const bodies: Schemas['MealRequest'][] = [];
    server.use(
      http.post(apiUrl('meals'), async ({ request }) => {
        const body = (await request.json()) as Schemas['MealRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            {
              message: 'The given data was invalid.',
              errors: { 'ingredients.0.grammages.0.grammage': ['Ensure this value is less than or equal to 999999.99.'] },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...pierogi, id: 8 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/meals/create/meal');
    const form = await screen.findByRole('form', { name: 'New meal' });
    await user.type(within(form).getByLabelText(/^Name/), 'Dumplings');
    expect(within(form).getByText('The recipe has no ingredients yet.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add ingredient' }));
    await user.selectOptions(within(form).getByLabelText('Ingredient in row 1'), 'Cottage cheese');
    await user.click(within(form).getByRole('button', { name: 'Add ingredient' }));
    await user.selectOptions(within(form).getByLabelText('Ingredient in row 2'), 'Wheat flour');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Enter the amount for at least one portion size.')).toHaveLength(2);
    expect(bodies).toHaveLength(0);

    // The default portion size comes first.
    await user.type(within(form).getByLabelText('Amount of Cottage cheese – Normal'), '60');
    await user.type(within(form).getByLabelText('Amount of Wheat flour – Normal'), '110,5');
    await user.type(within(form).getByLabelText('Amount of Wheat flour – Small'), '90');
    await user.type(within(form).getByLabelText('kcal – Normal'), '540');
    await user.type(within(form).getByLabelText('Protein (g) – Normal'), '18,5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Dumplings',
      description: '',
      allergensIds: [7, 1],
      portions: [{ portionSizeId: 10, kcal: 540, protein: '18.5', fat: null, carbohydrates: null }],
      ingredients: [
        { ingredientId: 4, grammages: [{ portionSizeId: 10, grammage: '60' }] },
        {
          ingredientId: 3,
          grammages: [
            { portionSizeId: 10, grammage: '110.5' },
            { portionSizeId: 11, grammage: '90' },
          ],
        },
      ],
    });
    await waitFor(() =>
      expect(within(form).getByLabelText('Amount of Cottage cheese – Normal')).toHaveAccessibleDescription(
        'Ensure this value is less than or equal to 999999.99.',
      ),
    );

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meals'));
  });

  it('flags allergens of the ingredients missing from the list and adds them on request; a new ingredient adds its own', async () => {
    signInAs(...EDITOR);
    serveMeals();
    let put: Schemas['MealRequest'] | null = null;
    server.use(
      // Stored without gluten although its flour has it: the form points that out.
      http.get(apiUrl('meals/5'), () => HttpResponse.json({ ...pierogi, allergensIds: [], allergens: [] })),
      http.put(apiUrl('meals/5'), async ({ request }) => {
        put = (await request.json()) as Schemas['MealRequest'];
        return HttpResponse.json(pierogi);
      }),
    );
    const { user } = renderApp('/meals/5/edit');
    const form = await screen.findByRole('form', { name: 'Edit meal' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Pierogi');
    expect(await within(form).findByLabelText('Amount of Wheat flour – Normal')).toHaveValue('110.00');
    expect(within(form).getByLabelText('Protein (g) – Normal')).toHaveValue('18.50');
    expect(within(form).getByText('The ingredients contain allergens not on the list: 1. Gluten.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add them' }));
    expect(within(form).queryByText(/not on the list/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add ingredient' }));
    await user.selectOptions(within(form).getByLabelText('Ingredient in row 2'), 'Cottage cheese');
    await user.type(within(form).getByLabelText('Amount of Cottage cheese – Normal'), '60');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).not.toBeNull());
    expect(put).toMatchObject({ allergensIds: [1, 7] });
  });

  it('opens a copy of a meal as a new one and POSTs it', async () => {
    signInAs(...EDITOR);
    serveMeals();
    let posted: Schemas['MealRequest'] | null = null;
    server.use(
      http.post(apiUrl('meals'), async ({ request }) => {
        posted = (await request.json()) as Schemas['MealRequest'];
        return HttpResponse.json({ ...pierogi, id: 9 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/meals/create/meal/5');
    const form = await screen.findByRole('form', { name: 'New meal from a copy' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Pierogi (copy)');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toEqual({
      name: 'Pierogi (copy)',
      description: 'With onion',
      allergensIds: [1],
      portions: [{ portionSizeId: 10, kcal: 540, protein: '18.50', fat: null, carbohydrates: null }],
      ingredients: [{ ingredientId: 3, grammages: [{ portionSizeId: 10, grammage: '110.00' }] }],
    });
  });
});
