import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const school: Schemas['PriceListsGroup'] = {
  id: 1,
  name: 'Schools',
  defaultForChildren: true,
  defaultForInstitutionsWorkers: false,
  forGroupOrders: false,
};
const staff: Schemas['PriceListsGroup'] = {
  id: 2,
  name: 'Staff',
  defaultForChildren: false,
  defaultForInstitutionsWorkers: true,
  forGroupOrders: false,
};
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function signInAs(roles: Role[]) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles))));
  signIn();
}

function serveGroups(items = [school, staff]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('priceLists/groups'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const filtered = params.get('forGroupOrders') === 'true' ? items.filter((item) => item.forGroupOrders) : items;
      return HttpResponse.json(page(filtered));
    }),
    http.get(apiUrl('priceLists/groups/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
  );
  return lists;
}

describe('price lists groups screen', () => {
  it('lists groups with their default flags and filters through the URL', async () => {
    signInAs(['ROLE_ADMIN']);
    const lists = serveGroups();
    const { user, router } = renderApp('/priceListsGroups');
    expect(await screen.findByRole('heading', { level: 1, name: 'Price lists groups' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Price lists groups' });
    expect(await within(table).findByRole('cell', { name: 'Schools' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('SchoolsYes'),
      expect.stringContaining('StaffYes'),
    ]);

    await user.selectOptions(screen.getByLabelText('For group orders'), 'Yes');
    await waitFor(() => expect(lists.at(-1)?.get('forGroupOrders')).toBe('true'));
    expect(router.state.location.search).toBe('?forGroupOrders=true');
    expect(await within(table).findByText('There are no records matching your request')).toBeInTheDocument();
  });

  it('creates a group on its page: client rule first, then the server error on its field', async () => {
    signInAs(['ROLE_ADMIN']);
    serveGroups();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('priceLists/groups'), async ({ request }) => {
        const body = (await request.json()) as Schemas['PriceListsGroupRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { name: ['A price lists group with this name already exists.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ id: 3, ...body }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/priceListsGroups');
    await user.click(await screen.findByRole('link', { name: 'Add price lists group' }));
    const form = await screen.findByRole('form', { name: 'New price lists group' });

    await user.type(within(form).getByLabelText(/^Name/), 'Schools');
    await user.click(within(form).getByRole('switch', { name: 'For group orders' }));
    await user.click(within(form).getByRole('switch', { name: 'Default for children' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A group for group orders cannot be a default group.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(within(form).getByRole('switch', { name: 'For group orders' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription('A price lists group with this name already exists.'),
    );

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Kindergartens');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/priceListsGroups'));
    expect(bodies.at(-1)).toEqual({
      name: 'Kindergartens',
      defaultForChildren: true,
      defaultForInstitutionsWorkers: false,
      forGroupOrders: false,
    });
  });

  it('edits a group on its page and PUTs the whole object', async () => {
    signInAs(['ROLE_ADMIN']);
    serveGroups();
    let put: unknown = null;
    server.use(
      http.put(apiUrl('priceLists/groups/2'), async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ ...staff, name: 'Workers' });
      }),
    );
    const { user } = renderApp('/priceListsGroups/2/edit');
    const form = await screen.findByRole('form', { name: 'Edit price lists group' });
    const name = await within(form).findByLabelText(/^Name/);
    expect(name).toHaveValue('Staff');
    await user.clear(name);
    await user.type(name, 'Workers');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toEqual({ name: 'Workers', defaultForChildren: false, defaultForInstitutionsWorkers: true, forGroupOrders: false }),
    );
  });

  it('asks before deleting and shows the 409 refusal of a group in use', async () => {
    signInAs(['ROLE_ADMIN']);
    serveGroups();
    server.use(
      http.delete(apiUrl('priceLists/groups/:id'), () =>
        HttpResponse.json({ message: 'This record is in use and cannot be deleted.', errors: {} }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/priceListsGroups');
    await user.click(await screen.findByRole('button', { name: 'Remove Schools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Do you really want to remove “Schools”?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This record is in use and cannot be deleted.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Schools' })).toBeInTheDocument();
  });
});
