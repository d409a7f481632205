import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { builtRouteNames } from '@/app/routes/built-routes';
import { routeTable } from '@/app/routes/route-table';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const groups: Schemas['AllergenGroup'][] = [
  { id: 1, name: 'Dairy' },
  { id: 2, name: 'Grains' },
];
const milk: Schemas['Allergen'] = { id: 7, number: 7, name: 'Milk', groupId: 1, groupName: 'Dairy' };
const gluten: Schemas['Allergen'] = { id: 1, number: 1, name: 'Gluten', groupId: 2, groupName: 'Grains' };

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function serveAllergens(items: Schemas['Allergen'][] = [gluten, milk]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('allergens'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const group = params.get('group');
      return HttpResponse.json(page(group ? items.filter((item) => String(item.groupId) === group) : items));
    }),
    http.get(apiUrl('allergens/groups'), () => HttpResponse.json(page(groups))),
    http.get(apiUrl('allergens/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
  );
  return lists;
}

function signInAs(roles: Role[]) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles))));
  signIn();
}

describe('allergens screen', () => {
  it('lists number, name and group, and filters by group through the URL', async () => {
    signInAs(['ROLE_ADMIN']);
    const lists = serveAllergens();
    const { user, router } = renderApp('/allergens');
    expect(await screen.findByRole('heading', { level: 1, name: 'Allergens' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Allergens' });
    expect(await within(table).findByRole('cell', { name: 'Milk' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Number'),
      expect.stringContaining('1GlutenGrains'),
      expect.stringContaining('7MilkDairy'),
    ]);
    expect(within(table).getByRole('columnheader', { name: /Number/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.selectOptions(await screen.findByLabelText('Group'), 'Dairy');
    await waitFor(() => expect(lists.at(-1)?.get('group')).toBe('1'));
    expect(router.state.location.search).toBe('?group=1');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Gluten' })).not.toBeInTheDocument());
  });

  it('creates an allergen, showing the server validation error on its field first', async () => {
    signInAs(['ROLE_ADMIN']);
    serveAllergens();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('allergens'), async ({ request }) => {
        const body = (await request.json()) as Schemas['AllergenRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { name: ['An allergen with this name already exists.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ id: 20, groupName: 'Grains', ...body }, { status: 201 });
      }),
    );
    const { user } = renderApp('/allergens');
    await user.click(await screen.findByRole('button', { name: 'Add allergen' }));
    const dialog = await screen.findByRole('dialog', { name: 'New allergen' });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Number'), '14');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Milk');
    await user.selectOptions(within(dialog).getByLabelText('Group'), 'Grains');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('An allergen with this name already exists.'));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Lupin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({ number: 14, name: 'Lupin', groupId: 2 });
    expect(await screen.findByText('Changes have been saved.')).toBeInTheDocument();
  });

  it('edits an allergen in the modal: loads it, PUTs the whole object', async () => {
    signInAs(['ROLE_ADMIN']);
    serveAllergens();
    let put: unknown = null;
    server.use(
      http.put(apiUrl('allergens/7'), async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ ...milk, name: 'Cow milk' });
      }),
    );
    const { user } = renderApp('/allergens');
    await user.click(await screen.findByRole('button', { name: 'Edit Milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit allergen' });
    const name = await within(dialog).findByLabelText(/^Name/);
    expect(name).toHaveValue('Milk');
    await user.clear(name);
    await user.type(name, 'Cow milk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toEqual({ number: 7, name: 'Cow milk', groupId: 1 }));
  });

  it('asks before deleting; Cancel sends nothing, OK sends DELETE', async () => {
    signInAs(['ROLE_ADMIN']);
    serveAllergens();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('allergens/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/allergens');
    await user.click(await screen.findByRole('button', { name: 'Remove Milk' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Do you really want to remove “Milk”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Milk' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['7']));
    expect(await screen.findByText('“Milk” has been removed.')).toBeInTheDocument();
  });

  it('shows the 409 "in use" refusal as an error toast', async () => {
    signInAs(['ROLE_ADMIN']);
    serveAllergens();
    server.use(
      http.delete(apiUrl('allergens/:id'), () =>
        HttpResponse.json({ message: 'This record is in use and cannot be deleted.', errors: {} }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/allergens');
    await user.click(await screen.findByRole('button', { name: 'Remove Gluten' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This record is in use and cannot be deleted.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Gluten' })).toBeInTheDocument();
  });
});

describe('allergen groups screen', () => {
  it('lists, creates and deletes groups', async () => {
    signInAs(['ROLE_ADMIN']);
    serveAllergens();
    const created: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      http.post(apiUrl('allergens/groups'), async ({ request }) => {
        const body = (await request.json()) as Schemas['AllergenGroupRequest'];
        created.push(body);
        return HttpResponse.json({ id: 3, ...body }, { status: 201 });
      }),
      http.delete(apiUrl('allergens/groups/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/allergensGroups');
    expect(await screen.findByRole('cell', { name: 'Dairy' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New allergen group' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nuts');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual([{ name: 'Nuts' }]));

    await user.click(screen.getByRole('button', { name: 'Remove Grains' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['2']));
  });
});

describe('route auto-registration', () => {
  it('shows Allergens under the Catalogue menu to an admin, with the page instead of ComingSoon', async () => {
    signInAs(['ROLE_ADMIN']);
    serveAllergens();
    const { user } = renderApp('/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(await within(menu).findByRole('button', { name: 'Catalogue' }));
    expect(within(menu).getByRole('link', { name: 'Allergens' })).toHaveAttribute('href', '/allergens');
    expect(within(menu).getByRole('link', { name: 'Allergen groups' })).toHaveAttribute('href', '/allergensGroups');
    // Only built routes are menu entries.
    const builtPaths = routeTable.filter((route) => builtRouteNames.has(route.name)).map((route) => route.path);
    for (const link of within(menu).getAllByRole('link')) {
      expect(builtPaths).toContain(link.getAttribute('href'));
    }

    await user.click(within(menu).getByRole('link', { name: 'Allergens' }));
    expect(await screen.findByRole('table', { name: 'Allergens' })).toBeInTheDocument();
    expect(screen.queryByText('This area is being built and will be available soon.')).not.toBeInTheDocument();
  });

  it('hides Allergens from a parent, whom the route sends to the role home', async () => {
    signInAs(['ROLE_PARENT']);
    const { router, user } = renderApp('/allergens');
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/user'));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'Home' })).toBeInTheDocument();
    // Parents may see catalogue areas open to them (menus, price lists), never the admin's dictionaries.
    const catalogue = within(menu).queryByRole('button', { name: 'Catalogue' });
    if (catalogue) await user.click(catalogue);
    expect(within(menu).queryByRole('link', { name: 'Allergens' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Allergen groups' })).not.toBeInTheDocument();
  });
});
