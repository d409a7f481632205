import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const rows: Schemas['ActivityEntry'][] = [
  {
    id: 2,
    createdAt: '2026-11-22T08:15:00+01:00',
    actor: { id: 5, name: 'Adam Szef', email: 'adam@example.test' },
    action: 'user.payments_overdue',
    targetType: 'users.user',
    targetId: '9',
    targetName: 'Ewa Lis',
    data: { paymentsOverdue: true },
  },
  {
    id: 1,
    createdAt: '2026-11-22T08:00:00+01:00',
    actor: null,
    action: 'user.create',
    targetType: 'users.user',
    targetId: '7',
    targetName: null, // deleted since
    data: {},
  },
  {
    id: 3,
    createdAt: '2026-11-22T07:00:00+01:00',
    actor: null,
    action: 'settings.debits_config',
    targetType: '',
    targetId: '',
    targetName: null,
    data: {
      before: { allowedDebit: { amount: '0.00', currency: 'PLN' }, debitEnabled: true },
      after: { allowedDebit: { amount: '50.00', currency: 'PLN' }, debitEnabled: true },
    },
  },
];

describe('users activity', () => {
  it('lists the audit trail and filters by action and dates through the URL', async () => {
    signIn();
    const lists: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('users/activity'), ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: rows, total: 3, page: 1, perPage: 20 });
      }),
    );
    const { user, router } = renderApp('/users/activity');
    const table = await screen.findByRole('table', { name: 'Users activity' });
    expect(await within(table).findByRole('cell', { name: 'Adam Szef (adam@example.test)' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Payments overdue flag' })).toBeInTheDocument();
    expect(within(table).getAllByRole('cell', { name: 'System' })).toHaveLength(2);
    // The target reads as its kind (not an app.model code) and its name, or its id when it is gone.
    expect(within(table).getByRole('cell', { name: 'User: Ewa Lis' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'User #7' })).toBeInTheDocument();
    // An action without a text of its own is named by its entity and verb; a recorded change lists only what
    // changed, before → after.
    expect(within(table).getByRole('cell', { name: 'Company settings: debits config' })).toBeInTheDocument();
    expect(within(table).getByText('0.00 PLN → 50.00 PLN')).toBeInTheDocument();
    expect(within(table).queryByText('debitEnabled:')).not.toBeInTheDocument();
    expect(within(table).getByText('true')).toBeInTheDocument(); // paymentsOverdue: true

    await user.selectOptions(screen.getByLabelText('What'), 'Sign-ins');
    await waitFor(() => expect(lists.at(-1)?.get('action')).toBe('user.sign_in'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(lists.at(-1)?.get('dateFrom')).toBe('2026-11-01'));
    expect(router.state.location.search).toContain('action=user.sign_in');
  });
});
