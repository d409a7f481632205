import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { InvoiceFile } from './api/invoices-files';

const money = (amount: string) => ({ amount, currency: 'PLN' as const });

function makeInvoice(overrides: Partial<InvoiceFile> = {}): InvoiceFile {
  return {
    id: 7,
    number: 'FV/1/11/2026',
    kind: 'institution',
    month: '2026-10',
    issueDate: '2026-11-27',
    transactionId: null,
    user: null,
    institution: { id: 3, name: 'Szkoła Podstawowa nr 12' },
    buyer: { name: 'Gmina Łódź', street: 'ul. Piotrkowska 104', postalCode: '90-926', city: 'Łódź', taxId: '7251018745' },
    recipient: null,
    net: money('76.38'),
    vat: money('6.11'),
    gross: money('82.49'),
    paid: false,
    paidAt: null,
    fileKind: 'pdf',
    createdAt: '2026-11-27T10:00:00+01:00',
    ksefApplicable: true,
    ksefState: 'not_sent',
    ksefNumber: '',
    ksefError: '',
    ksefUpoAvailable: false,
    sentAt: null,
    ...overrides,
  };
}

interface Served {
  gets: string[];
  posts: { path: string; body: unknown }[];
  deletes: string[];
  lists: URLSearchParams[];
}

function serve(
  roles: Role[],
  { rows = [] as InvoiceFile[], refuse = null as null | { status: number; body: object }, locale = 'en' as 'en' | 'pl' } = {},
): Served {
  const served: Served = { gets: [], posts: [], deletes: [], lists: [] };
  const office = roles.includes('ROLE_ADMIN');
  server.use(
    http.get(apiUrl('auth/currentUser'), () =>
      HttpResponse.json(makeUser(roles, { id: 5, locale, abilities: office ? ['invoices.view', 'invoices.manage', 'parents.view'] : ['invoices.view'] })),
    ),
    http.get(apiUrl('invoicesFiles'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      served.lists.push(params);
      const paid = params.get('paid');
      const items = rows.filter((row) => paid === null || String(row.paid) === paid);
      return HttpResponse.json({ items, total: items.length, page: 1, perPage: 20 });
    }),
    http.get(apiUrl('invoicesFiles/maxFileSize'), () => HttpResponse.json({ maxFileSize: 2 * 1024 * 1024 })),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json({ items: [{ value: 3, text: 'Szkoła Podstawowa nr 12', shortName: 'SP12', slug: 'sp12', districtId: null, active: true }], total: 1, page: 1, perPage: 9999 }),
    ),
    http.get(apiUrl('users/options'), ({ request }) => {
      const role = new URL(request.url).searchParams.get('role');
      const items = role === 'ROLE_PARENT' ? [{ value: 11, text: 'Anna Nowak' }] : [{ value: 12, text: 'Jan Kowalski' }];
      return HttpResponse.json({ items, total: items.length, page: 1, perPage: 9999 });
    }),
    http.post(apiUrl('invoicesFiles/*'), async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/api/frontend/', '');
      const body = request.headers.get('Content-Type')?.includes('json') ? await request.json() : null;
      served.posts.push({ path, body });
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
      if (path.startsWith('invoicesFiles/create')) return HttpResponse.json({ id: 9, created: true }, { status: 201 });
      if (path.endsWith('/sendToKsef')) {
        const row = rows.find((one) => path === `invoicesFiles/${one.id}/sendToKsef`);
        if (row) Object.assign(row, { ksefState: 'accepted', ksefNumber: '5265877635-20261127-0123456789AB-C4', ksefUpoAvailable: true });
        return HttpResponse.json({ ...row, ksefState: 'sending' });
      }
      if (path === 'invoicesFiles/download') {
        return new HttpResponse('PK', { headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="faktury.zip"' } });
      }
      return HttpResponse.json({ status: true });
    }),
    http.get(apiUrl('invoicesFiles/:id/ksefXml'), ({ request }) => {
      served.gets.push(new URL(request.url).pathname.replace('/api/frontend/', ''));
      return new HttpResponse('<?xml version="1.0"?><Faktura/>', {
        headers: { 'Content-Type': 'application/xml', 'Content-Disposition': 'attachment; filename="FV_1_11_2026.xml"' },
      });
    }),
    http.get(apiUrl('invoicesFiles/:id/ksefUpo'), ({ request }) => {
      served.gets.push(new URL(request.url).pathname.replace('/api/frontend/', ''));
      return new HttpResponse('<?xml version="1.0"?><Potwierdzenie/>', {
        headers: { 'Content-Type': 'application/xml', 'Content-Disposition': 'attachment; filename="FV_1_11_2026-UPO.xml"' },
      });
    }),
    http.delete(apiUrl('invoicesFiles/*'), ({ request }) => {
      served.deletes.push(new URL(request.url).pathname.replace('/api/frontend/', ''));
      return HttpResponse.json({ status: true });
    }),
  );
  return served;
}

describe('invoices: the office', () => {
  it('given an unpaid invoice, when marking it paid and deleting it after confirming, then both are sent', async () => {
    signIn();
    const served = serve(['ROLE_ADMIN'], { rows: [makeInvoice()] });
    const { user } = renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByRole('cell', { name: 'Gmina Łódź' })).toBeInTheDocument();
    expect(within(table).getByText(/82\.49/)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Mark invoice FV/1/11/2026 as paid' }));
    await waitFor(() => expect(served.posts).toEqual([{ path: 'invoicesFiles/7/markAsPaid', body: null }]));

    await user.click(within(table).getByRole('button', { name: 'Delete invoice FV/1/11/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invoice FV/1/11/2026?' });
    expect(served.deletes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(served.deletes).toEqual(['invoicesFiles/7']));
  });

  it('given the paid filter and two selected, then the list is asked filtered and the selection downloaded as one zip', async () => {
    signIn();
    const served = serve(['ROLE_ADMIN'], { rows: [makeInvoice(), makeInvoice({ id: 8, number: 'FV/2/11/2026', paid: true })] });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoices'), revokeObjectURL: vi.fn() });
    const { user } = renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    await within(table).findByRole('cell', { name: 'FV/2/11/2026' });
    for (const row of within(table).getAllByRole('row').slice(1)) await user.click(within(row).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Download selected (ZIP)' }));
    await waitFor(() => expect(served.posts).toEqual([{ path: 'invoicesFiles/download', body: { invoicesFilesIds: [7, 8] } }]));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);

    await user.selectOptions(screen.getByLabelText('Payment'), 'false');
    await waitFor(() => expect(served.lists.at(-1)?.get('paid')).toBe('false'));
    await screen.findByRole('option', { name: 'Jan Kowalski' });
    await user.selectOptions(screen.getByLabelText('Customer'), 'Jan Kowalski');
    await waitFor(() => expect(served.lists.at(-1)?.get('userId')).toBe('12'));
  });

  it("given an institution's month, when issuing it, then it is created for that institution and month", async () => {
    signIn();
    const served = serve(['ROLE_ADMIN']);
    const { user } = renderApp('/invoicesFiles/create');

    const form = await screen.findByRole('form', { name: 'New invoice' });
    await user.click(within(form).getByRole('button', { name: 'Issue the invoice' }));
    expect(await within(form).findByText('Choose an institution.')).toBeInTheDocument();
    expect(served.posts).toEqual([]);

    await within(form).findByRole('option', { name: 'Szkoła Podstawowa nr 12' });
    await user.selectOptions(within(form).getByLabelText('Institution'), 'Szkoła Podstawowa nr 12');
    const month = within(form).getByLabelText('Month');
    await user.clear(month);
    await user.type(month, '2026-10');
    await user.click(within(form).getByRole('button', { name: 'Issue the invoice' }));

    await waitFor(() => expect(served.posts).toEqual([{ path: 'invoicesFiles/createForInstitution/3', body: { month: '2026-10' } }]));
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
  });

  it('given a month without meals, when issuing, then the reason shows under the month', async () => {
    signIn();
    serve(['ROLE_ADMIN'], {
      refuse: { status: 400, body: { message: 'The given data was invalid.', errors: { month: ['No meals were delivered in this month: there is nothing to invoice.'] } } },
    });
    const { user } = renderApp('/invoicesFiles/create');

    const form = await screen.findByRole('form', { name: 'New invoice' });
    await user.click(within(form).getByRole('radio', { name: "A customer's meals in a month" }));
    await within(form).findByRole('option', { name: 'Jan Kowalski' });
    await user.selectOptions(within(form).getByLabelText('Customer (parent or worker)'), 'Jan Kowalski');
    await user.click(within(form).getByRole('button', { name: 'Issue the invoice' }));

    expect(await within(form).findByText('No meals were delivered in this month: there is nothing to invoice.')).toBeInTheDocument();
  });

  it('given a file larger than the limit, when uploading, then it is refused before sending', async () => {
    signIn();
    const served = serve(['ROLE_ADMIN']);
    const { user } = renderApp('/invoicesFiles/create');

    const form = await screen.findByRole('form', { name: 'New invoice' });
    await user.click(within(form).getByRole('radio', { name: 'A file of an invoice issued elsewhere' }));
    expect(await within(form).findByText('Largest file: 2 MB.')).toBeInTheDocument();
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'faktura.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText('Invoice file (PDF, JPG or PNG)'), big);
    await user.type(within(form).getByLabelText('Number'), 'ZEW/1/2026');
    await user.click(within(form).getByRole('button', { name: 'Upload the invoice file' }));

    expect(await within(form).findByText('The file is too large: the limit is 2 MB.')).toBeInTheDocument();
    expect(served.posts).toEqual([]);
  });
});

describe('invoices: KSeF', () => {
  it("given a business buyer's invoice, when sending it to KSeF after confirming, then its KSeF number shows", async () => {
    signIn();
    const served = serve(['ROLE_ADMIN'], { rows: [makeInvoice()] });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:xml'), revokeObjectURL: vi.fn() });
    const { user } = renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByText('Not sent')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Download the UPO of invoice FV/1/11/2026' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Download the KSeF XML of invoice FV/1/11/2026' }));
    await waitFor(() => expect(served.gets).toEqual(['invoicesFiles/7/ksefXml']));

    await user.click(within(table).getByRole('button', { name: 'Send invoice FV/1/11/2026 to KSeF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice FV/1/11/2026 to KSeF?' });
    expect(served.posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send to KSeF' }));
    await waitFor(() => expect(served.posts).toEqual([{ path: 'invoicesFiles/7/sendToKsef', body: null }]));

    expect(await within(table).findByText('5265877635-20261127-0123456789AB-C4')).toBeInTheDocument();
    expect(within(table).getByText('In KSeF')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Send invoice FV/1/11/2026 to KSeF' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Download the UPO of invoice FV/1/11/2026' }));
    await waitFor(() => expect(served.gets).toEqual(['invoicesFiles/7/ksefXml', 'invoicesFiles/7/ksefUpo']));
  });

  it('given an accepted invoice whose UPO KSeF had not made yet, when the office asks again, then only the UPO is asked for', async () => {
    signIn();
    const accepted = makeInvoice({ ksefState: 'accepted', ksefNumber: '5265877635-20261127-0123456789AB-C4', ksefUpoAvailable: false });
    const served = serve(['ROLE_ADMIN'], { rows: [accepted] });
    const { user } = renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByText('In KSeF')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Send invoice FV/1/11/2026 to KSeF' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Download the UPO of invoice FV/1/11/2026' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Ask KSeF for the UPO of invoice FV/1/11/2026' }));

    expect(await screen.findByText('KSeF is asked for the UPO; it appears here in a moment.')).toBeInTheDocument();
    expect(served.posts).toEqual([{ path: 'invoicesFiles/7/sendToKsef', body: null }]);
    // Once stored, the list offers the UPO instead.
    expect(await within(table).findByRole('button', { name: 'Download the UPO of invoice FV/1/11/2026' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Ask KSeF for the UPO of invoice FV/1/11/2026' })).not.toBeInTheDocument();
  });

  it('given an institutions admin, then the UPO is offered for the accepted invoice that has it, and nothing is sent', async () => {
    signIn();
    const served = serve(['ROLE_INSTITUTIONS_ADMIN'], {
      rows: [
        makeInvoice({ ksefState: 'accepted', ksefNumber: '5265877635-20261127-0123456789AB-C4', ksefUpoAvailable: true }),
        makeInvoice({ id: 8, number: 'FV/2/11/2026', ksefState: 'accepted', ksefNumber: '5265877635-20261127-0123456789AC-51' }),
      ],
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:xml'), revokeObjectURL: vi.fn() });
    const { user } = renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    await user.click(await within(table).findByRole('button', { name: 'Download the UPO of invoice FV/1/11/2026' }));
    await waitFor(() => expect(served.gets).toEqual(['invoicesFiles/7/ksefUpo']));

    // Accepted, its UPO not fetched yet: not offered.
    expect(within(table).getByRole('button', { name: 'Download the KSeF XML of invoice FV/2/11/2026' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Download the UPO of invoice FV/2/11/2026' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Send invoice/ })).not.toBeInTheDocument();
    expect(served.posts).toEqual([]);
  });

  it('given Polish, then the UPO download reads "Pobierz UPO"', async () => {
    signIn();
    serve(['ROLE_ADMIN'], { rows: [makeInvoice({ ksefState: 'accepted', ksefUpoAvailable: true })], locale: 'pl' });
    await i18n.changeLanguage('pl');
    renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Faktury' });
    expect(await within(table).findByRole('button', { name: 'Pobierz UPO faktury FV/1/11/2026' })).toHaveTextContent('UPO');
  });

  it("given a consumer's or an uploaded invoice, then neither the KSeF XML nor sending is offered", async () => {
    signIn();
    serve(['ROLE_ADMIN'], { rows: [makeInvoice({ ksefApplicable: false, buyer: { name: 'Anna Nowak', street: '', postalCode: '', city: '', taxId: '' } })] });
    renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    await within(table).findByRole('cell', { name: 'FV/1/11/2026' });
    expect(within(table).queryByRole('button', { name: /KSeF/ })).not.toBeInTheDocument();
  });
});

describe('invoices: a parent', () => {
  it('given their invoices, then they see and download them, with no office actions', async () => {
    signIn();
    serve(['ROLE_PARENT'], { rows: [makeInvoice({ kind: 'user', institution: null, user: { id: 5, name: 'Anna Nowak' }, buyer: { name: 'Anna Nowak', street: '', postalCode: '', city: '', taxId: '' }, paid: true })] });
    renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByRole('cell', { name: 'FV/1/11/2026' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Download invoice FV/1/11/2026' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /as paid/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Issue an invoice' })).not.toBeInTheDocument();
  });

  it('given no invoices, then the empty state', async () => {
    signIn();
    serve(['ROLE_PARENT']);
    renderApp('/invoicesFiles');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByText('There are no records to show')).toBeInTheDocument();
  });
});
