import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { ImportedOrderRow, ImportedOrdersFile } from './api/imported-orders-files';

const money = (amount: string) => ({ amount, currency: 'PLN' as const });
const EMPTY_PAGE = { items: [], total: 0, page: 1, perPage: 20 };

function makeFile(overrides: Partial<ImportedOrdersFile> = {}): ImportedOrdersFile {
  return {
    id: 7,
    name: 'zamowienia-sp1.xlsx',
    fileFormat: 'xlsx',
    status: 'checked',
    overrideCutoff: false,
    uploadedAt: '2026-11-21T08:00:00+01:00',
    uploadedBy: { id: 1, name: 'Ada Admin' },
    confirmedAt: null,
    confirmedBy: null,
    counts: { rows: 3, ok: 2, problems: 1, ordered: 0, failed: 0, toOrder: 2, orderedItems: 0 },
    toOrderAmount: money('25.00'),
    orderedAmount: money('0.00'),
    ...overrides,
  };
}

function makeRow(overrides: Partial<ImportedOrderRow>): ImportedOrderRow {
  return {
    id: 1,
    position: 2,
    cells: { cardNumber: 'OLA001', firstName: '', lastName: '', institution: '', classroom: '', date: '2026-12-07', dateTo: '', mealType: 'Obiad' },
    person: { id: 11, name: 'Ola Nowak' },
    mealType: { id: 2, name: 'Obiad' },
    days: ['2026-12-07'],
    skippedDays: [],
    itemsCount: 1,
    orderedCount: 0,
    amount: money('12.50'),
    status: 'ok',
    message: '',
    orderId: null,
    ...overrides,
  };
}

const ROWS = [
  makeRow({}),
  makeRow({ id: 2, position: 3, person: { id: 12, name: 'Jan Nowak' }, cells: { ...makeRow({}).cells, cardNumber: 'JAN001' } }),
  makeRow({
    id: 3,
    position: 4,
    person: null,
    mealType: { id: 2, name: 'Obiad' },
    cells: { ...makeRow({}).cells, cardNumber: 'XXX999' },
    days: [],
    itemsCount: 0,
    amount: money('0.00'),
    status: 'problem',
    message: 'No one has the card number XXX999.',
  }),
];

function serveAdmin() {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['order_imports.manage'] }))));
}

describe('imported orders files', () => {
  it('given no file yet, when the list opens, then it says so and offers the upload', async () => {
    signIn();
    serveAdmin();
    server.use(http.get(apiUrl('importedOrdersFiles'), () => HttpResponse.json(EMPTY_PAGE)));
    renderApp('/importedOrdersFiles');

    expect(await screen.findByText('There are no records to show')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload an orders file' })).toBeInTheDocument();
  });

  it('given uploaded files, when the list opens, then each shows its state, counts and who uploaded it', async () => {
    signIn();
    serveAdmin();
    server.use(http.get(apiUrl('importedOrdersFiles'), () => HttpResponse.json({ items: [makeFile()], total: 1, page: 1, perPage: 20 })));
    renderApp('/importedOrdersFiles');

    const table = await screen.findByRole('table', { name: 'Imported orders files' });
    const link = await within(table).findByRole('link', { name: 'zamowienia-sp1.xlsx' });
    expect(link).toHaveAttribute('href', '/importedOrdersFiles/7');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Ada Admin.*Checked, not confirmed3212 meals · PLN 25.00/);
  });

  it('given a PDF named .csv, when uploading it, then the refusal shows under the file field and nothing navigates', async () => {
    signIn();
    serveAdmin();
    const uploads: FormData[] = [];
    server.use(
      http.get(apiUrl('importedOrdersFiles'), () => HttpResponse.json(EMPTY_PAGE)),
      http.post(apiUrl('importedOrdersFiles'), async ({ request }) => {
        uploads.push(await request.formData());
        return HttpResponse.json({ message: 'The given data was invalid.', errors: { file: ['Unsupported file type: allowed xlsx, csv.'] } }, { status: 400 });
      }),
    );
    const { user } = renderApp('/importedOrdersFiles');
    await user.click(await screen.findByRole('button', { name: 'Upload an orders file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload an orders file' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a file.')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Orders file'), new File(['%PDF-1.4'], 'orders.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByLabelText('Order days past the cut-off too (admin\'s override)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Unsupported file type: allowed xlsx, csv.')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.get('overrideCutoff')).toBe('true');
  });

  it('given a checked file, when its problems are filtered and it is confirmed, then the server is asked once and the result shows', async () => {
    signIn();
    serveAdmin();
    let confirmed = 0;
    const filters: (string | null)[] = [];
    server.use(
      http.get(apiUrl('importedOrdersFiles/7'), ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        filters.push(status);
        if (confirmed) {
          const done = ROWS.map((row) => (row.status === 'ok' ? { ...row, status: 'ordered' as const, orderedCount: 1 } : row));
          return HttpResponse.json({
            ...makeFile({ status: 'confirmed', confirmedAt: '2026-11-21T09:00:00+01:00', confirmedBy: { id: 1, name: 'Ada Admin' }, counts: { rows: 3, ok: 0, problems: 1, ordered: 2, failed: 0, toOrder: 0, orderedItems: 2 }, orderedAmount: money('25.00') }),
            rows: { items: done, total: 3, page: 1, perPage: 20 },
          });
        }
        const items = status === 'problems' ? ROWS.filter((row) => row.status === 'problem') : ROWS;
        return HttpResponse.json({ ...makeFile(), rows: { items, total: items.length, page: 1, perPage: 20 } });
      }),
      http.post(apiUrl('importedOrdersFiles/7/confirm'), () => {
        confirmed += 1;
        return HttpResponse.json({ status: true, ordered: 2, failed: 0, items: 2, total: money('25.00') });
      }),
    );
    const { user } = renderApp('/importedOrdersFiles/7');

    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(await within(table).findByText('No one has the card number XXX999.')).toBeInTheDocument();
    // The file's ISO days in the user's format.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('07/12/2026');
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(totals).toHaveTextContent(/Rows3Rows OK2Rows with problems1Meals to order2AmountPLN 25.00/);
    await user.selectOptions(screen.getByLabelText('Status'), 'problems');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(filters).toContain('problems');

    await user.click(screen.getByRole('button', { name: 'Confirm and order 2 rows' }));
    const question = await screen.findByRole('dialog', { name: 'Order the OK rows' });
    expect(question).toHaveTextContent('Order 2 meals of 2 rows for PLN 25.00 in total?');
    await user.click(within(question).getByRole('button', { name: 'Order' }));

    await waitFor(() => expect(confirmed).toBe(1));
    expect(await screen.findByText('Ordered 2 meals of 2 rows for PLN 25.00; rows not ordered: 0.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Confirm and order/ })).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: 'Totals' })).toHaveTextContent(/Rows ordered2Rows not ordered0/);
  });
});
