import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const standard: Schemas['Diet'] = { id: 1, name: 'Standard', priority: 1, isDefault: true, allowChangingAllergens: true, institutionsIds: [10, 11] };
const vegetarian: Schemas['Diet'] = { id: 2, name: 'Vegetarian', priority: 2, isDefault: false, allowChangingAllergens: true, institutionsIds: [10] };
const glutenFree: Schemas['Diet'] = { id: 3, name: 'Gluten-free', priority: 3, isDefault: false, allowChangingAllergens: false, institutionsIds: [] };
const institutions: Schemas['InstitutionOption'][] = [
  { value: 10, text: 'Primary School 12', shortName: 'SP 12', slug: 'sp12', districtId: null, active: true },
  { value: 11, text: 'Kindergarten 5', shortName: 'PM 5', slug: 'pm5', districtId: null, active: true },
];

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function serveDiets(items: Schemas['Diet'][] = [standard, vegetarian, glutenFree]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('diets'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const institutionId = Number(params.get('institutionId'));
      return HttpResponse.json(page(institutionId ? items.filter((item) => item.institutionsIds?.includes(institutionId)) : items));
    }),
    http.get(apiUrl('diets/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json({ ...page(institutions), perPage: 9999 })),
  );
  return lists;
}

function serveCommands() {
  const calls: string[] = [];
  server.use(
    http.post(apiUrl('diets/:id/:command'), ({ params }) => {
      calls.push(`${String(params.command)} ${String(params.id)}`);
      return HttpResponse.json({ status: true });
    }),
  );
  return calls;
}

describe('diets screen', () => {
  it('lists diets in priority order with their institutions and filters by institution', async () => {
    signIn();
    const lists = serveDiets();
    const { user, router } = renderApp('/diets');
    const table = await screen.findByRole('table', { name: 'Diets' });
    expect(await within(table).findByRole('cell', { name: 'Primary School 12, Kindergarten 5' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Priority'),
      expect.stringMatching(/^1StandardDefaultYesPrimary School 12, Kindergarten 5/),
      expect.stringMatching(/^2VegetarianYesPrimary School 12/),
      expect.stringMatching(/^3Gluten-freeNoNo institution/),
    ]);
    expect(within(table).getByRole('columnheader', { name: /Priority/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.selectOptions(screen.getByLabelText('Institution'), 'Kindergarten 5');
    await waitFor(() => expect(lists.at(-1)?.get('institutionId')).toBe('11'));
    expect(router.state.location.search).toBe('?institutionId=11');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Vegetarian' })).not.toBeInTheDocument());
  });

  it('moves diets up and down; the top cannot go up and the bottom cannot go down', async () => {
    signIn();
    const lists = serveDiets();
    const calls = serveCommands();
    const { user } = renderApp('/diets');
    expect(await screen.findByRole('button', { name: 'Move “Standard” up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move “Gluten-free” down' })).toBeDisabled();

    const listsBefore = lists.length;
    await user.click(screen.getByRole('button', { name: 'Move “Gluten-free” up' }));
    expect(await screen.findByText('“Gluten-free” moved up.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move “Standard” down' }));
    expect(await screen.findByText('“Standard” moved down.')).toBeInTheDocument();
    expect(calls).toEqual(['increasePriority 3', 'decreasePriority 1']);
    await waitFor(() => expect(lists.length).toBeGreaterThan(listsBefore)); // the new order is fetched
  });

  it('marks a diet as default; the default diet offers no such button', async () => {
    signIn();
    serveDiets();
    const calls = serveCommands();
    const { user } = renderApp('/diets');
    await user.click(await screen.findByRole('button', { name: 'Make “Vegetarian” the default' }));
    expect(await screen.findByText('“Vegetarian” is now the default diet.')).toBeInTheDocument();
    expect(calls).toEqual(['markAsDefault 2']);
    expect(screen.queryByRole('button', { name: 'Make “Standard” the default' })).not.toBeInTheDocument();
  });

  it('creates a diet on its own page: client validation, then the server field error, then back to the list', async () => {
    signIn();
    serveDiets();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('diets'), async ({ request }) => {
        const body = (await request.json()) as Schemas['DietRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { name: ['A diet with this name already exists.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ id: 4, priority: 4, ...body }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/diets');
    await user.click(await screen.findByRole('link', { name: 'Add diet' }));
    const form = await screen.findByRole('form', { name: 'New diet' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Name/), 'Standard');
    await user.click(within(form).getByRole('switch', { name: 'Allergens can be changed' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription(expect.stringContaining('A diet with this name already exists.')),
    );

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Dairy-free');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/diets'));
    expect(bodies.at(-1)).toEqual({ name: 'Dairy-free', isDefault: false, allowChangingAllergens: false, institutionsIds: [] });
  });

  it('edits a diet on /diets/{id}/edit and PUTs the whole object', async () => {
    signIn();
    serveDiets();
    let put: unknown = null;
    server.use(
      http.put(apiUrl('diets/2'), async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ ...vegetarian, name: 'Vegan' });
      }),
    );
    const { user, router } = renderApp('/diets/2/edit');
    const form = await screen.findByRole('form', { name: 'Edit diet' });
    const name = await within(form).findByLabelText(/^Name/);
    expect(name).toHaveValue('Vegetarian');
    await user.clear(name);
    await user.type(name, 'Vegan');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toEqual({ name: 'Vegan', isDefault: false, allowChangingAllergens: true, institutionsIds: [10] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/diets'));
  });

  it('asks before deleting and shows the "in use" refusal', async () => {
    signIn();
    serveDiets();
    server.use(
      http.delete(apiUrl('diets/:id'), () =>
        HttpResponse.json({ message: 'This record is in use and cannot be deleted.', errors: {} }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/diets');
    await user.click(await screen.findByRole('button', { name: 'Remove Standard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This record is in use and cannot be deleted.')).toBeInTheDocument();
  });
});

describe('diets in the menu', () => {
  it('shows Diets under Catalogue to an admin and opens the list', async () => {
    signIn();
    serveDiets();
    const { user } = renderApp('/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(await within(menu).findByRole('button', { name: 'Catalogue' }));
    await user.click(await within(menu).findByRole('link', { name: 'Diets' }));
    expect(await screen.findByRole('table', { name: 'Diets' })).toBeInTheDocument();
  });
});
