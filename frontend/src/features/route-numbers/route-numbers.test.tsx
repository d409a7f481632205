import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const t1: Schemas['RouteNumber'] = { id: 1, number: 'T1', description: 'Ochota → SP 12', driverId: 5, driverName: 'Piotr Nowak', stops: [] };
const t2: Schemas['RouteNumber'] = { id: 2, number: 'T2', description: '', driverId: null, driverName: null, stops: [] };
const driverOptions: Schemas['DriverOption'][] = [
  { value: 6, text: 'Adamska Ewa', isActive: false },
  { value: 5, text: 'Nowak Piotr', isActive: true },
];

const page = <T,>(items: T[], perPage = 20) => ({ items, total: items.length, page: 1, perPage });

function serveRoutes(items: Schemas['RouteNumber'][] = [t1, t2]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('routeNumbers'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const driverId = params.get('driverId');
      return HttpResponse.json(page(driverId ? items.filter((item) => String(item.driverId) === driverId) : items));
    }),
    http.get(apiUrl('routeNumbers/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('drivers/options'), () => HttpResponse.json(page(driverOptions, 9999))),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(page([{ value: 11, text: 'SP 12' }, { value: 12, text: 'PM 5' }, { value: 13, text: 'Żłobek 3' }], 9999)),
    ),
  );
  return lists;
}

describe('route numbers screen', () => {
  it('lists routes with their drivers, sorts by driver and filters by driver through the URL', async () => {
    signIn();
    const lists = serveRoutes();
    const { user, router } = renderApp('/routeNumbers');
    const table = await screen.findByRole('table', { name: 'Route numbers' });
    expect(await within(table).findByRole('cell', { name: 'T1' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Route number'),
      expect.stringContaining('T1Ochota → SP 12Piotr Nowak'),
      expect.stringContaining('T2No regular driver'),
    ]);

    await user.click(within(table).getByRole('button', { name: /Driver/ }));
    await waitFor(() => expect(lists.at(-1)?.get('sort')).toBe('driverName'));

    await user.selectOptions(screen.getByLabelText('Driver'), 'Nowak Piotr');
    await waitFor(() => expect(lists.at(-1)?.get('driverId')).toBe('5'));
    expect(router.state.location.search).toContain('driverId=5');
  });

  it('creates a route: an inactive driver cannot be chosen, a duplicate number is shown on its field', async () => {
    signIn();
    serveRoutes();
    const bodies: Schemas['RouteNumberRequest'][] = [];
    server.use(
      http.post(apiUrl('routeNumbers'), async ({ request }) => {
        const body = (await request.json()) as Schemas['RouteNumberRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { number: ['A route with this number already exists.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ id: 3, driverName: 'Piotr Nowak', ...body }, { status: 201 });
      }),
    );
    const { user } = renderApp('/routeNumbers');
    await user.click(await screen.findByRole('button', { name: 'Add route' }));
    const dialog = await screen.findByRole('dialog', { name: 'New route' });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();

    const driver = within(dialog).getByLabelText('Driver');
    expect(within(driver).getByRole('option', { name: 'Adamska Ewa (inactive)' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Route number/), 'T1');
    await user.type(within(dialog).getByLabelText('Description'), 'Wola → PM 5');
    await user.selectOptions(driver, 'Nowak Piotr');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Route number/)).toHaveAccessibleDescription(
        expect.stringContaining('A route with this number already exists.'),
      ),
    );

    await user.clear(within(dialog).getByLabelText(/^Route number/));
    await user.type(within(dialog).getByLabelText(/^Route number/), 'T3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({ number: 'T3', description: 'Wola → PM 5', driverId: 5, institutionIds: [] });
  });

  it('edits the stops as an ordered list: added in order, moved, removed, sent as institutionIds', async () => {
    signIn();
    serveRoutes([{ ...t1, stops: [{ institutionId: 11, institutionName: 'SP 12', position: 0 }] }, t2]);
    const bodies: Schemas['RouteNumberRequest'][] = [];
    server.use(
      http.put(apiUrl('routeNumbers/:id'), async ({ request }) => {
        const body = (await request.json()) as Schemas['RouteNumberRequest'];
        bodies.push(body);
        return HttpResponse.json({ ...t1, ...body, stops: [] });
      }),
    );
    const { user } = renderApp('/routeNumbers');
    expect(await screen.findByRole('cell', { name: 'SP 12' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit T1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit route' });
    const stops = await within(dialog).findByRole('list', { name: "Stops (in the driver's order)" });
    expect(within(stops).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('SP 12')]);

    for (const name of ['PM 5', 'Żłobek 3']) {
      await user.selectOptions(within(dialog).getByLabelText('Choose an institution'), name);
      await user.click(within(dialog).getByRole('button', { name: 'Add stop' }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Move Żłobek 3 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove SP 12' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.institutionIds).toEqual([13, 12]);
  });

  it('keeps a deactivated driver choosable on the route that already has them', async () => {
    signIn();
    serveRoutes([{ ...t1, driverId: 6, driverName: 'Ewa Adamska' }]);
    const { user } = renderApp('/routeNumbers');
    await user.click(await screen.findByRole('button', { name: 'Edit T1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit route' });
    const driver = await within(dialog).findByLabelText('Driver');
    await waitFor(() => expect(driver).toHaveValue('6'));
    expect(within(driver).getByRole('option', { name: 'Adamska Ewa (inactive)' })).toBeEnabled();
  });

  it('asks before deleting a route', async () => {
    signIn();
    serveRoutes();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('routeNumbers/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/routeNumbers');
    await user.click(await screen.findByRole('button', { name: 'Remove T2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove T2' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['2']));
  });
});
