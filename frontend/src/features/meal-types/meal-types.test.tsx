import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const portions: Schemas['PortionSizeOption'][] = [
  { value: 1, text: 'Normal', isDefault: true },
  { value: 2, text: 'Small', isDefault: false },
];
const breakfast: Schemas['MealType'] = {
  id: 5,
  name: 'Breakfast',
  description: 'Served at 8:00',
  categoryId: 9,
  categoryName: 'Daily meals',
  position: 1,
  isDefault: false,
  blockOnRegistration: false,
  portionSizesIds: [1, 2],
};
const lunch: Schemas['MealType'] = {
  id: 6,
  name: 'Lunch',
  description: '',
  categoryId: 9,
  categoryName: 'Daily meals',
  position: 2,
  isDefault: true,
  blockOnRegistration: true,
  portionSizesIds: [1],
};
const category: Schemas['MealTypeCategory'] = {
  id: 9,
  name: 'Daily meals',
  position: 1,
  mealTypes: [
    { id: 5, name: 'Breakfast', description: '', isDefault: false, blockOnRegistration: false, portionSizes: [] },
    { id: 6, name: 'Lunch', description: '', isDefault: true, blockOnRegistration: true, portionSizes: [] },
  ],
};
const extras: Schemas['MealTypeCategory'] = { id: 10, name: 'Extras', position: 2, mealTypes: [] };

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function serveMealTypes({ grouped }: { grouped?: Schemas['InstitutionMealTypes'][] } = {}) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('mealTypes'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json(page([breakfast, lunch]));
    }),
    http.get(apiUrl('mealTypes/options'), () =>
      HttpResponse.json({
        ...page(
          [breakfast, lunch].map((row) => ({
            value: row.id,
            text: row.name,
            isDefault: row.isDefault,
            blockOnRegistration: row.blockOnRegistration,
            categoryId: row.categoryId ?? null,
            portionSizesIds: row.portionSizesIds,
          })),
        ),
        perPage: 9999,
      }),
    ),
    http.get(apiUrl('mealTypes/categories'), () => HttpResponse.json(page([category, extras]))),
    http.get(apiUrl('mealTypes/categories/options'), () =>
      HttpResponse.json({ ...page([{ value: 9, text: 'Daily meals', name: 'Daily meals', mealTypes: [] }]), perPage: 9999 }),
    ),
    http.get(apiUrl('mealTypes/:id'), ({ params }) => HttpResponse.json([breakfast, lunch].find((row) => String(row.id) === params.id))),
    http.get(apiUrl('portionSizes/options'), () => HttpResponse.json({ ...page(portions), perPage: 9999 })),
    http.get(apiUrl('mealTypeInstitutionSettings/groupedByInstitutions'), () =>
      HttpResponse.json(
        grouped ?? [
          { institutionId: 20, institutionName: 'Primary School 12', institutionShortName: 'SP 12', mealTypesIds: [5, 6] },
          { institutionId: 21, institutionName: 'Factory', institutionShortName: 'ZP', mealTypesIds: [6] },
        ],
      ),
    ),
  );
  return lists;
}

describe('meal types screen', () => {
  it('lists meal types with category, portion sizes and flags, and filters by category', async () => {
    signIn();
    const lists = serveMealTypes();
    const { user, router } = renderApp('/mealTypes');
    const table = await screen.findByRole('table', { name: 'Meal types' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
        expect.stringContaining('Order'),
        expect.stringMatching(/^1BreakfastServed at 8:00Daily mealsNormal, Small/),
        expect.stringMatching(/^2LunchDaily mealsNormalDefaultAt registration/),
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Category'), 'Daily meals');
    await waitFor(() => expect(lists.at(-1)?.get('categoryId')).toBe('9'));
    expect(router.state.location.search).toBe('?categoryId=9');
  });

  it('creates a meal type: at least one portion size is required, then the body mirrors the form', async () => {
    signIn();
    serveMealTypes();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('mealTypes'), async ({ request }) => {
        const body = (await request.json()) as Schemas['MealTypeRequest'];
        bodies.push(body);
        return HttpResponse.json({ id: 7, categoryName: null, ...body }, { status: 201 });
      }),
    );
    const { user } = renderApp('/mealTypes');
    await user.click(await screen.findByRole('button', { name: 'Add meal type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New meal type' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Snack');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one portion size.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: /Portion sizes/ }));
    await user.click(await screen.findByRole('option', { name: 'Small' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Chosen automatically at registration' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        name: 'Snack',
        description: '',
        categoryId: null,
        position: 0,
        portionSizesIds: [2],
        blockOnRegistration: true,
        isDefault: false,
      },
    ]);
  });

  it('shows the server refusal to drop a priced portion size on its field', async () => {
    signIn();
    serveMealTypes();
    server.use(
      http.put(apiUrl('mealTypes/5'), () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { portionSizesIds: ['A price list still sells this meal type in a removed portion size.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/mealTypes');
    await user.click(await screen.findByRole('button', { name: 'Edit Breakfast' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit meal type' });
    expect(await within(dialog).findByLabelText(/^Name/)).toHaveValue('Breakfast');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A price list still sells this meal type in a removed portion size.'),
    ).toBeInTheDocument();
  });

  it('marks a meal type as default', async () => {
    signIn();
    serveMealTypes();
    const marked: string[] = [];
    server.use(
      http.post(apiUrl('mealTypes/:id/markAsDefault'), ({ params }) => {
        marked.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/mealTypes');
    expect(await screen.findByRole('button', { name: 'Make “Breakfast” the default' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make “Lunch” the default' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make “Breakfast” the default' }));
    expect(await screen.findByText('“Breakfast” is now the default meal type.')).toBeInTheDocument();
    expect(marked).toEqual(['5']);
  });

  it('shows and edits which meal types each institution offers', async () => {
    signIn();
    serveMealTypes();
    const puts: unknown[] = [];
    server.use(
      http.put(apiUrl('mealTypeInstitutionSettings/institutions/:id'), async ({ params, request }) => {
        const body = (await request.json()) as Schemas['InstitutionMealTypesInputRequest'];
        puts.push({ id: String(params.id), body });
        return HttpResponse.json({ institutionId: 21, institutionName: 'Factory', institutionShortName: 'ZP', ...body });
      }),
    );
    const { user } = renderApp('/mealTypes');
    const availability = await screen.findByRole('table', { name: 'Availability in institutions' });
    await waitFor(() =>
      expect(within(availability).getAllByRole('row').map((row) => row.textContent)).toEqual([
        expect.stringContaining('Institution'),
        expect.stringContaining('Primary School 12All'),
        expect.stringContaining('FactoryLunch'),
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Change availability at “Factory”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Availability: Factory' });
    expect(within(dialog).getByRole('switch', { name: 'Lunch' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Breakfast' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Lunch' }));
    expect(within(dialog).getByText('No meal can be ordered at this institution.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Breakfast' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([{ id: '21', body: { mealTypesIds: [5] } }]);
  });

  it('shows the empty state when there are no institutions', async () => {
    signIn();
    serveMealTypes({ grouped: [] });
    renderApp('/mealTypes');
    const card = (await screen.findByRole('heading', { name: 'Availability in institutions' })).closest('.card') as HTMLElement;
    expect(await within(card).findByText('There are no records to show')).toBeInTheDocument();
  });
});

describe('meal type categories screen', () => {
  it('lists categories with their meal types, creates one and refuses to delete one in use', async () => {
    signIn();
    serveMealTypes();
    const created: unknown[] = [];
    server.use(
      http.post(apiUrl('mealTypes/categories'), async ({ request }) => {
        const body = (await request.json()) as Schemas['MealTypeCategoryRequest'];
        created.push(body);
        return HttpResponse.json({ id: 11, mealTypes: [], ...body }, { status: 201 });
      }),
      http.delete(apiUrl('mealTypes/categories/:id'), () =>
        HttpResponse.json({ message: 'This record is in use and cannot be deleted.', errors: {} }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/mealTypesCategories');
    const table = await screen.findByRole('table', { name: 'Meal type categories' });
    expect(await within(table).findByRole('cell', { name: 'Breakfast, Lunch' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'None' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New meal type category' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Drinks');
    await user.type(within(dialog).getByLabelText('Order'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual([{ name: 'Drinks', position: 3 }]));

    await user.click(screen.getByRole('button', { name: 'Remove Daily meals' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This record is in use and cannot be deleted.')).toBeInTheDocument();
  });
});
