import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';
import { parseAddresses } from './model/criteria';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

const CATALOGUE: Schemas['ReportType'][] = [
  {
    code: 'ordersPerInstitution',
    title: 'Orders per institution',
    description: 'Meals ordered and their amount per institution.',
    orientation: 'landscape',
    criteria: [
      { name: 'dateFrom', kind: 'date', required: true },
      { name: 'dateTo', kind: 'date', required: true },
      { name: 'institutionsIds', kind: 'institutions', required: false },
      { name: 'groupBy', kind: 'choice', required: false, choices: ['day', 'month'], default: 'month' },
    ],
  },
  {
    code: 'balancesAtDate',
    title: 'Balances and debtors',
    description: 'Each payer’s balance at the end of a day.',
    orientation: 'portrait',
    criteria: [
      { name: 'date', kind: 'date', required: true },
      { name: 'payersIds', kind: 'payers', required: false },
      { name: 'debtorsOnly', kind: 'boolean', required: false, default: false },
    ],
  },
];

interface Sent {
  path: string;
  body: unknown;
}

function serve(roles: Role[] = ['ROLE_ADMIN'], abilities: string[] = ['reports.view', 'parents.view']) {
  const sent: Sent[] = [];
  const record = async (request: Request) => sent.push({ path: new URL(request.url).pathname, body: await request.json() });
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities }))),
    http.get(apiUrl('reports'), () => HttpResponse.json(CATALOGUE)),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'SP 12' }, { value: 5, text: 'SP 40' }]))),
    http.get(apiUrl('users/options'), ({ request }) =>
      HttpResponse.json(
        page(new URL(request.url).searchParams.get('role') === 'ROLE_PARENT' ? [{ value: 7, text: 'Nowak Anna' }] : [{ value: 8, text: 'Kowal Jan' }]),
      ),
    ),
    http.post(apiUrl('reports/ordersPerInstitution'), async ({ request }) => {
      await record(request);
      return new HttpResponse('PK', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': "attachment; filename=\"Orders.xlsx\"; filename*=UTF-8''Orders%20per%20institution.xlsx",
        },
      });
    }),
    http.post(apiUrl('reports/ordersPerInstitution/print'), async ({ request }) => {
      await record(request);
      return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
    }),
    http.post(apiUrl('reports/:code/send'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ status: true });
    }),
  );
  const createObjectURL = vi.fn(() => 'blob:report');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  return { sent, createObjectURL };
}

afterEach(() => vi.restoreAllMocks());

describe('reports', () => {
  it('given an admin, then the catalogue with the first report chosen and its criteria, last month by default', async () => {
    signIn();
    serve();
    renderApp('/reports');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const catalogue = await screen.findByRole('navigation', { name: 'Reports' });
    expect(within(catalogue).getAllByRole('button').map((item) => item.textContent)).toEqual(['Orders per institution', 'Balances and debtors']);
    expect(within(catalogue).getByRole('button', { name: 'Orders per institution' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Orders per institution' })).toBeInTheDocument();
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toMatch(/^\d{4}-\d{2}-01$/);
    expect(screen.getByLabelText('One row per')).toHaveDisplayValue('Month');
    expect(screen.getByLabelText('Orientation')).toHaveDisplayValue('Landscape');
  });

  it('given criteria, when downloading XLSX and printing, then both are asked for with the criteria and the print settings', async () => {
    signIn();
    const { sent, createObjectURL } = serve();
    const open = vi.spyOn(window, 'open').mockReturnValue({ location: { href: '' }, close: vi.fn() } as unknown as Window);
    const { user } = renderApp('/reports');
    await screen.findByRole('heading', { level: 2, name: 'Orders per institution' });

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Institutions' }));
    await user.click(await screen.findByRole('option', { name: 'SP 40' }));
    await user.selectOptions(screen.getByLabelText('One row per'), 'Day');
    await user.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    await user.selectOptions(screen.getByLabelText('Orientation'), 'Portrait');
    await user.selectOptions(screen.getByLabelText('Font size'), '11 pt');
    await user.click(screen.getByRole('button', { name: 'Print PDF' }));

    const criteria = { dateFrom: '2026-11-01', dateTo: '2026-11-30', institutionsIds: [5], groupBy: 'day' };
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { path: '/api/frontend/reports/ordersPerInstitution', body: { criteria, format: 'xlsx' } },
      { path: '/api/frontend/reports/ordersPerInstitution/print', body: { criteria, orientation: 'portrait', fontSize: 11 } },
    ]);
    expect(open).toHaveBeenCalledWith('', '_blank');
  });

  it('given a period ending before it starts, then nothing is asked for and the end date says why', async () => {
    signIn();
    const { sent } = serve();
    const { user } = renderApp('/reports');
    await screen.findByRole('heading', { level: 2, name: 'Orders per institution' });

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveClass('is-invalid');
    expect(sent).toEqual([]);
  });

  it('given addresses, when sending, then wrong ones are refused here and good ones are sent, with a confirmation', async () => {
    signIn();
    const { sent } = serve();
    const { user } = renderApp('/reports?report=balancesAtDate');
    await screen.findByRole('heading', { level: 2, name: 'Balances and debtors' });

    await user.clear(screen.getByLabelText('Balances at the end of'));
    await user.type(screen.getByLabelText('Balances at the end of'), '2026-11-30');
    await user.click(screen.getByRole('checkbox', { name: 'Only payers in debt' }));
    await user.click(screen.getByRole('button', { name: 'Payers' }));
    await user.click(await screen.findByRole('option', { name: 'Kowal Jan' }));
    await user.type(screen.getByLabelText('E-mail addresses'), 'office@example.com, not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    expect(await screen.findByText('Not an e-mail address: not-an-address')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('E-mail addresses'));
    await user.type(screen.getByLabelText('E-mail addresses'), 'office@example.com; gmina@example.com');
    await user.selectOptions(screen.getByLabelText('File'), 'PDF');
    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'The report is being prepared and will be sent to office@example.com, gmina@example.com.',
    );
    expect(sent).toEqual([
      {
        path: '/api/frontend/reports/balancesAtDate/send',
        body: {
          criteria: { date: '2026-11-30', payersIds: [8], debtorsOnly: true },
          emailAddresses: ['office@example.com', 'gmina@example.com'],
          format: 'pdf',
          orientation: 'portrait',
          fontSize: 9,
        },
      },
    ]);
  });

  it('given an administrator, when sending to a saved list only, then the list is sent and named; neither is refused', async () => {
    signIn();
    const { sent } = serve(['ROLE_ADMIN'], ['reports.view', 'parents.view', 'announcements.manage']);
    server.use(http.get(apiUrl('recipients'), () => HttpResponse.json(page([{ id: 3, name: 'Office' }]))));
    const { user } = renderApp('/reports?report=balancesAtDate');
    await screen.findByRole('heading', { level: 2, name: 'Balances and debtors' });
    await user.clear(screen.getByLabelText('Balances at the end of'));
    await user.type(screen.getByLabelText('Balances at the end of'), '2026-11-30');

    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    expect(await screen.findByText('Enter at least one e-mail address or choose a recipients list.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const list = screen.getByRole('combobox', { name: 'Send to a saved list' });
    await within(list).findByRole('option', { name: 'Office' });
    await user.selectOptions(list, 'Office');
    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));

    expect(await screen.findByRole('status')).toHaveTextContent('The report is being prepared and will be sent to the list “Office”.');
    expect(sent).toEqual([
      {
        path: '/api/frontend/reports/balancesAtDate/send',
        body: {
          criteria: { date: '2026-11-30', debtorsOnly: false },
          emailAddresses: [],
          recipientsListId: 3,
          format: 'xlsx',
          orientation: 'portrait',
          fontSize: 9,
        },
      },
    ]);
  });

  it('given a user who may not read the lists, then no list is offered nor asked for', async () => {
    signIn();
    serve(['ROLE_MANAGE_REPORTS'], ['reports.view', 'reports.manage']);
    let listsAsked = false;
    server.use(
      http.get(apiUrl('recipients'), () => {
        listsAsked = true;
        return HttpResponse.json(page([]));
      }),
    );
    renderApp('/reports?report=balancesAtDate');

    expect(await screen.findByRole('heading', { level: 2, name: 'Balances and debtors' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail addresses')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Send to a saved list' })).not.toBeInTheDocument();
    expect(listsAsked).toBe(false);
  });

  it('given a report manager without access to payers, then the payers criterion is not offered', async () => {
    signIn();
    serve(['ROLE_MANAGE_REPORTS'], ['reports.view', 'reports.manage']);
    renderApp('/reports?report=balancesAtDate');

    expect(await screen.findByRole('heading', { level: 2, name: 'Balances and debtors' })).toBeInTheDocument();
    expect(screen.getByLabelText('Balances at the end of')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payers' })).not.toBeInTheDocument();
  });

  it('given a parent, then the reports are not theirs', async () => {
    signIn();
    serve(['ROLE_PARENT'], []);
    const { router } = renderApp('/reports');

    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/user'));
  });
});

describe('parseAddresses', () => {
  it('splits on commas, semicolons and spaces and names what is not an address', () => {
    expect(parseAddresses(' a@example.com,b@example.com; c ')).toEqual({
      addresses: ['a@example.com', 'b@example.com', 'c'],
      invalid: ['c'],
    });
  });
});
