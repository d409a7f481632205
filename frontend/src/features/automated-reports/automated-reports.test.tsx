import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const ordersPerInstitution: Schemas['ReportType'] = {
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
};

const balancesAtDate: Schemas['ReportType'] = {
  code: 'balancesAtDate',
  title: 'Balances at a date',
  description: 'Each payer’s balance at the end of a day.',
  orientation: 'portrait',
  criteria: [
    { name: 'date', kind: 'date', required: true },
    { name: 'payersIds', kind: 'payers', required: false },
    { name: 'kitchensIds', kind: 'kitchens', required: false },
    { name: 'debtorsOnly', kind: 'boolean', required: false, default: false },
  ],
};

const monthly: Schemas['AutomatedReport'] = {
  id: 5,
  name: 'Monthly orders',
  reportType: 'ordersPerInstitution',
  reportTypeTitle: 'Orders per institution',
  fileFormat: 'xlsx',
  criteria: { groupBy: 'month' },
  relativePeriod: 'last_month',
  frequency: 'monthly',
  weekday: null,
  dayOfMonth: 1,
  sendTime: '06:00',
  emailAddresses: ['office@example.com', 'boss@example.com'],
  recipientsListId: null,
  recipientsListName: null,
  enabled: true,
  createdAt: '2026-11-01T10:00:00+01:00',
  lastSentPeriod: '2026-11',
  lastRunAt: '2026-11-01T06:00:03+01:00',
  nextSendAt: '2026-12-01T06:00:00+01:00',
  lastRun: { state: 'sent', manual: false, createdAt: '2026-11-01T06:00:00+01:00', sentAt: '2026-11-01T06:00:03+01:00' },
};
const daily: Schemas['AutomatedReport'] = {
  ...monthly,
  id: 6,
  name: 'Yesterday',
  relativePeriod: 'yesterday',
  frequency: 'daily',
  dayOfMonth: null,
  emailAddresses: ['kitchen@example.com'],
  enabled: false,
  nextSendAt: null,
  lastRun: null,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function signInAs(roles: Role[], more: string[] = []) {
  server.use(
    http.get(apiUrl('auth/currentUser'), () =>
      HttpResponse.json(makeUser(roles, { abilities: ['reports.automate', 'reports.view', 'tenant.access', ...more] })),
    ),
  );
  signIn();
}

/** Serves the list, the catalogue and the option lists; returns the bodies of the bulk commands. */
function serve(rows: Schemas['AutomatedReport'][] = [monthly, daily]) {
  const commands: { path: string; body: unknown }[] = [];
  const deleted: string[] = [];
  server.use(
    http.get(apiUrl('automatedReports'), () => HttpResponse.json(page(rows))),
    http.get(apiUrl('automatedReports/5'), () => HttpResponse.json(monthly)),
    http.get(apiUrl('reports'), () => HttpResponse.json([ordersPerInstitution, balancesAtDate])),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(page([{ value: 1, text: 'School No. 1' }, { value: 2, text: 'Kindergarten' }])),
    ),
    http.post(apiUrl('automatedReports/bulk/:command'), async ({ request, params }) => {
      commands.push({ path: String(params.command), body: await request.json() });
      return HttpResponse.json({ status: true });
    }),
    http.delete(apiUrl('automatedReports/:id'), ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ status: true });
    }),
  );
  return { commands, deleted };
}

describe('automated reports list', () => {
  it.each<[string, Role]>([
    ['report manager', 'ROLE_MANAGE_REPORTS'],
    ['admin', 'ROLE_ADMIN'],
  ])('shows the %s each report with its schedule, recipients and last send, and a menu entry', async (_who, role) => {
    signInAs([role]);
    serve();
    const { user } = renderApp('/automatedReports');
    const table = await screen.findByRole('table', { name: 'Automated reports' });
    expect(await within(table).findByText('Monthly orders')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows[1]).toContain('Orders per institution · XLSX · Last month');
    expect(rows[1]).toContain('Monthly on day 1 at 06:00');
    expect(rows[1]).toContain('office@example.com, boss@example.com');
    expect(rows[1]).toContain('Sent');
    expect(rows[2]).toContain('Every day at 06:00');
    expect(rows[2]).toContain('Not sent yet');
    expect(within(table).getByRole('switch', { name: 'Monthly orders switched on' })).toBeChecked();
    expect(within(table).getByRole('switch', { name: 'Yesterday switched on' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Reports' }));
    expect(await screen.findByRole('link', { name: 'Automated reports' })).toHaveAttribute('href', '/automatedReports');
  });

  it('shows the empty state when there are no reports', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    serve([]);
    renderApp('/automatedReports');
    expect(await screen.findByText('There are no records to show')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add automated report' })).toHaveAttribute('href', '/automatedReports/create');
  });

  it('switches a report off and on with its toggle', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    const { commands } = serve();
    const { user } = renderApp('/automatedReports');
    const table = await screen.findByRole('table', { name: 'Automated reports' });
    await user.click(await within(table).findByRole('switch', { name: 'Monthly orders switched on' }));
    await waitFor(() => expect(commands).toEqual([{ path: 'disable', body: { automatedReportIds: [5] } }]));
    expect(await screen.findByText('1 report switched off.')).toBeInTheDocument();
    await user.click(within(table).getByRole('switch', { name: 'Yesterday switched on' }));
    await waitFor(() => expect(commands.at(-1)).toEqual({ path: 'enable', body: { automatedReportIds: [6] } }));
  });

  it('sends the selected reports now and switches them off in bulk', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    const { commands } = serve();
    const { user } = renderApp('/automatedReports');
    const table = await screen.findByRole('table', { name: 'Automated reports' });
    await within(table).findByText('Monthly orders');
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Actions on selected rows' });
    await user.click(within(bar).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('2 reports are being sent.')).toBeInTheDocument();
    expect(commands).toEqual([{ path: 'send', body: { automatedReportIds: [5, 6] } }]);

    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Actions on selected rows' })).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(commands.at(-1)).toEqual({ path: 'disable', body: { automatedReportIds: [5, 6] } }));
  });

  it('removes a report only after confirmation', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    const { deleted } = serve();
    const { user } = renderApp('/automatedReports');
    const table = await screen.findByRole('table', { name: 'Automated reports' });
    await user.click(await within(table).findByRole('button', { name: 'Remove Monthly orders' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Remove Monthly orders' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['5']));
  });

  it.each<Role>(['ROLE_INSTITUTIONS_ADMIN', 'ROLE_PARENT'])('keeps %s out: no menu entry, sent home', async (role) => {
    signInAs([role]);
    serve();
    const { router } = renderApp('/automatedReports');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/automatedReports'));
    expect(screen.queryByRole('link', { name: 'Automated reports' })).not.toBeInTheDocument();
  });
});

describe('automated report form', () => {
  it('creates a monthly report for two addresses from the catalogue, with the server refusing an address first', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    serve();
    const bodies: Schemas['AutomatedReportRequest'][] = [];
    server.use(
      http.post(apiUrl('automatedReports'), async ({ request }) => {
        const body = (await request.json()) as Schemas['AutomatedReportRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { 'emailAddresses.1': ['Enter a valid email address.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...monthly, id: 9 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/automatedReports/create');
    const form = await screen.findByRole('form', { name: 'New automated report' });
    await user.type(within(form).getByLabelText(/^Name/), 'Orders for the gmina');
    await user.selectOptions(within(form).getByLabelText(/^Report/), 'Orders per institution');
    expect(await within(form).findByText('Meals ordered and their amount per institution.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^One row per/)).toHaveValue('month');
    expect(within(form).getByText('Institutions')).toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Day of the week/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^E-mail addresses/), 'office@example.com\nnot-an-address');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('These are not e-mail addresses: not-an-address.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(within(form).getByLabelText(/^E-mail addresses/));
    await user.type(within(form).getByLabelText(/^E-mail addresses/), 'office@example.com\nboss@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Orders for the gmina',
        reportType: 'ordersPerInstitution',
        fileFormat: 'xlsx',
        criteria: { groupBy: 'month' },
        relativePeriod: 'last_month',
        frequency: 'monthly',
        weekday: null,
        dayOfMonth: 1,
        sendTime: '06:00',
        emailAddresses: ['office@example.com', 'boss@example.com'],
        recipientsListId: null,
        enabled: true,
      },
    ]);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/automatedReports'));
    expect(bodies).toHaveLength(2);
  });

  it('asks for the weekday of a weekly report and sends it alone', async () => {
    signInAs(['ROLE_ADMIN']);
    serve();
    const bodies: Schemas['AutomatedReportRequest'][] = [];
    server.use(
      http.post(apiUrl('automatedReports'), async ({ request }) => {
        bodies.push((await request.json()) as Schemas['AutomatedReportRequest']);
        return HttpResponse.json({ ...monthly, id: 9 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/automatedReports/create');
    const form = await screen.findByRole('form', { name: 'New automated report' });
    await user.type(within(form).getByLabelText(/^Name/), 'Weekly');
    await user.selectOptions(within(form).getByLabelText(/^Report/), 'Orders per institution');
    await user.selectOptions(within(form).getByLabelText(/^Send/), 'Every week');
    await user.selectOptions(within(form).getByLabelText(/^Day of the week/), 'Friday');
    await user.selectOptions(within(form).getByLabelText(/^Period of data/), 'Last week');
    expect(within(form).queryByLabelText(/^Day of the month/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^E-mail addresses/), 'office@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ frequency: 'weekly', weekday: 5, dayOfMonth: null, relativePeriod: 'last_week' });
  });

  it('offers a report at a day without its date (each run sets it) and sends its flag', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    serve();
    const bodies: Schemas['AutomatedReportRequest'][] = [];
    server.use(
      http.post(apiUrl('automatedReports'), async ({ request }) => {
        bodies.push((await request.json()) as Schemas['AutomatedReportRequest']);
        return HttpResponse.json({ ...monthly, id: 9 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/automatedReports/create');
    const form = await screen.findByRole('form', { name: 'New automated report' });
    await user.type(within(form).getByLabelText(/^Name/), 'Debtors');
    await user.selectOptions(within(form).getByLabelText(/^Report/), 'Balances at a date');
    const debtorsOnly = await within(form).findByRole('switch', { name: 'Only payers in debt' });
    expect(within(form).queryByLabelText(/date/i)).not.toBeInTheDocument();
    expect(within(form).queryByText('Kitchens')).not.toBeInTheDocument();
    await user.click(debtorsOnly);
    await user.type(within(form).getByLabelText(/^E-mail addresses/), 'office@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ reportType: 'balancesAtDate', criteria: { debtorsOnly: true } });
  });

  it('copies a report into a new one (POST) and edits one in place (PUT)', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    serve();
    const writes: { method: string; body: Schemas['AutomatedReportRequest'] }[] = [];
    server.use(
      http.post(apiUrl('automatedReports'), async ({ request }) => {
        writes.push({ method: 'POST', body: (await request.json()) as Schemas['AutomatedReportRequest'] });
        return HttpResponse.json({ ...monthly, id: 9 }, { status: 201 });
      }),
      http.put(apiUrl('automatedReports/5'), async ({ request }) => {
        writes.push({ method: 'PUT', body: (await request.json()) as Schemas['AutomatedReportRequest'] });
        return HttpResponse.json(monthly);
      }),
    );
    const copy = renderApp('/automatedReports/create/5');
    let form = await screen.findByRole('form', { name: 'New automated report from a copy' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Monthly orders');
    expect(within(form).getByLabelText(/^E-mail addresses/)).toHaveValue('office@example.com\nboss@example.com');
    await copy.user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.map((write) => write.method)).toEqual(['POST']));
    copy.unmount();

    const edit = renderApp('/automatedReports/5/edit');
    form = await screen.findByRole('form', { name: 'Edit automated report' });
    await edit.user.clear(within(form).getByLabelText(/^Name/));
    await edit.user.type(within(form).getByLabelText(/^Name/), 'Monthly orders (gmina)');
    await edit.user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.map((write) => write.method)).toEqual(['POST', 'PUT']));
    expect(writes[1]?.body).toMatchObject({ name: 'Monthly orders (gmina)', dayOfMonth: 1, criteria: { groupBy: 'month' } });
  });

  it('sends a report to a saved list alone, and asks for an address or a list when neither is given', async () => {
    signInAs(['ROLE_ADMIN'], ['announcements.manage']);
    serve();
    const bodies: Schemas['AutomatedReportRequest'][] = [];
    server.use(
      http.get(apiUrl('recipients'), () => HttpResponse.json(page([{ id: 3, name: 'Office' }]))),
      http.post(apiUrl('automatedReports'), async ({ request }) => {
        bodies.push((await request.json()) as Schemas['AutomatedReportRequest']);
        return HttpResponse.json({ ...monthly, id: 9, emailAddresses: [], recipientsListId: 3, recipientsListName: 'Office' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/automatedReports/create');
    const form = await screen.findByRole('form', { name: 'New automated report' });
    await user.type(within(form).getByLabelText(/^Name/), 'To the office');
    await user.selectOptions(within(form).getByLabelText(/^Report/), 'Orders per institution');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter at least one e-mail address or choose a recipients list.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    const list = within(form).getByRole('combobox', { name: /^Recipients list/ });
    await within(list).findByRole('option', { name: 'Office' });
    await user.selectOptions(list, 'Office');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ emailAddresses: [], recipientsListId: 3 });
  });

  it('shows who may not read the lists the list a report is sent to, and keeps it on save', async () => {
    signInAs(['ROLE_MANAGE_REPORTS']);
    serve();
    const listed = { ...monthly, recipientsListId: 3, recipientsListName: 'Office' };
    const puts: Schemas['AutomatedReportRequest'][] = [];
    let listsAsked = false;
    server.use(
      http.get(apiUrl('automatedReports/5'), () => HttpResponse.json(listed)),
      http.get(apiUrl('recipients'), () => {
        listsAsked = true;
        return HttpResponse.json(page([]));
      }),
      http.put(apiUrl('automatedReports/5'), async ({ request }) => {
        puts.push((await request.json()) as Schemas['AutomatedReportRequest']);
        return HttpResponse.json(listed);
      }),
    );
    const { user } = renderApp('/automatedReports/5/edit');
    const form = await screen.findByRole('form', { name: 'Edit automated report' });
    expect(await within(form).findByText('Also sent to the recipients list “Office”.')).toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: /^Recipients list/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ recipientsListId: 3 });
    expect(listsAsked).toBe(false);
  });
});
