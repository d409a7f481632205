import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, renderApp } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const nowak: Schemas['Driver'] = {
  id: 1,
  firstName: 'Piotr',
  lastName: 'Nowak',
  phoneNumber: '601202303',
  vehicleRegistration: 'WA 12345',
  isActive: true,
  routeNumbers: ['T1', 'T2'],
};
const adamska: Schemas['Driver'] = {
  id: 2,
  firstName: 'Ewa',
  lastName: 'Adamska',
  phoneNumber: '1234567',
  vehicleRegistration: '',
  isActive: false,
  routeNumbers: [],
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function serveDrivers(items: Schemas['Driver'][] = [adamska, nowak]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('drivers'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const active = params.get('isActive');
      return HttpResponse.json(page(active ? items.filter((item) => String(item.isActive) === active) : items));
    }),
    http.get(apiUrl('drivers/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
  );
  return lists;
}

describe('drivers screen', () => {
  it('lists drivers with phone, vehicle, routes and status, and filters by status through the URL', async () => {
    signIn();
    const lists = serveDrivers();
    const { user, router } = renderApp('/drivers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drivers' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Drivers' });
    expect(await within(table).findByRole('cell', { name: 'Nowak' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Last name'),
      expect.stringContaining('AdamskaEwa123 4567Inactive'),
      expect.stringContaining('NowakPiotr601 202 303WA 12345T1, T2Active'),
    ]);

    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await waitFor(() => expect(lists.at(-1)?.get('isActive')).toBe('false'));
    expect(router.state.location.search).toBe('?isActive=false');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Nowak' })).not.toBeInTheDocument());
  });

  it('creates a driver: client rules first, then the server field error, then a normalised body', async () => {
    signIn();
    serveDrivers();
    const bodies: Schemas['DriverRequest'][] = [];
    server.use(
      http.post(apiUrl('drivers'), async ({ request }) => {
        const body = (await request.json()) as Schemas['DriverRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { lastName: ['Ensure this field has no more than 100 characters.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ id: 9, routeNumbers: [], ...body }, { status: 201 });
      }),
    );
    const { user } = renderApp('/drivers');
    await user.click(await screen.findByRole('button', { name: 'Add driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'New driver' });

    await user.type(within(dialog).getByLabelText(/^First name/), 'Anna');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Zając');
    await user.type(within(dialog).getByLabelText(/^Phone/), '12-34');
    await user.type(within(dialog).getByLabelText('Registration number'), 'W1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter 7 or 9 digits, optionally separated by spaces.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a registration number such as WA 12345.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Phone/));
    await user.type(within(dialog).getByLabelText(/^Phone/), '601 202 303');
    await user.clear(within(dialog).getByLabelText('Registration number'));
    await user.type(within(dialog).getByLabelText('Registration number'), 'wa  12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Last name/)).toHaveAccessibleDescription('Ensure this field has no more than 100 characters.'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({
      firstName: 'Anna',
      lastName: 'Zając',
      phoneNumber: '601202303',
      vehicleRegistration: 'WA 12345',
      isActive: true,
    });
  });

  it('asks before deleting, and when routes still name the driver shows which ones', async () => {
    signIn();
    serveDrivers();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('drivers/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(
          {
            message: 'This record is in use and cannot be deleted.',
            errors: { routeNumbers: ['The driver drives the routes T1, T2. Assign them another driver or deactivate this one.'] },
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp('/drivers');
    await user.click(await screen.findByRole('button', { name: 'Remove Piotr Nowak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Do you really want to remove “Piotr Nowak”?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(deleted).toEqual(['1']));
    expect(
      await screen.findByText(
        'This record is in use and cannot be deleted.\n• The driver drives the routes T1, T2. Assign them another driver or deactivate this one.',
        { normalizer: (text) => text },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Nowak' })).toBeInTheDocument();
  });
});
