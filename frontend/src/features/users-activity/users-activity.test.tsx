import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { renderApp, signIn } from '@/test/render';
import { makeUser } from '@/test/fixtures';
import { apiUrl, server, type Schemas } from '@/test/server';

// Intl puts a no-break space between an amount and its currency (getByText's normaliser makes it a space).
const NBSP = '\u00a0';

const entry = (overrides: Partial<Schemas['ActivityEntry']>): Schemas['ActivityEntry'] => ({
  id: 1,
  createdAt: '2026-11-22T08:00:00+01:00',
  actor: null,
  action: 'user.create',
  targetType: '',
  targetId: '',
  targetName: null,
  params: {},
  changes: [],
  data: {},
  ...overrides,
});

const rows: Schemas['ActivityEntry'][] = [
  entry({
    id: 5,
    action: 'ledger.post',
    targetType: 'ledger.ledgeraccount',
    targetId: '1',
    targetName: 'Anna Nowak',
    params: {
      count: 1,
      amount: { amount: '12.50', currency: 'PLN' },
      balanceAfter: { amount: '487.50', currency: 'PLN' },
      variant: 'charge_meal',
      date: '2026-11-25',
      mealType: 'Obiad',
    },
    // What the server keeps for tools, never shown.
    data: { keys: ['charge:item:162'], total: '-12.50', balanceAfter: '487.50' },
  }),
  entry({
    id: 4,
    actor: { id: 5, name: 'Adam Szef', email: 'adam@example.test' },
    action: 'user.payments_overdue',
    targetType: 'users.user',
    targetId: '9',
    targetName: 'Ewa Lis',
    params: { value: true, variant: 'on' },
    data: { paymentsOverdue: true },
  }),
  entry({ id: 3, action: 'user.create', targetType: 'users.user', targetId: '7', targetName: null }),
  entry({
    id: 2,
    action: 'settings.orders_config',
    changes: [
      { field: 'orderDeadlineTime', before: '12:00', after: '09:30' },
      { field: 'publicHolidaysFreeDays', before: true, after: false },
    ],
    data: { before: { orderDeadlineTime: '12:00' }, after: { orderDeadlineTime: '09:30' } },
  }),
  entry({
    id: 7,
    action: 'settings.company_details',
    changes: [
      { field: 'city', before: '', after: 'Kraków' },
      { field: 'vatId', before: '', after: '6751234567' },
    ],
  }),
  entry({
    id: 6,
    action: 'settings.general',
    changes: [{ field: 'registerAs', before: 'parent', after: 'both' }],
  }),
  entry({
    id: 1,
    action: 'settings.debits_config',
    changes: [{ field: 'allowedDebit', before: { amount: '0.00', currency: 'PLN' }, after: { amount: '50.00', currency: 'PLN' } }],
  }),
];

function serveRows(lists: URLSearchParams[] = []) {
  server.use(
    http.get(apiUrl('users/activity'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: rows, total: rows.length, page: 1, perPage: 20 });
    }),
  );
  return lists;
}

describe('users activity', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says in words what happened, to whom and what changed, with no internal codes', async () => {
    signIn();
    serveRows();
    renderApp('/users/activity');
    const table = await screen.findByRole('table', { name: 'Users activity' });

    expect(
      await within(table).findByRole('cell', { name: `Account charged for the meal on 25/11/2026 (Obiad) – PLN${NBSP}12.50` }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Account: Anna Nowak' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Adam Szef (adam@example.test)' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Marked as having overdue payments' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'User: Ewa Lis' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'User no. 7' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Orders settings changed' })).toBeInTheDocument();
    expect(within(table).getByText('Order deadline (time):')).toBeInTheDocument();
    expect(within(table).getByText('12:00 → 09:30')).toBeInTheDocument();
    expect(within(table).getByText('Yes → No')).toBeInTheDocument();
    expect(within(table).getByText('PLN 0.00 → PLN 50.00')).toBeInTheDocument();
    // Settings' fields and choices as the settings screen names them, not their codes.
    expect(within(table).getByText('City:')).toBeInTheDocument();
    expect(within(table).getByText('VAT ID:')).toBeInTheDocument();
    expect(within(table).getByText('Parent → Parent or institution worker')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('Vat id');
    expect(table).not.toHaveTextContent('both');
    expect(table).not.toHaveTextContent('charge:item');
    expect(table).not.toHaveTextContent('ledger.ledgeraccount');
    expect(table).not.toHaveTextContent('2026-11-25');
  });

  it('speaks Polish to a Polish admin: dates as 25.11.2026, money in złoty, Tak/Nie', async () => {
    signIn();
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { locale: 'pl' }))));
    serveRows();
    await i18n.changeLanguage('pl');
    renderApp('/users/activity');
    const table = await screen.findByRole('table', { name: 'Aktywność użytkowników' });

    expect(
      await within(table).findByRole('cell', { name: `Obciążenie konta za posiłek 25.11.2026 (Obiad) – 12,50${NBSP}zł` }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Konto rozliczeniowe: Anna Nowak' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Oznaczono zaległość w płatnościach' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Użytkownik nr 7' })).toBeInTheDocument();
    expect(within(table).getByText('Tak → Nie')).toBeInTheDocument();
    expect(within(table).getByText('0,00 zł → 50,00 zł')).toBeInTheDocument();
    expect(within(table).getByText('Miejscowość:')).toBeInTheDocument();
    expect(within(table).getByText('NIP:')).toBeInTheDocument();
  });

  it("says how a child's allergies changed, and that a diet removed them with confirmation, in both languages", async () => {
    signIn();
    const allergies = [
      entry({
        id: 11,
        action: 'child.allergies_change',
        targetType: 'people.child',
        targetId: '7',
        targetName: 'Ola Nowak',
        params: { added: [], removed: ['Milk', 'Nuts'], diet: 'Gluten free', variant: 'diet' },
        changes: [{ field: 'allergiesNote', before: 'no hazelnuts', after: null }],
      }),
      entry({
        id: 10,
        action: 'child.allergies_change',
        targetType: 'people.child',
        targetId: '7',
        targetName: 'Ola Nowak',
        params: { added: ['Nuts'], removed: ['Gluten'], variant: 'added_removed' },
      }),
    ];
    server.use(
      http.get(apiUrl('users/activity'), () => HttpResponse.json({ items: allergies, total: 2, page: 1, perPage: 20 })),
    );
    renderApp('/users/activity');
    let table = await screen.findByRole('table', { name: 'Users activity' });

    expect(
      await within(table).findByRole('cell', {
        name: 'Allergies removed because diet Gluten free does not allow allergen changes (confirmed): Milk, Nuts',
      }),
    ).toBeInTheDocument();
    expect(within(table).getByText('Allergies note:')).toBeInTheDocument();
    expect(within(table).getByText('no hazelnuts → (none)')).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Allergies added: Nuts; removed: Gluten' })).toBeInTheDocument();
    expect(within(table).getAllByRole('cell', { name: 'Child: Ola Nowak' })).toHaveLength(2);

    await i18n.changeLanguage('pl');
    table = await screen.findByRole('table', { name: 'Aktywność użytkowników' });
    expect(
      within(table).getByRole('cell', {
        name: 'Usunięto alergie, bo dieta Gluten free nie pozwala na zmianę alergenów (potwierdzono): Milk, Nuts',
      }),
    ).toBeInTheDocument();
  });

  it('filters by action and dates through the URL', async () => {
    signIn();
    const lists = serveRows();
    const { user, router } = renderApp('/users/activity');
    await screen.findByRole('table', { name: 'Users activity' });

    await user.selectOptions(screen.getByLabelText('What'), 'Sign-ins');
    await waitFor(() => expect(lists.at(-1)?.get('action')).toBe('user.sign_in'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(lists.at(-1)?.get('dateFrom')).toBe('2026-11-01'));
    expect(router.state.location.search).toContain('action=user.sign_in');
  });
});
