import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[], perPage = 20) => ({ items, total: items.length, page: 1, perPage });

const kitchen: Schemas['WorkersGroup'] = {
  id: 3,
  name: 'Kuchnia',
  institutionId: 1,
  institutionName: 'Urząd Miasta',
  priceListsGroupId: null,
  priceListsGroupName: null,
  membersCount: 2,
};
const worker = (id: number, firstName: string): Schemas['InstitutionWorker'] => ({
  id,
  userId: id * 10,
  emailAddress: `${firstName.toLowerCase()}@example.test`,
  firstName,
  lastName: 'Nowak',
  phoneNumber: '601202303',
  phoneNumber2: '',
  institutionId: 1,
  institutionName: 'Urząd Miasta',
  dietId: 2,
  dietName: 'Standardowa',
  cardNumber: null,
  allergies: [],
  allergiesNote: '',
  generalNote: '',
  groupId: 3,
  groupName: 'Kuchnia',
  priceListsGroupId: null,
  priceListsGroupName: null,
  hasDiscount: false,
  discountPercent: '0.00',
  expirationDate: null,
  internalNote: '',
  isActive: true,
  status: 'active',
  archivedAt: '',
  createdAt: '2026-11-01T10:00:00+01:00',
});

function serveGroups(items: Schemas['WorkersGroup'][] = [kitchen]) {
  server.use(
    http.get(apiUrl('institutionsWorkers/groups'), () => HttpResponse.json(page(items))),
    http.get(apiUrl('institutionsWorkers/groups/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('institutionsWorkers/groups/:id/members'), () => HttpResponse.json(page([worker(7, 'Ewa'), worker(8, 'Jan')]))),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(page([{ value: 1, text: 'Urząd Miasta', shortName: 'UM', slug: 'um', districtId: null, active: true }], 9999)),
    ),
    http.get(apiUrl('priceLists/groups'), () => HttpResponse.json(page([], 9999))),
  );
}

describe('institution workers groups', () => {
  it('lists groups with member counts and asks before deleting one with members', async () => {
    signIn();
    serveGroups();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('institutionsWorkers/groups/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/institutionsWorkersGroups');
    const table = await screen.findByRole('table', { name: 'Workers groups' });
    expect(await within(table).findByRole('link', { name: 'Kuchnia' })).toHaveAttribute('href', '/institutionsWorkersGroups/3');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('KuchniaUrząd Miasta—2');

    await user.click(screen.getByRole('button', { name: 'Remove Kuchnia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('“Kuchnia” has 2 workers. Remove the group? The workers will stay, without a group.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['3']));
  });

  it('shows a group with its workers linking to their details', async () => {
    signIn();
    serveGroups();
    renderApp('/institutionsWorkersGroups/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kuchnia' })).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Workers of the group' });
    expect(await within(members).findByRole('link', { name: 'Nowak Ewa' })).toHaveAttribute('href', '/institutionsWorkers/7');
    expect(within(members).getByRole('link', { name: 'Nowak Jan' })).toBeInTheDocument();
  });

  it('creates a group and shows the server’s uniqueness error', async () => {
    signIn();
    serveGroups();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('institutionsWorkers/groups'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: 'The given data was invalid.', errors: { name: ['A group with this name already exists.'] } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/institutionsWorkersGroups/create');
    await user.type(await screen.findByLabelText(/^Name/), 'Kuchnia');
    await user.selectOptions(screen.getByLabelText('Institution'), 'Urząd Miasta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('A group with this name already exists.'));
    expect(bodies).toEqual([{ name: 'Kuchnia', institutionId: 1, priceListsGroupId: null }]);
  });
});
