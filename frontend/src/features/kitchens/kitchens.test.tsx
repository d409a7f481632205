import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';
import { defaultWeek } from './components/default-week';

const SP12 = 10;
const PM5 = 11;
const SOUP = 1;
const LUNCH = 2;

const ochota: Schemas['Kitchen'] = {
  id: 1,
  name: 'Kuchnia Ochota',
  street: 'ul. Grójecka 120',
  postCode: '02-367',
  city: 'Warszawa',
  isActive: true,
  institutionsMealTypes: [{ institutionId: SP12, institutionName: 'SP 12', mealTypeIds: [SOUP, LUNCH] }],
};
const wola: Schemas['Kitchen'] = { id: 2, name: 'Kuchnia Wola', street: '', postCode: '', city: '', isActive: false, institutionsMealTypes: [] };
const assignments: Schemas['KitchenInstitutionMealType'][] = [
  { id: 1, kitchenId: 1, kitchenName: 'Kuchnia Ochota', institutionId: SP12, institutionName: 'SP 12', mealTypeId: SOUP, mealTypeName: 'Soup' },
  { id: 2, kitchenId: 1, kitchenName: 'Kuchnia Ochota', institutionId: SP12, institutionName: 'SP 12', mealTypeId: LUNCH, mealTypeName: 'Lunch' },
];

const page = <T,>(items: T[], perPage = 20) => ({ items, total: items.length, page: 1, perPage });

function serveKitchens(items: Schemas['Kitchen'][] = [ochota, wola]) {
  const lists: URLSearchParams[] = [];
  const ingredientQueries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('kitchens'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      return HttpResponse.json(page(items));
    }),
    http.get(apiUrl('kitchens/ingredients'), ({ request }) => {
      ingredientQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        page<Schemas['KitchenIngredient']>(
          [
            { id: 3, name: 'Pomidory', unit: 'g', amountPerPortion: '300.00', mealsCount: 1, daysCount: 2 },
            { id: 4, name: 'Ziemniaki', unit: 'g', amountPerPortion: '1501.50', mealsCount: 2, daysCount: 2 },
          ],
          9999,
        ),
      );
    }),
    http.get(apiUrl('kitchens/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(
        page(
          [
            { value: PM5, text: 'PM 5' },
            { value: SP12, text: 'SP 12' },
          ],
          9999,
        ),
      ),
    ),
    http.get(apiUrl('mealTypes/options'), () =>
      HttpResponse.json(
        page(
          [
            { value: SOUP, text: 'Soup' },
            { value: LUNCH, text: 'Lunch' },
          ],
          9999,
        ),
      ),
    ),
    http.get(apiUrl('portionSizes/options'), () => HttpResponse.json(page([{ value: 7, text: 'Small' }], 9999))),
    http.get(apiUrl('kitchensInstitutionsMealTypes/all'), () => HttpResponse.json(page(assignments, 9999))),
  );
  return { lists, ingredientQueries };
}

describe('kitchens screen', () => {
  it('lists kitchens with address, institutions and status, and filters by institution through the URL', async () => {
    signIn();
    const { lists } = serveKitchens();
    const { user, router } = renderApp('/kitchens');
    const table = await screen.findByRole('table', { name: 'Kitchens' });
    expect(await within(table).findByRole('cell', { name: 'Kuchnia Ochota' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('Kuchnia Ochotaul. Grójecka 120, 02-367 WarszawaSP 12 (2)Active'),
      expect.stringContaining('Kuchnia WolaInactive'),
    ]);

    await user.selectOptions(screen.getByLabelText('Institution'), 'PM 5');
    await waitFor(() => expect(lists.at(-1)?.get('institutionId')).toBe(String(PM5)));
    expect(router.state.location.search).toBe(`?institutionId=${PM5}`);
  });

  it('creates a kitchen with its matrix: pairs of another kitchen are greyed out and named', async () => {
    signIn();
    serveKitchens();
    const bodies: Schemas['KitchenRequest'][] = [];
    server.use(
      http.post(apiUrl('kitchens'), async ({ request }) => {
        const body = (await request.json()) as Schemas['KitchenRequest'];
        bodies.push(body);
        return HttpResponse.json({ id: 3, ...body }, { status: 201 });
      }),
    );
    const { user } = renderApp('/kitchens');
    await user.click(await screen.findByRole('button', { name: 'Add kitchen' }));
    const dialog = await screen.findByRole('dialog', { name: 'New kitchen' });
    expect(within(dialog).getByText('The kitchen does not prepare meals for any institution yet.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Name/), 'Kuchnia Bemowo');
    await user.type(within(dialog).getByLabelText('Post code'), '01-1');
    await user.selectOptions(await within(dialog).findByLabelText('Add institution'), 'SP 12');
    await user.selectOptions(within(dialog).getByLabelText('Add institution'), 'PM 5');

    const matrix = within(dialog).getByRole('table', { name: 'What the kitchen prepares' });
    // SP 12's soup and lunch belong to Kuchnia Ochota: unticked, locked, named.
    expect(within(matrix).getByRole('checkbox', { name: 'Soup – SP 12' })).toBeDisabled();
    expect(within(matrix).getByRole('checkbox', { name: 'Lunch – SP 12' })).not.toBeChecked();
    expect(within(matrix).getAllByText('Kuchnia Ochota')).toHaveLength(2);
    // A new row starts with every free meal type.
    expect(within(matrix).getByRole('checkbox', { name: 'Soup – PM 5' })).toBeChecked();
    await user.click(within(matrix).getByRole('checkbox', { name: 'Soup – PM 5' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a post code as 00-000.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one meal type.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(within(matrix).getByRole('button', { name: 'Remove institution SP 12' }));
    await user.clear(within(dialog).getByLabelText('Post code'));
    await user.type(within(dialog).getByLabelText('Post code'), '01-100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        name: 'Kuchnia Bemowo',
        street: '',
        postCode: '01-100',
        city: '',
        isActive: true,
        institutionsMealTypes: [{ institutionId: PM5, mealTypeIds: [LUNCH] }],
      },
    ]);
  });

  it('shows the server refusal of a taken pair on its matrix row', async () => {
    signIn();
    serveKitchens();
    server.use(
      http.put(apiUrl('kitchens/:id'), () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { 'institutionsMealTypes.0.mealTypeIds': ['Already prepared for this institution by the kitchen “Kuchnia Wola”: Soup.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/kitchens');
    await user.click(await screen.findByRole('button', { name: 'Edit Kuchnia Ochota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit kitchen' });
    const matrix = await within(dialog).findByRole('table', { name: 'What the kitchen prepares' });
    // Its own pairs are not "taken": they stay editable.
    expect(within(matrix).getByRole('checkbox', { name: 'Soup – SP 12' })).toBeEnabled();
    expect(within(matrix).getByRole('checkbox', { name: 'Soup – SP 12' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(matrix).getByRole('checkbox', { name: 'Soup – SP 12' })).toHaveAccessibleDescription(
        'Already prepared for this institution by the kitchen “Kuchnia Wola”: Soup.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Edit kitchen' })).toBeInTheDocument();
  });

  it('warns that the assignments go with the kitchen before deleting it', async () => {
    signIn();
    serveKitchens();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('kitchens/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/kitchens');
    await user.click(await screen.findByRole('button', { name: 'Remove Kuchnia Ochota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Do you really want to remove “Kuchnia Ochota”? Its assignment to 1 institution will be removed too.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['1']));
    expect(await screen.findByText('“Kuchnia Ochota” has been removed.')).toBeInTheDocument();
  });

  it('shows the ingredients a kitchen needs in the coming week, per portion size', async () => {
    signIn();
    const { ingredientQueries } = serveKitchens();
    const { user } = renderApp('/kitchens');
    await user.click(await screen.findByRole('button', { name: 'Ingredients of Kuchnia Ochota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ingredients – Kuchnia Ochota' });
    const table = await within(dialog).findByRole('table', { name: 'Ingredients' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'IngredientAmount per portionMealsDays',
      'Pomidory300.00 g12',
      'Ziemniaki1,501.50 g22',
    ]);
    const week = defaultWeek();
    expect(Object.fromEntries(ingredientQueries[0] ?? [])).toEqual({ kitchenId: '1', ...week });

    await user.selectOptions(within(dialog).getByLabelText('Portion size'), 'Small');
    await waitFor(() => expect(ingredientQueries.at(-1)?.get('portionSizeId')).toBe('7'));
  });
});
