import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { ImportedPayment, ImportedPaymentsFile } from './api/imported-payments-files';

const money = (amount: string) => ({ amount, currency: 'PLN' as const });

function makeFile(overrides: Partial<ImportedPaymentsFile> = {}): ImportedPaymentsFile {
  return {
    id: 5,
    name: 'wyciag-2026-11-20.sta',
    fileFormat: 'mt940',
    csvProfile: '',
    status: 'draft',
    uploadedAt: '2026-11-21T08:00:00+01:00',
    uploadedBy: { id: 1, name: 'Ada Admin' },
    confirmedAt: null,
    counts: { items: 3, matched: 2, suggested: 0, unmatched: 1, alreadyImported: 0, skipped: 0, toBook: 2, booked: 0 },
    toBookSum: money('230.50'),
    bookedSum: money('0.00'),
    ...overrides,
  };
}

function makeItem(overrides: Partial<ImportedPayment>): ImportedPayment {
  return {
    id: 1,
    position: 1,
    bookedOn: '2026-11-20',
    amount: money('150.00'),
    currency: 'PLN',
    senderName: 'ANNA NOWAK',
    senderAccount: '',
    title: 'Obiady listopad',
    counterAccount: '',
    bankReference: 'DOK1',
    matchKind: 'account',
    skipReason: '',
    user: { id: 11, name: 'Anna Nowak' },
    child: null,
    booked: false,
    possiblyImported: false,
    ...overrides,
  };
}

const ITEMS = [
  makeItem({}),
  makeItem({ id: 2, position: 2, amount: money('80.50'), senderName: 'BARTOSZ WIŚNIEWSKI', title: 'Wplata KNT000012', matchKind: 'title', user: { id: 12, name: 'Bartosz Wiśniewski' } }),
  makeItem({ id: 3, position: 3, amount: money('60.00'), senderName: 'FUNDACJA NIEZNANA', title: 'Darowizna', matchKind: 'none', user: null }),
];

function serveAdmin() {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['statements.manage'] }))));
}

describe('imported payments files', () => {
  it('given uploaded statements, when the list opens, then each file shows its counts and links to its review', async () => {
    signIn();
    serveAdmin();
    server.use(http.get(apiUrl('importedPaymentsFiles'), () => HttpResponse.json({ items: [makeFile()], total: 1, page: 1, perPage: 20 })));
    renderApp('/importedPaymentsFiles');

    const table = await screen.findByRole('table', { name: 'Imported payments files' });
    const link = await within(table).findByRole('link', { name: 'wyciag-2026-11-20.sta' });
    expect(link).toHaveAttribute('href', '/importedPaymentsFiles/5');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/MT940To review3201/);
    expect(screen.getByRole('button', { name: 'Upload a statement' })).toBeInTheDocument();
  });

  it('given a damaged file, when uploading it, then the refusal shows under the file field', async () => {
    signIn();
    serveAdmin();
    const uploads: FormData[] = [];
    server.use(
      http.get(apiUrl('importedPaymentsFiles'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })),
      http.get(apiUrl('importedPaymentsFiles/csvProfiles'), () => HttpResponse.json([{ name: 'generic', label: 'Generic' }, { name: 'mbank', label: 'mBank (CSV, cp1250)' }])),
      http.post(apiUrl('importedPaymentsFiles'), async ({ request }) => {
        uploads.push(await request.formData());
        return HttpResponse.json(
          { message: 'The given data was invalid.', errors: { file: ['This file is not a bank statement in the chosen format, or it is damaged. Nothing was imported.'] } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/importedPaymentsFiles');
    await user.click(await screen.findByRole('button', { name: 'Upload a statement' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Statement file'), new File([':20:broken'], 'wyciag.sta', { type: 'text/plain' }));
    await user.selectOptions(within(dialog).getByLabelText('Format'), 'mt940');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(/not a bank statement/)).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.get('fileFormat')).toBe('mt940');
    expect(uploads[0]?.get('file')).toHaveProperty('type', 'text/plain'); // jsdom's FormData round trip drops the name
  });

  it('given a statement to review, when the unmatched line is assigned and the file confirmed, then the server is asked for both', async () => {
    signIn();
    serveAdmin();
    const puts: unknown[] = [];
    let confirmed = 0;
    server.use(
      http.get(apiUrl('importedPaymentsFiles/5'), ({ request }) => {
        const kind = new URL(request.url).searchParams.get('kind');
        const items = kind === 'unmatched' ? ITEMS.filter((item) => item.matchKind === 'none') : ITEMS;
        return HttpResponse.json({ ...makeFile(), items: { items, total: items.length, page: 1, perPage: 20 } });
      }),
      http.get(apiUrl('transactions/users'), () =>
        HttpResponse.json({
          items: [{ id: 13, firstName: 'Celina', lastName: 'Zając', fullName: 'Celina Zając', email: 'celina@example.com', roles: ['ROLE_INSTITUTION_WORKER'], isActive: true, balance: money('0.00') }],
          total: 1,
          page: 1,
          perPage: 20,
        }),
      ),
      http.get(apiUrl('transactions/userBalance/13'), () =>
        HttpResponse.json({ userId: 13, balance: money('0.00'), perChildren: [], balancePerChildren: false }),
      ),
      http.put(apiUrl('importedPaymentsFiles/5/items/3'), async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(makeItem({ id: 3, matchKind: 'manual', user: { id: 13, name: 'Celina Zając' } }));
      }),
      http.post(apiUrl('importedPaymentsFiles/5/confirm'), () => {
        confirmed += 1;
        return HttpResponse.json({ status: true, count: 3, total: money('290.50') });
      }),
    );
    const { user } = renderApp('/importedPaymentsFiles/5');

    const table = await screen.findByRole('table', { name: 'Statement lines' });
    expect(await within(table).findByText('FUNDACJA NIEZNANA')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Match'), 'unmatched');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Change the payer of FUNDACJA NIEZNANA' }));
    const picker = await screen.findByRole('dialog', { name: 'Payer of this transfer' });
    await within(picker).findByRole('option', { name: 'Zając Celina (celina@example.com)' });
    await user.selectOptions(within(picker).getByLabelText('Payer'), '13');
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ userId: 13, childId: null }]));

    await user.click(screen.getByRole('button', { name: /Confirm and book 2/ }));
    const question = await screen.findByRole('dialog', { name: 'Book the deposits' });
    expect(question).toHaveTextContent('Book 2 deposits for PLN 230.50 in total?');
    await user.click(within(question).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(confirmed).toBe(1));
  });

  it('given balances kept per child, when a parent is picked, then one of their children can be credited', async () => {
    signIn();
    serveAdmin();
    const puts: unknown[] = [];
    server.use(
      http.get(apiUrl('importedPaymentsFiles/5'), () => HttpResponse.json({ ...makeFile(), items: { items: ITEMS, total: 3, page: 1, perPage: 20 } })),
      http.get(apiUrl('transactions/users'), () =>
        HttpResponse.json({
          items: [{ id: 11, firstName: 'Anna', lastName: 'Nowak', fullName: 'Anna Nowak', email: 'anna@example.com', roles: ['ROLE_PARENT'], isActive: true, balance: money('0.00') }],
          total: 1,
          page: 1,
          perPage: 20,
        }),
      ),
      http.get(apiUrl('transactions/userBalance/11'), () =>
        HttpResponse.json({
          userId: 11,
          balance: money('0.00'),
          balancePerChildren: true,
          perChildren: [
            { childId: null, childName: '', balance: money('0.00') },
            { childId: 8, childName: 'Ola Nowak', balance: money('0.00') },
            { childId: 9, childName: 'Jan Nowak', balance: money('0.00') },
          ],
        }),
      ),
      http.put(apiUrl('importedPaymentsFiles/5/items/1'), async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(makeItem({ matchKind: 'manual', child: { id: 9, name: 'Jan Nowak' } }));
      }),
    );
    const { user } = renderApp('/importedPaymentsFiles/5');

    await user.click(await screen.findByRole('button', { name: 'Change the payer of ANNA NOWAK' }));
    const picker = await screen.findByRole('dialog', { name: 'Payer of this transfer' });
    expect(within(picker).getByLabelText('Payer')).toHaveValue('11');
    await user.selectOptions(await within(picker).findByLabelText('Child'), 'Jan Nowak');
    await user.click(within(picker).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts).toEqual([{ userId: 11, childId: 9 }]));
  });

  it('given a credit like one booked from another statement, when reviewing, then it is marked possibly imported, only suggested, and its payer can be accepted', async () => {
    signIn();
    serveAdmin();
    const items = [
      makeItem({ senderAccount: '61102026290000123456789012', matchKind: 'suggested', possiblyImported: true }),
      makeItem({ id: 2, position: 2, amount: money('80.50'), senderName: 'BARTOSZ WIŚNIEWSKI', matchKind: 'title', user: { id: 12, name: 'Bartosz Wiśniewski' } }),
    ];
    server.use(http.get(apiUrl('importedPaymentsFiles/5'), () => HttpResponse.json({ ...makeFile(), items: { items, total: 2, page: 1, perPage: 20 } })));
    renderApp('/importedPaymentsFiles/5');

    const table = await screen.findByRole('table', { name: 'Statement lines' });
    const [, anna, bartosz] = await waitFor(() => {
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      return rows;
    });

    expect(within(anna!).getByText('Possibly already imported')).toBeInTheDocument();
    expect(anna).toHaveTextContent('A transfer of the same date, amount and sender account was booked from another statement, so this one is only suggested. Accept the payer only if it is a different transfer.');
    expect(within(anna!).getByText('Suggested')).toBeInTheDocument();
    expect(within(anna!).getByRole('button', { name: 'Change the payer of ANNA NOWAK' })).toBeInTheDocument();
    expect(within(bartosz!).queryByText('Possibly already imported')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Confirm and book 2/ })).toBeInTheDocument();
  });
});
