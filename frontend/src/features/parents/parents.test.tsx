import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import type { Totals, UserBalance } from '@/components/transactions';
import { apiUrl, money, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });
const ADMIN = makeUser(['ROLE_ADMIN'], { abilities: ['parents.view', 'parents.edit', 'parents.create'] });

const nowak: Schemas['Parent'] = {
  id: 3,
  emailAddress: 'ewa@example.test',
  firstName: 'Ewa',
  lastName: 'Nowak',
  fullName: 'Ewa Nowak',
  phoneNumber: '601202303',
  phoneNumber2: '',
  bankAccountNumber: '',
  internalNote: '',
  paymentsOverdue: true,
  isActive: true,
  status: 'active',
  archivedAt: null,
  createdAt: '2026-11-01T10:00:00+01:00',
  childrenCount: 2,
};

function serve() {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(ADMIN)),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(page([{ value: 7, text: 'SP 7', shortName: 'SP7', slug: 'sp-7', districtId: null, active: true }])),
    ),
    http.get(apiUrl('parents'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json(page([nowak]));
    }),
  );
  return lists;
}

describe('parents', () => {
  it('lists parents, filters by institution and flags payments overdue in bulk', async () => {
    signIn();
    const lists = serve();
    const bulk: unknown[] = [];
    server.use(
      http.post(apiUrl('users/bulkPaymentsOverdue'), async ({ request }) => {
        bulk.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = renderApp('/parents');
    const table = await screen.findByRole('table', { name: 'Parents' });
    expect(await within(table).findByRole('link', { name: 'Nowak Ewa' })).toHaveAttribute('href', '/parents/3');
    expect(within(table).getByText('Overdue')).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Institution'), 'SP 7');
    await waitFor(() => expect(lists.at(-1)?.get('institutionId')).toBe('7'));
    expect(router.state.location.search).toContain('institutionId=7');

    await user.click(within(table).getAllByRole('checkbox')[1]!);
    await user.click(await screen.findByRole('button', { name: 'Clear payments overdue' }));
    await waitFor(() => expect(bulk).toEqual([{ usersIds: [3], paymentsOverdue: false }]));
  });

  it('shows the details with children linking to their forms, the balance slot, and toggles the overdue flag', async () => {
    signIn();
    serve();
    const flags: unknown[] = [];
    const detail: Schemas['ParentDetail'] = {
      ...nowak,
      internalNote: 'Late payer',
      balance: money('-12.50'),
      recentTransactions: [],
      children: [
        {
          id: 11,
          firstName: 'Zosia',
          lastName: 'Nowak',
          institution: { id: 7, name: 'SP 7' },
          classroom: { id: 2, name: '1a' },
          cardNumber: '123456',
          isActive: true,
          status: 'active',
        },
      ],
    };
    const zero = money('0.00');
    server.use(
      http.get(apiUrl('parents/:id'), () => HttpResponse.json(detail)),
      http.get(apiUrl('transactions/userBalance/3'), () =>
        HttpResponse.json({ userId: 3, balance: money('-12.50'), perChildren: [], balancePerChildren: false } satisfies UserBalance),
      ),
      http.get(apiUrl('transactions'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })),
      http.get(apiUrl('transactions/totals'), () =>
        HttpResponse.json({
          count: 0,
          total: zero,
          byKind: { deposit: zero, charge: zero, refund: zero, fee: zero, correction: zero, payout: zero },
        } satisfies Totals),
      ),
      http.post(apiUrl('parents/:id/paymentsOverdue'), async ({ request }) => {
        flags.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/parents/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ewa Nowak' })).toBeInTheDocument();
    const children = screen.getByRole('table', { name: 'Children' });
    expect(within(children).getByRole('link', { name: 'Nowak Zosia' })).toHaveAttribute('href', '/children/11/edit');
    const balanceSection = screen.getByRole('region', { name: 'Balance and transactions' });
    expect(await within(balanceSection).findByText(/^Balance:/)).toHaveTextContent(/^Balance: -PLN\s12\.50$/);
    expect(screen.getByText('Late payer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear payments overdue' }));
    await waitFor(() => expect(flags).toEqual([{ paymentsOverdue: false }]));
  });

  it('given a parent that does not exist, when the details open, then it says so and offers the way back', async () => {
    signIn();
    serve();
    server.use(http.get(apiUrl('parents/99'), () => HttpResponse.json({ message: 'Not found.', errors: {} }, { status: 404 })));
    const { user, router } = renderApp('/parents');
    await screen.findByRole('link', { name: 'Nowak Ewa' });
    await router.navigate('/parents/99');

    expect(await screen.findByText(/it may have been removed, or you have no access to it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents'));
  });

  it('given the details are refused, when the admin retries, then the parent is shown', async () => {
    signIn();
    serve();
    let fail = true;
    const zero = money('0.00');
    server.use(
      http.get(apiUrl('parents/3'), () =>
        fail
          ? HttpResponse.json({ message: 'Forbidden.', errors: {} }, { status: 403 })
          : HttpResponse.json({ ...nowak, balance: money('0.00'), recentTransactions: [], children: [] } satisfies Schemas['ParentDetail']),
      ),
      http.get(apiUrl('transactions/userBalance/3'), () => HttpResponse.json({ userId: 3, balance: money('0.00'), perChildren: [], balancePerChildren: false } satisfies UserBalance)),
      http.get(apiUrl('transactions'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('transactions/totals'), () =>
        HttpResponse.json({ count: 0, total: zero, byKind: { deposit: zero, charge: zero, refund: zero, fee: zero, correction: zero, payout: zero } } satisfies Totals),
      ),
    );
    const { user } = renderApp('/parents/3');

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('.alert')).toHaveTextContent('Forbidden.');
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ewa Nowak' })).toBeInTheDocument();
  });

  it('creates a parent: client rules, then the server e-mail error, then a normalised body', async () => {
    signIn();
    serve();
    const bodies: Schemas['ParentRequest'][] = [];
    server.use(
      http.post(apiUrl('parents'), async ({ request }) => {
        const body = (await request.json()) as Schemas['ParentRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { emailAddress: ['This e-mail address is already used.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...nowak, ...body, id: 9 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/parents/create');
    const form = await screen.findByRole('form', { name: 'New parent' });
    await user.type(within(form).getByLabelText(/^E-mail address/), 'ewa@example.test');
    await user.type(within(form).getByLabelText(/^First name/), 'Ewa');
    await user.type(within(form).getByLabelText(/^Last name/), 'Nowak');
    await user.type(within(form).getByLabelText(/^Phone/), '12');
    await user.type(within(form).getByLabelText(/^Refund bank account/), '123');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter 7 or 9 digits, optionally separated by spaces.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid 26-digit bank account number.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^Phone/));
    await user.type(within(form).getByLabelText(/^Phone/), '601 202 303');
    await user.clear(within(form).getByLabelText(/^Refund bank account/));
    await user.type(within(form).getByLabelText(/^Refund bank account/), '61 1090 1014 0000 0712 1981 2874');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText(/^E-mail address/)).toHaveAccessibleDescription(/already used/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents'));
    expect(bodies.at(-1)).toMatchObject({ phoneNumber: '601202303', bankAccountNumber: '61109010140000071219812874' });
  });
});
