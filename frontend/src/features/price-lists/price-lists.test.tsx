import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, money, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const groups: Schemas['PriceListsGroup'][] = [
  { id: 1, name: 'Schools', defaultForChildren: true, defaultForInstitutionsWorkers: false, forGroupOrders: false },
];
const mealTypes: Schemas['MealType'][] = [
  { id: 10, name: 'Soup', description: '', categoryId: null, categoryName: null, position: 1, isDefault: false, blockOnRegistration: false, portionSizesIds: [100] },
  { id: 11, name: 'Lunch', description: '', categoryId: null, categoryName: null, position: 2, isDefault: true, blockOnRegistration: true, portionSizesIds: [100, 101] },
];
const diets: Schemas['Diet'][] = [{ id: 20, name: 'Standard', priority: 1, isDefault: true, allowChangingAllergens: true }];
const portionSizes: Schemas['PortionSize'][] = [
  { id: 100, name: 'Normal', isDefault: true },
  { id: 101, name: 'Small', isDefault: false },
];
const lunchItem: Schemas['PriceListItem'] = {
  id: 501,
  mealTypeId: 11,
  mealTypeName: 'Lunch',
  dietId: 20,
  dietName: 'Standard',
  portionSizeId: 100,
  portionSizeName: 'Normal',
  price: money('12.50'),
  hidden: false,
  hiddenFor: [],
  hiddenWeekdays: [],
};
const autumn: Schemas['PriceList'] = {
  id: 7,
  groupId: 1,
  groupName: 'Schools',
  name: 'Autumn',
  validFrom: '2026-09-01',
  validTo: null,
  status: 'current',
  locked: false,
  items: [lunchItem],
};

function signInAs(roles: Role[], overrides: Partial<CurrentUser> = {}) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, overrides))));
  signIn();
}

function serve(lists: Schemas['PriceList'][] = [autumn]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('priceLists'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const status = params.get('status');
      return HttpResponse.json(page(status ? lists.filter((list) => list.status === status) : lists));
    }),
    http.get(apiUrl('priceLists/groups'), () => HttpResponse.json(page(groups))),
    http.get(apiUrl('priceLists/:id'), ({ params }) => HttpResponse.json(lists.find((list) => String(list.id) === params.id))),
    http.get(apiUrl('priceLists/:id/hasPrepaids'), () => HttpResponse.json({ hasPrepaids: false })),
    http.get(apiUrl('mealTypes'), () => HttpResponse.json(page(mealTypes))),
    http.get(apiUrl('diets'), () => HttpResponse.json(page(diets))),
    http.get(apiUrl('portionSizes'), () => HttpResponse.json(page(portionSizes))),
  );
  return queries;
}

const admin = makeUser(['ROLE_ADMIN']).abilities;

describe('price lists screen', () => {
  it('lists every version for the admin with status and filters by status through the URL', async () => {
    signInAs(['ROLE_ADMIN'], { abilities: [...admin, 'catalog.manage', 'prices.see'] });
    const future = { ...autumn, id: 8, name: 'Winter', validFrom: '2027-01-01', status: 'future' as const, items: [] };
    const queries = serve([autumn, future]);
    const { user, router } = renderApp('/priceLists');
    const table = await screen.findByRole('table', { name: 'Price lists' });
    expect(await within(table).findByRole('cell', { name: 'Winter' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('AutumnSchools01/09/2026Current1'),
      expect.stringContaining('WinterSchools01/01/2027Upcoming0'),
    ]);
    expect(within(table).getByRole('link', { name: 'Copy Autumn' })).toHaveAttribute('href', '/priceLists/create/7');

    await user.selectOptions(screen.getByLabelText('Status'), 'Upcoming');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('future'));
    expect(router.state.location.search).toBe('?status=future');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Autumn' })).not.toBeInTheDocument());
  });

  it('shows a parent the prices valid now, one table per list', async () => {
    signInAs(['ROLE_PARENT'], { abilities: ['prices.see', 'tenant.access'] });
    const queries = serve();
    renderApp('/priceLists');
    const prices = await screen.findByRole('table', { name: 'Autumn' });
    expect(within(prices).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Meal typeDietPortionPrice (PLN)',
      expect.stringMatching(/^LunchStandardNormalPLN\s12\.50$/),
    ]);
    expect(queries.at(-1)?.get('status')).toBe('current');
  });

  it('tells a customer without prices that they are not shown, without asking the server', async () => {
    signInAs(['ROLE_PARENT'], { abilities: ['tenant.access'], settings: { canSeePrices: false } });
    const queries = serve();
    renderApp('/priceLists');
    expect(await screen.findByText(/Prices are not shown on your account/)).toBeInTheDocument();
    expect(queries).toHaveLength(0);
  });

  it('creates a list from the grid: only priced combinations are sent, server errors land on their cell', async () => {
    signInAs(['ROLE_ADMIN'], { abilities: [...admin, 'catalog.manage', 'prices.see'] });
    serve();
    const bodies: Schemas['PriceListRequest'][] = [];
    server.use(
      http.post(apiUrl('priceLists'), async ({ request }) => {
        const body = (await request.json()) as Schemas['PriceListRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { 'items.1.portionSizeId': ['This portion size is not offered for this meal type.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...autumn, id: 9 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/priceLists/create');
    const form = await screen.findByRole('form', { name: 'New price list' });
    const grid = await within(form).findByRole('table', { name: 'Prices by meal type, diet and portion' });
    // Soup offers one portion, lunch two: three combinations for the one diet.
    expect(within(grid).getAllByRole('row')).toHaveLength(4);

    await user.type(within(grid).getByLabelText('Price: Lunch, Standard, Small'), '9,5x');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(3);
    expect(within(grid).getByLabelText('Price: Lunch, Standard, Small')).toHaveAccessibleDescription('Enter an amount such as 12.50.');
    expect(bodies).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/^Price lists group/), 'Schools');
    await user.type(within(form).getByLabelText(/^Name/), 'Spring');
    await user.type(within(form).getByLabelText(/^Valid from/), '2027-03-01');
    await user.type(within(grid).getByLabelText('Price: Soup, Standard, Normal'), '5');
    await user.clear(within(grid).getByLabelText('Price: Lunch, Standard, Small'));
    await user.type(within(grid).getByLabelText('Price: Lunch, Standard, Small'), '9,50');
    await user.click(within(grid).getByLabelText('Hidden for parents: Lunch, Standard, Small'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(grid).getByLabelText('Price: Lunch, Standard, Small')).toHaveAccessibleDescription(
        'This portion size is not offered for this meal type.',
      ),
    );
    expect(bodies[0]).toEqual({
      groupId: 1,
      name: 'Spring',
      validFrom: '2027-03-01',
      items: [
        { mealTypeId: 10, dietId: 20, portionSizeId: 100, price: money('5'), hidden: false, hiddenFor: [], hiddenWeekdays: [] },
        {
          mealTypeId: 11,
          dietId: 20,
          portionSizeId: 101,
          price: money('9.50'),
          hidden: false,
          hiddenFor: ['parents'],
          hiddenWeekdays: [],
        },
      ],
    });

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/priceLists'));
  });

  it('starts a copy from an existing list without its item ids', async () => {
    signInAs(['ROLE_ADMIN'], { abilities: [...admin, 'catalog.manage', 'prices.see'] });
    serve();
    const bodies: Schemas['PriceListRequest'][] = [];
    server.use(
      http.post(apiUrl('priceLists'), async ({ request }) => {
        bodies.push((await request.json()) as Schemas['PriceListRequest']);
        return HttpResponse.json({ ...autumn, id: 9 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/priceLists/create/7');
    const form = await screen.findByRole('form', { name: 'New price list' });
    expect(await within(form).findByLabelText(/^Name/)).toHaveValue('Copy of Autumn');
    expect(within(form).getByLabelText('Price: Lunch, Standard, Normal')).toHaveValue('12,50');
    await user.type(within(form).getByLabelText(/^Valid from/), '2027-02-01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.items).toEqual([
      { mealTypeId: 11, dietId: 20, portionSizeId: 100, price: money('12.50'), hidden: false, hiddenFor: [], hiddenWeekdays: [] },
    ]);
  });

  it('edits a used list: explains the freeze and saves the grid as a new version from a later date', async () => {
    signInAs(['ROLE_ADMIN'], { abilities: [...admin, 'catalog.manage', 'prices.see'] });
    serve([{ ...autumn, locked: true }]);
    const replaced: unknown[] = [];
    server.use(
      http.post(apiUrl('priceLists/7/replaceWithNewOne'), async ({ request }) => {
        replaced.push(await request.json());
        return HttpResponse.json({ status: true, id: 12 });
      }),
    );
    const { user, router } = renderApp('/priceLists/7/edit');
    const form = await screen.findByRole('form', { name: 'Edit price list' });
    expect(within(form).getByText(/its prices can no longer change/)).toBeInTheDocument();
    const price = await within(form).findByLabelText('Price: Lunch, Standard, Normal');
    await user.clear(price);
    await user.type(price, '13,90');

    await user.click(within(form).getByRole('button', { name: 'Save as new version…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version of the price list' });
    await user.type(within(dialog).getByLabelText(/^Valid from/), '2026-09-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create new version' }));
    expect(await within(dialog).findByText('The new version must start after 01/09/2026.')).toBeInTheDocument();
    expect(replaced).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Valid from/));
    await user.type(within(dialog).getByLabelText(/^Valid from/), '2027-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create new version' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/priceLists/12/edit'));
    expect(replaced).toEqual([
      {
        validFrom: '2027-01-01',
        items: [{ mealTypeId: 11, dietId: 20, portionSizeId: 100, price: money('13.90'), hidden: false, hiddenFor: [], hiddenWeekdays: [] }],
      },
    ]);
  });
});
