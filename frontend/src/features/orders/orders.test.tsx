import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatDateTime } from '@/lib/format';
import { describe, expect, it, vi } from 'vitest';
import { calendarMonth, subject } from '@/test/calendar-fixtures';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { signIn, renderApp } from '@/test/render';
import { apiUrl, money, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const serveInstitutions = () =>
  http.get(apiUrl('institutions/options'), () =>
    HttpResponse.json(
      page([
        { value: 1, text: 'SP 12', shortName: 'SP12', slug: 'sp-12', districtId: null, active: true },
        { value: 2, text: 'PM 5', shortName: 'PM5', slug: 'pm-5', districtId: null, active: true },
      ] satisfies Schemas['InstitutionOption'][]),
    ),
  );

function serveUser(roles: Role[], abilities: string[], overrides = {}) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities, ...overrides }))));
}

const STAFF_ABILITIES = ['orders.view', 'orders.details', 'orders.create', 'orders.cancel', 'orders.edit', 'prices.see'];

const row = (id: number, overrides: Partial<Schemas['OrderListItem']> = {}): Schemas['OrderListItem'] => ({
  id,
  payer: { id: 5, name: 'Ewa Nowak' },
  createdBy: null,
  kind: 'regular',
  status: 'active',
  note: '',
  createdAt: '2026-11-20T10:00:00+01:00',
  dateFrom: '2026-11-30',
  dateTo: '2026-12-01',
  itemsCount: 2,
  activeItemsCount: 2,
  servedItemsCount: 0,
  grossAmount: money('25.00'),
  subjectNames: ['Ola Nowak'],
  ...overrides,
});

const orderItem = (rowId: number, date: string, overrides: Partial<Schemas['OrderItem']> = {}): Schemas['OrderItem'] => ({
  rowId,
  id: rowId,
  subject: { type: 'child', id: 3, name: 'Ola Nowak', institutionId: 1, institutionName: 'SP 12', classroomName: '1A' },
  date,
  mealType: { id: 2, name: 'Lunch' },
  diet: { id: 1, name: 'Standard' },
  portionSize: { id: 10, name: 'Normal' },
  unitPrice: money('12.50'),
  discountPercent: '0.00',
  price: money('12.50'),
  status: 'active',
  note: '',
  automarked: false,
  chargedAt: null,
  cancelledAt: null,
  servedAt: null,
  canCancel: true,
  ...overrides,
});

const detail = (overrides: Partial<Schemas['OrderDetail']> = {}): Schemas['OrderDetail'] => ({
  id: 7,
  payer: { id: 5, name: 'Ewa Nowak' },
  createdBy: { id: 5, name: 'Ewa Nowak' },
  kind: 'regular',
  status: 'active',
  note: 'No nuts',
  createdAt: '2026-11-20T10:00:00+01:00',
  grossAmount: money('25.00'),
  items: [orderItem(71, '2026-11-30'), orderItem(72, '2026-12-01', { canCancel: false })],
  ...overrides,
});

describe('orders list', () => {
  it('lists orders with totals, filters by status in the URL and bulk-cancels after a confirmation', async () => {
    signIn();
    serveUser(['ROLE_ADMIN'], STAFF_ABILITIES);
    const lists: URLSearchParams[] = [];
    const cancels: unknown[] = [];
    server.use(
      http.get(apiUrl('orders'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        lists.push(params);
        const status = params.get('status');
        const rows = [row(7), row(8, { status: 'cancelled', activeItemsCount: 0, subjectNames: ['Jan Nowak'] })];
        return HttpResponse.json(page(status ? rows.filter((item) => item.status === status) : rows));
      }),
      http.get(apiUrl('orders_totals'), () =>
        HttpResponse.json({ ordersCount: 2, items: { active: 2, cancelled: 2, served: 0 }, grossAmount: money('25.00') } satisfies Schemas['OrderTotals']),
      ),
      http.get(apiUrl('orders/mealTypes'), () => HttpResponse.json([])),
      serveInstitutions(),
      http.post(apiUrl('orders/bulkCancel'), async ({ request }) => {
        cancels.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = renderApp('/orders');

    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByRole('cell', { name: 'Ola Nowak' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2 of 2 active');
    expect(await screen.findByRole('status', { name: 'Totals' })).toHaveTextContent(/Gross amount: .*25[.,]00/);
    expect(screen.getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/orders/create');

    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() => expect(lists.at(-1)?.get('status')).toBe('active'));
    expect(router.state.location.search).toBe('?status=active');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Jan Nowak' })).not.toBeInTheDocument());

    // Only order 7 is left on the filtered page.
    await user.click(within(table).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Cancel selected' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(cancels).toEqual([{ ordersIds: [7] }]));
  });

  it('does not offer creating or bulk cancel without those abilities', async () => {
    signIn();
    serveUser(['ROLE_INSTITUTIONS_ADMIN'], ['orders.view', 'orders.details']);
    server.use(
      http.get(apiUrl('orders'), () => HttpResponse.json(page([row(7)]))),
      http.get(apiUrl('orders_totals'), () =>
        HttpResponse.json({ ordersCount: 1, items: { active: 2, cancelled: 0, served: 0 }, grossAmount: null } satisfies Schemas['OrderTotals']),
      ),
      http.get(apiUrl('orders/mealTypes'), () => HttpResponse.json([])),
      serveInstitutions(),
    );
    renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByRole('cell', { name: 'Ola Nowak' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('prints the labels of the selected orders as one PDF; a refusal shows the server\'s reason and nothing is cancelled', async () => {
    signIn();
    serveUser(['ROLE_ADMIN'], [...STAFF_ABILITIES, 'kitchen.labels']);
    const prints: unknown[] = [];
    const cancels: unknown[] = [];
    let refuse = false;
    server.use(
      http.get(apiUrl('orders'), () => HttpResponse.json(page([row(7), row(8, { subjectNames: ['Jan Nowak'] }), row(9, { subjectNames: ['Ewa Król'] })]))),
      http.get(apiUrl('orders_totals'), () =>
        HttpResponse.json({ ordersCount: 3, items: { active: 6, cancelled: 0, served: 0 }, grossAmount: money('75.00') } satisfies Schemas['OrderTotals']),
      ),
      http.get(apiUrl('orders/mealTypes'), () => HttpResponse.json([])),
      serveInstitutions(),
      http.post(apiUrl('orders/labels/print'), async ({ request }) => {
        prints.push(await request.json());
        if (refuse) return HttpResponse.json({ message: 'No portions to label: no live orders match the choice.', errors: {} }, { status: 400 });
        return new HttpResponse('%PDF-1.3', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="labels.pdf"' },
        });
      }),
      http.post(apiUrl('orders/bulkCancel'), async ({ request }) => {
        cancels.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() });
    const { user } = renderApp('/orders');

    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByRole('cell', { name: 'Ewa Król' });
    const rows = within(table).getAllByRole('row');
    await user.click(within(rows[1]!).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(rows[3]!).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Print labels (PDF)' }));
    await waitFor(() => expect(prints).toEqual([{ ordersIds: [7, 9] }]));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);

    refuse = true;
    await user.click(await screen.findByRole('button', { name: 'Print labels (PDF)' }));
    expect(await screen.findByText('No portions to label: no live orders match the choice.')).toBeInTheDocument();
    expect(prints).toHaveLength(2);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(cancels).toEqual([]);
  });

  it('does not offer printing labels without the labels ability', async () => {
    signIn();
    serveUser(['ROLE_ADMIN'], STAFF_ABILITIES);
    server.use(
      http.get(apiUrl('orders'), () => HttpResponse.json(page([row(7)]))),
      http.get(apiUrl('orders_totals'), () =>
        HttpResponse.json({ ordersCount: 1, items: { active: 2, cancelled: 0, served: 0 }, grossAmount: money('25.00') } satisfies Schemas['OrderTotals']),
      ),
      http.get(apiUrl('orders/mealTypes'), () => HttpResponse.json([])),
      serveInstitutions(),
    );
    const { user } = renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByRole('button', { name: 'Cancel selected' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print labels (PDF)' })).not.toBeInTheDocument();
  });

  it('filters by the meal types of the listed orders, exports the filtered list and shows the kitchen summary', async () => {
    signIn();
    serveUser(['ROLE_ADMIN'], STAFF_ABILITIES);
    const lists: URLSearchParams[] = [];
    const summaries: URLSearchParams[] = [];
    const exports: { url: URL; body: unknown }[] = [];
    server.use(
      http.get(apiUrl('orders'), ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([row(7)]));
      }),
      http.get(apiUrl('orders_totals'), () =>
        HttpResponse.json({ ordersCount: 1, items: { active: 2, cancelled: 0, served: 0 }, grossAmount: money('25.00') } satisfies Schemas['OrderTotals']),
      ),
      serveInstitutions(),
      http.get(apiUrl('orders/mealTypes'), () =>
        HttpResponse.json([
          { value: 1, text: 'Soup' },
          { value: 2, text: 'Lunch' },
        ] satisfies Schemas['OrderMealTypeOption'][]),
      ),
      http.get(apiUrl('orders/summary'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        summaries.push(params);
        const rows: Schemas['OrderSummaryRow'][] = [
          { date: '2026-11-30', mealTypeId: 2, mealTypeName: 'Lunch', count: 2, amount: money('25.00') },
          { date: '2026-12-01', mealTypeId: 2, mealTypeName: 'Lunch', count: 1, amount: money('12.50') },
        ];
        return HttpResponse.json(params.get('dateFrom') === '2026-12-10' ? [] : rows);
      }),
      http.post(apiUrl('orders/export'), async ({ request }) => {
        exports.push({ url: new URL(request.url), body: await request.json() });
        return new HttpResponse('Nr;Utworzono', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="orders-2026-11-25.csv"' },
        });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const { user, router } = renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByRole('cell', { name: 'Ola Nowak' })).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Meal type'), 'Lunch');
    await waitFor(() => expect(lists.at(-1)?.get('mealTypeId')).toBe('2'));
    expect(router.state.location.search).toBe('?mealTypeId=2');
    await waitFor(() => expect(screen.getByRole('option', { name: 'PM 5' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Institution'), 'PM 5');
    await user.selectOptions(screen.getByLabelText('Receiver type'), 'Institution worker');
    await waitFor(() => expect(lists.at(-1)?.get('subjectType')).toBe('institution_worker'));
    expect(lists.at(-1)?.get('institutionId')).toBe('2');
    await user.selectOptions(screen.getByLabelText('Institution'), '');
    await user.selectOptions(screen.getByLabelText('Receiver type'), '');
    await waitFor(() => expect(router.state.location.search).toBe('?mealTypeId=2'));

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('button', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]?.body).toEqual({ format: 'xlsx' });
    expect(exports[0]?.url.search).toBe('?mealTypeId=2');

    expect(screen.queryByRole('table', { name: 'Meals by day and meal type' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kitchen summary' }));
    const summary = await screen.findByRole('table', { name: 'Meals by day and meal type' });
    expect(summaries.at(-1)?.get('mealTypeId')).toBe('2');
    const rows = within(summary).getAllByRole('row');
    expect(rows.map((tableRow) => tableRow.textContent)).toEqual([
      'DateMeal typeMealsAmount',
      expect.stringMatching(/^30\/11\/2026Lunch2.*25[.,]00/),
      expect.stringMatching(/^01\/12\/2026Lunch1.*12[.,]50/),
      'Meals in total3',
    ]);

    await user.type(screen.getByLabelText('From'), '2026-12-10');
    expect(await screen.findByText('No active or served meals for the chosen filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide summary' }));
    expect(screen.queryByText('No active or served meals for the chosen filters.')).not.toBeInTheDocument();
  });
});

describe('order details', () => {
  it('shows the meals and cancels one after a confirmation', async () => {
    signIn();
    serveUser(['ROLE_PARENT'], ['orders.view', 'orders.details', 'orders.cancel_own', 'prices.see']);
    const cancelled: string[] = [];
    server.use(
      http.get(apiUrl('orders/7'), () => HttpResponse.json(detail())),
      http.post(apiUrl('orders/7/items/:itemId/cancel'), ({ params }) => {
        cancelled.push(String(params.itemId));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/orders/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order 7' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Meals' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('No nuts')).toBeInTheDocument();
    // The second meal is past the cut-off: no cancel button for it; a parent neither edits nor copies.
    expect(within(table).getAllByRole('button', { name: /^Cancel / })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Cancel Lunch (Ola Nowak) on 30/11/2026' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Cancel Lunch (Ola Nowak) on 30/11/2026' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(cancelled).toEqual(['71']));
  });

  it('shows a served meal as served with its time, without a cancel button, and counts it in the list', async () => {
    signIn();
    serveUser(['ROLE_ADMIN'], STAFF_ABILITIES);
    const servedAt = '2026-11-30T12:04:00+01:00';
    server.use(
      http.get(apiUrl('orders/7'), () =>
        HttpResponse.json(detail({ items: [orderItem(71, '2026-11-30', { status: 'served', servedAt, canCancel: false }), orderItem(72, '2026-12-01')] })),
      ),
      http.get(apiUrl('orders'), () => HttpResponse.json(page([row(7, { activeItemsCount: 1, servedItemsCount: 1 })]))),
      http.get(apiUrl('orders_totals'), () =>
        HttpResponse.json({ ordersCount: 1, items: { active: 1, cancelled: 0, served: 1 }, grossAmount: money('25.00') } satisfies Schemas['OrderTotals']),
      ),
      http.get(apiUrl('orders/mealTypes'), () => HttpResponse.json([])),
      serveInstitutions(),
    );
    const { user } = renderApp('/orders');

    const list = await screen.findByRole('table', { name: 'Orders' });
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('1 of 2 active · 1 served'));
    await user.click(within(list).getByRole('link', { name: '7' }));

    const table = await screen.findByRole('table', { name: 'Meals' });
    const [, served, active] = within(table).getAllByRole('row');
    expect(within(served!).getByText('Served')).toBeInTheDocument();
    expect(within(served!).getByText(`Served ${formatDateTime(servedAt, 'en')}`)).toBeInTheDocument();
    expect(within(served!).queryByRole('button', { name: /^Cancel / })).not.toBeInTheDocument();
    expect(within(active!).getByRole('button', { name: 'Cancel Lunch (Ola Nowak) on 01/12/2026' })).toBeInTheDocument();
  });

  it('orders the same meals on other days and opens the new order', async () => {
    signIn();
    serveUser(['ROLE_ADMIN'], STAFF_ABILITIES);
    const bodies: unknown[] = [];
    server.use(
      http.get(apiUrl('orders/7'), () => HttpResponse.json(detail())),
      http.get(apiUrl('orders/9'), () => HttpResponse.json(detail({ id: 9 }))),
      http.post(apiUrl('orders/7/createSimilar'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/orders/7');
    await user.click(await screen.findByRole('button', { name: 'Order the same for other days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Same meals on other days' });
    await user.type(within(dialog).getByLabelText('Day to add'), '2026-12-07');
    await user.click(within(dialog).getByRole('button', { name: 'Add day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));

    await waitFor(() => expect(bodies).toEqual([{ dates: ['2026-12-07'] }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/9'));
  });

  it('downloads the order confirmation as a PDF', async () => {
    signIn();
    serveUser(['ROLE_PARENT'], ['orders.view', 'orders.details', 'orders.cancel_own']);
    const downloads: string[] = [];
    server.use(
      http.get(apiUrl('orders/7'), () => HttpResponse.json(detail())),
      http.get(apiUrl('orders/7/confirmation'), ({ request }) => {
        downloads.push(new URL(request.url).pathname);
        return new HttpResponse('%PDF-1.4', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="order-confirmation-7.pdf"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderApp('/orders/7');

    await user.click(await screen.findByRole('button', { name: 'Confirmation (PDF)' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(downloads).toHaveLength(1);
  });

  it('says so when the confirmation cannot be downloaded', async () => {
    signIn();
    serveUser(['ROLE_PARENT'], ['orders.view', 'orders.details']);
    server.use(
      http.get(apiUrl('orders/7'), () => HttpResponse.json(detail())),
      http.get(apiUrl('orders/7/confirmation'), () => HttpResponse.json({ message: 'Server Error', errors: {} }, { status: 500 })),
    );
    const { user } = renderApp('/orders/7');

    await user.click(await screen.findByRole('button', { name: 'Confirmation (PDF)' }));

    expect(await screen.findByText('The confirmation could not be downloaded. Please try again.')).toBeInTheDocument();
  });

  it('says so when the order is out of reach', async () => {
    signIn();
    serveUser(['ROLE_PARENT'], ['orders.view', 'orders.details']);
    server.use(http.get(apiUrl('orders/8'), () => HttpResponse.json({ message: 'Not found.', errors: {} }, { status: 404 })));
    renderApp('/orders/8');
    expect(await screen.findByText('This order does not exist or is out of your reach.')).toBeInTheDocument();
  });
});

describe('order form', () => {
  it('lets a worker order for themselves: days, meals offered on all of them, a price preview, one submit', async () => {
    signIn();
    serveUser(['ROLE_INSTITUTION_WORKER'], ['orders.create', 'orders.details', 'prices.see'], { id: 42, fullName: 'Adam Kowal' });
    const bodies: Schemas['OrderCreateRequest'][] = [];
    server.use(
      http.get(apiUrl('calendar/days/:type/:id'), ({ params, request }) => {
        const month = new URL(request.url).searchParams.get('month') ?? '2026-12';
        expect(`${String(params.type)}/${String(params.id)}`).toBe('institution_worker/42');
        return HttpResponse.json(calendarMonth(subject('institution_worker', 42, 'Adam Kowal'), month));
      }),
      http.post(apiUrl('orders/create'), async ({ request }) => {
        bodies.push((await request.json()) as Schemas['OrderCreateRequest']);
        return HttpResponse.json({ id: 11 }, { status: 201 });
      }),
      http.get(apiUrl('orders/11'), () => HttpResponse.json(detail({ id: 11 }))),
    );
    const { user, router } = renderApp('/orders/create');

    expect(await screen.findByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument();
    for (const day of ['2026-12-07', '2026-12-08']) {
      await user.type(screen.getByLabelText('Day to add'), day);
      await user.click(screen.getByRole('button', { name: 'Add day' }));
    }
    await user.click(await screen.findByRole('checkbox', { name: 'Order Lunch' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Portion size: Lunch' }), 'Large');
    expect(screen.getByText(/To pay: .*30[.,]00/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/11'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      subjectType: 'institution_worker',
      subjectId: 42,
      items: [
        { date: '2026-12-07', mealTypeId: 2, portionSizeId: 11 },
        { date: '2026-12-08', mealTypeId: 2, portionSizeId: 11 },
      ],
    });
    expect(bodies[0]?.idempotencyKey).toEqual(expect.any(String));
  });

  it('edits an order: its future meals prefilled, saved with PUT', async () => {
    signIn();
    serveUser(['ROLE_ADMIN'], STAFF_ABILITIES);
    const bodies: unknown[] = [];
    server.use(
      http.get(apiUrl('orders/7'), () => HttpResponse.json(detail({ items: [orderItem(71, '2099-01-05')] }))),
      http.get(apiUrl('calendar/days/:type/:id'), ({ request }) =>
        HttpResponse.json(calendarMonth(subject('child', 3, 'Ola Nowak'), new URL(request.url).searchParams.get('month') ?? '2099-01')),
      ),
      http.put(apiUrl('orders/7/update'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(detail());
      }),
    );
    const { user, router } = renderApp('/orders/7/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit order 7' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Order Lunch' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Order Soup' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'));
    expect(bodies).toEqual([
      {
        subjectType: 'child',
        subjectId: 3,
        note: 'No nuts',
        items: [
          { date: '2099-01-05', mealTypeId: 2, portionSizeId: 10, note: '' },
          { date: '2099-01-05', mealTypeId: 1, portionSizeId: 10, note: '' },
        ],
      },
    ]);
  });
});

describe('prepaid order', () => {
  it('tells a parent when the tenant does not allow prepaid orders', async () => {
    signIn();
    serveUser(['ROLE_PARENT'], ['orders.prepaid']);
    renderApp('/orders/createPrepaidOrder');
    expect(await screen.findByText('Prepaid orders are not available.')).toBeInTheDocument();
  });
});
