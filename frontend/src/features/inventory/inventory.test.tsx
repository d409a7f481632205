import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const flour: Schemas['Ingredient'] = { id: 3, name: 'Flour', unit: 'g', allergensIds: [], allergens: [], mealsCount: 1 };
const apples: Schemas['Ingredient'] = { id: 5, name: 'Apples', unit: 'szt.', allergensIds: [], allergens: [], mealsCount: 1 };

const delivery: Schemas['InventoryTurnover'] = {
  id: 11,
  kind: 'income',
  reason: '',
  ingredientId: 3,
  ingredient: { id: 3, name: 'Flour', unit: 'g', priceUnit: 'kg' },
  kitchenId: 4,
  kitchen: { id: 4, name: 'Central kitchen' },
  date: '2026-11-20',
  quantity: '25000.000',
  unitPrice: '3.20',
  netValue: '80.00',
  supplier: 'Mill',
  documentNumber: 'INV 7',
  note: '',
  bookedFor: null,
  createdAt: '2026-11-20T08:00:00Z',
  voidedAt: null,
  voidReason: '',
};

function serveBasics() {
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['inventory.manage', 'meals.view'] }))),
    http.get(apiUrl('ingredients'), () => HttpResponse.json(page([flour, apples]))),
    http.get(apiUrl('kitchens/options'), () => HttpResponse.json(page([{ value: 4, text: 'Central kitchen' }]))),
  );
  signIn();
}

describe('inventory incomes', () => {
  it('lists deliveries with their value and totals, and filters by ingredient through the URL', async () => {
    serveBasics();
    const lists: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('inventoryTurnovers'), ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([delivery]));
      }),
      http.get(apiUrl('inventoryTurnovers/totals'), () =>
        HttpResponse.json({ count: 1, netValue: '80.00', quantity: '25000.000', unit: 'g' }),
      ),
    );
    const { user, router } = renderApp('/inventory/incomes');

    const table = await screen.findByRole('table', { name: 'Inventory incomes' });
    expect(await within(table).findByRole('cell', { name: 'Flour' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '3.20 / kg' })).toBeInTheDocument();
    expect(await screen.findByText(/1 entry · net value 80.00 PLN · quantity 25,000 g/)).toBeInTheDocument();
    expect(lists[0]?.get('kind')).toBe('income');

    await user.selectOptions(screen.getByLabelText('Ingredient'), 'Flour');
    await waitFor(() => expect(lists.at(-1)?.get('ingredientId')).toBe('3'));
    expect(router.state.location.search).toBe('?ingredientId=3');
  });

  it('voids a delivery only after a reason is given', async () => {
    serveBasics();
    const voids: unknown[] = [];
    server.use(
      http.get(apiUrl('inventoryTurnovers'), () => HttpResponse.json(page([delivery]))),
      http.get(apiUrl('inventoryTurnovers/totals'), () => HttpResponse.json({ count: 1, netValue: '80.00', quantity: null, unit: null })),
      http.post(apiUrl('inventoryTurnovers/:id/void'), async ({ request }) => {
        voids.push(await request.json());
        return HttpResponse.json({ ...delivery, voidedAt: '2026-11-21T08:00:00Z', voidReason: 'Wrong invoice' });
      }),
    );
    const { user } = renderApp('/inventory/incomes');

    await user.click(await screen.findByRole('button', { name: 'Void Flour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void an entry: Flour' });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(voids).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Why is it voided?'), 'Wrong invoice');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(voids).toEqual([{ reason: 'Wrong invoice' }]));
  });
});

describe('inventory outcome form', () => {
  it('validates, shows the below-zero refusal under the quantity, and saves once confirmed', async () => {
    serveBasics();
    const bodies: Schemas['InventoryTurnoverRequest'][] = [];
    server.use(
      http.get(apiUrl('inventoryTurnovers'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('inventoryTurnovers/totals'), () => HttpResponse.json({ count: 0, netValue: '0.00', quantity: null, unit: null })),
      http.post(apiUrl('inventoryTurnovers'), async ({ request }) => {
        const body = (await request.json()) as Schemas['InventoryTurnoverRequest'];
        bodies.push(body);
        if (!body.allowNegative) {
          return HttpResponse.json(
            {
              message: 'The stock would fall below zero: Apples (-2 szt.). Confirm to record it anyway.',
              errors: { quantity: ['The stock would fall below zero: Apples (-2 szt.). Confirm to record it anyway.'] },
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ ...delivery, id: 12, kind: 'outcome' }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/inventory/outcomes/create');
    const form = await screen.findByRole('form', { name: 'Record an outcome' });

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(3);
    expect(bodies).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/^Ingredient/), 'Apples');
    await user.type(within(form).getByLabelText(/^Quantity/), '0');
    await user.selectOptions(within(form).getByLabelText(/^Reason/), 'Waste');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The quantity must be greater than zero.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Quantity/));
    await user.type(within(form).getByLabelText(/^Quantity/), '12,5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Quantity/)).toHaveAccessibleDescription(
        expect.stringContaining('The stock would fall below zero: Apples (-2 szt.)'),
      ),
    );

    await user.click(within(form).getByRole('switch', { name: 'Record even below zero' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/outcomes'));
    expect(bodies.at(-1)).toMatchObject({ kind: 'outcome', ingredientId: 5, quantity: '12.5', reason: 'waste', allowNegative: true });
  });
});

describe('stock and ingredients outcomes', () => {
  it('shows low stock with what to order, and an empty state when nothing is low', async () => {
    serveBasics();
    const low: Schemas['StockLevel'] = {
      id: 5,
      name: 'Apples',
      unit: 'szt.',
      priceUnit: 'szt.',
      incomes: '5.000',
      outcomes: '0.000',
      stock: '5.000',
      averagePrice: '1.00',
      value: '5.00',
      minimum: '10.000',
      need: '2.000',
      toOrder: '7.000',
      low: true,
    };
    server.use(
      http.get(apiUrl('inventory/stock'), ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('kitchenId') ? [] : [low]),
      ),
    );
    const { user } = renderApp('/inventory/stock?low=true');

    const table = await screen.findByRole('table', { name: 'Stock levels' });
    const row = within(table).getByRole('row', { name: /Apples/ });
    expect(row).toHaveTextContent('Apples low5 szt.1.00 / piece5.0010 szt.2 szt.7 szt.');

    await user.selectOptions(screen.getByLabelText('Kitchen'), 'Central kitchen');
    expect(await screen.findByText('No ingredient is low on stock.')).toBeInTheDocument();
  });

  it('books a day as outcomes after a confirmation', async () => {
    serveBasics();
    const books: unknown[] = [];
    server.use(
      http.get(apiUrl('ingredients/outcomes'), () =>
        HttpResponse.json({
          dateFrom: '2026-11-28',
          dateTo: '2026-11-28',
          portions: 2,
          bookedDays: [],
          ingredients: [
            { id: 3, name: 'Flour', unit: 'g', needed: '140.000', booked: '0.000', production: '0.000', waste: '0.000', other: '0.000', stock: '860.000' },
          ],
        }),
      ),
      http.post(apiUrl('ingredients/outcomes/book'), async ({ request }) => {
        books.push(await request.json());
        return HttpResponse.json({ created: 1, updated: 0, voided: 0, unchanged: 0 });
      }),
    );
    const { user } = renderApp('/inventory/ingredients/outcomes?dateFrom=2026-11-28');

    const table = await screen.findByRole('table', { name: 'Ingredient outcomes' });
    expect(within(table).getByRole('row', { name: /Flour/ })).toHaveTextContent('Flour140 g0 g0 g0 g0 g860 g');

    await user.click(screen.getByRole('button', { name: 'Book as outcomes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Book what the orders of');
    expect(books).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Book as outcomes' }));
    await waitFor(() => expect(books).toEqual([{ date: '2026-11-28' }]));
    expect(await screen.findByText('Booked: 1 new, 0 changed, 0 voided, 0 unchanged.')).toBeInTheDocument();
  });
});
