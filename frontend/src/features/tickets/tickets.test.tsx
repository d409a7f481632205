import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Ticket, TicketDetails } from './api/tickets';

const CATEGORIES = ['meals_quality', 'service_quality', 'meals_availability', 'lunch_card', 'technical_support', 'payments_and_settlements', 'other'];

function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 4,
    category: 'meals_quality',
    subject: 'Cold soup',
    state: 'open',
    author: { id: 11, fullName: 'Anna Nowak' },
    institution: { id: 2, name: 'SP 1' },
    createdAt: '2026-11-27T09:00:00+01:00',
    closedAt: null,
    answersCount: 0,
    ...overrides,
  };
}

function makeDetails(overrides: Partial<TicketDetails> = {}): TicketDetails {
  return {
    id: 4,
    category: 'meals_quality',
    subject: 'Cold soup',
    text: 'The soup was cold on Friday.',
    state: 'open',
    author: { id: 11, fullName: 'Anna Nowak' },
    institution: { id: 2, name: 'SP 1' },
    createdAt: '2026-11-27T09:00:00+01:00',
    closedAt: null,
    closedBy: null,
    messages: [],
    attachments: [],
    canClose: true,
    ...overrides,
  };
}

function given(roles: Role[], abilities: string[] = [], locale: 'en' | 'pl' = 'en') {
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities, locale }))),
    http.get(apiUrl('tickets/categories'), () => HttpResponse.json({ categories: CATEGORIES })),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json({ items: [{ value: 2, text: 'SP 1' }], total: 1, page: 1, perPage: 9999 })),
  );
}

describe('help tickets', () => {
  it('given a cook, when sending the help form, then the ticket is created with the chosen category', async () => {
    signIn();
    given(['ROLE_COOK']);
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('helpTickets'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/helpTickets/create');

    const form = await screen.findByRole('form', { name: 'Help request' });
    await user.selectOptions(within(form).getByLabelText(/Category/), 'Payments and settlements');
    await user.type(within(form).getByLabelText(/Subject/), 'Wrong charge');
    await user.type(within(form).getByLabelText(/Description/), 'Charged twice on Monday.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Your ticket was sent.')).toBeInTheDocument();
    expect(sent).toEqual([{ category: 'payments_and_settlements', subject: 'Wrong charge', text: 'Charged twice on Monday.' }]);
  });

  it('given an empty form, when sending, then each required field says so and nothing is sent', async () => {
    signIn();
    given(['ROLE_PARENT']);
    let posted = false;
    server.use(http.post(apiUrl('helpTickets'), () => ((posted = true), HttpResponse.json({ id: 1 }, { status: 201 }))));
    const { user } = renderApp('/helpTickets/create');

    const form = await screen.findByRole('form', { name: 'Help request' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await within(form).findAllByText('This field is required.')).toHaveLength(3);
    expect(posted).toBe(false);
  });

  it('given a Polish user, when the form opens, then categories read Polish', async () => {
    signIn();
    given(['ROLE_INSTITUTION_WORKER'], [], 'pl');
    renderApp('/helpTickets/create');

    expect(await screen.findByRole('option', { name: 'Płatności i rozliczenia' })).toBeInTheDocument();
  });

  it('given a ticket admin, when filtering the queue, then the filters are sent and the institution filter is offered', async () => {
    signIn();
    given(['ROLE_TICKET_ADMIN'], ['tickets.manage']);
    const asked: URL[] = [];
    server.use(
      http.get(apiUrl('tickets'), ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ items: [makeTicket()], total: 1, page: 1, perPage: 20 });
      }),
    );
    const { user } = renderApp('/tickets');

    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(await within(table).findByRole('button', { name: 'Cold soup' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Meals qualityAnna NowakSP 1Open0/);
    await user.selectOptions(screen.getByLabelText('State'), 'Closed');
    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 1');

    await waitFor(() => {
      const last = asked.at(-1);
      expect([last?.searchParams.get('state'), last?.searchParams.get('institutionId')]).toEqual(['closed', '2']);
    });
  });

  it('given a parent, when the queue opens, then no institution filter', async () => {
    signIn();
    given(['ROLE_PARENT']);
    server.use(http.get(apiUrl('tickets'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })));
    renderApp('/tickets');

    await screen.findByRole('table', { name: 'Tickets' });
    expect(screen.getByLabelText('State')).toBeInTheDocument();
    expect(screen.queryByLabelText('Institution')).not.toBeInTheDocument();
  });

  it('given an open ticket, when the admin answers and closes it after confirming, then both reach the server', async () => {
    signIn();
    given(['ROLE_TICKET_ADMIN'], ['tickets.manage']);
    const answers: unknown[] = [];
    let closed = 0;
    let details = makeDetails();
    server.use(
      http.get(apiUrl('tickets'), () => HttpResponse.json({ items: [makeTicket()], total: 1, page: 1, perPage: 20 })),
      http.get(apiUrl('tickets/4'), () => HttpResponse.json(details)),
      http.post(apiUrl('tickets/4/answers'), async ({ request }) => {
        answers.push(await request.json());
        details = {
          ...details,
          messages: [{ id: 1, author: { id: 3, fullName: 'Tomasz Pomocny' }, text: 'We will check.', createdAt: '2026-11-27T10:00:00+01:00' }],
        };
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
      http.post(apiUrl('tickets/4/close'), () => {
        closed += 1;
        details = { ...details, state: 'closed', closedBy: { id: 3, fullName: 'Tomasz Pomocny' }, closedAt: '2026-11-27T10:05:00+01:00' };
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/tickets?ticket=4');

    const ticket = await screen.findByRole('region', { name: 'Ticket: Cold soup' });
    expect(within(ticket).getByText('The soup was cold on Friday.')).toBeInTheDocument();
    await user.type(within(ticket).getByLabelText('Your answer'), 'We will check.');
    await user.click(within(ticket).getByRole('button', { name: 'Send answer' }));
    expect(await within(ticket).findByText('We will check.', { selector: 'p' })).toBeInTheDocument();

    await user.click(within(ticket).getByRole('button', { name: 'Close ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the ticket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close ticket' }));

    expect(await within(ticket).findByText(/Closed by Tomasz Pomocny/)).toBeInTheDocument();
    expect(answers).toEqual([{ text: 'We will check.' }]);
    expect(closed).toBe(1);
  });

  it('given the confirmation, when cancelled, then the ticket is not closed', async () => {
    signIn();
    given(['ROLE_PARENT']);
    let closed = 0;
    server.use(
      http.get(apiUrl('tickets'), () => HttpResponse.json({ items: [makeTicket()], total: 1, page: 1, perPage: 20 })),
      http.get(apiUrl('tickets/4'), () => HttpResponse.json(makeDetails())),
      http.post(apiUrl('tickets/4/close'), () => ((closed += 1), HttpResponse.json({ status: true }))),
    );
    const { user } = renderApp('/tickets?ticket=4');

    const ticket = await screen.findByRole('region', { name: 'Ticket: Cold soup' });
    await user.click(within(ticket).getByRole('button', { name: 'Close ticket' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closed).toBe(0);
  });

  it('given a photo, when sending the help form with it, then the ticket goes as multipart with the file', async () => {
    signIn();
    given(['ROLE_PARENT']);
    const sent: FormData[] = [];
    server.use(
      http.post(apiUrl('helpTickets'), async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
      http.get(apiUrl('tickets'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })),
    );
    const { user } = renderApp('/helpTickets/create');

    const form = await screen.findByRole('form', { name: 'Help request' });
    await user.selectOptions(within(form).getByLabelText(/Category/), 'Meals quality');
    await user.type(within(form).getByLabelText(/Subject/), 'Cold soup');
    await user.type(within(form).getByLabelText(/Description/), 'Photo attached.');
    await user.upload(within(form).getByLabelText('Attachments'), new File(['%PDF-1.4'], 'photo.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!;
    expect([body.get('category'), body.get('subject'), body.get('text')]).toEqual(['meals_quality', 'Cold soup', 'Photo attached.']);
    // jsdom's FormData round trip drops the file's name: its type tells it is the PDF chosen.
    expect(body.getAll('attachments').map((file) => (file as File).type)).toEqual(['application/pdf']);
  });

  it('given a ticket with a file, when its conversation opens, then the file is offered by name', async () => {
    signIn();
    given(['ROLE_PARENT']);
    server.use(
      http.get(apiUrl('tickets'), () => HttpResponse.json({ items: [makeTicket()], total: 1, page: 1, perPage: 20 })),
      http.get(apiUrl('tickets/4'), () => HttpResponse.json(makeDetails({ attachments: [{ id: 8, name: 'photo.pdf', kind: 'pdf', size: 8 }] }))),
    );
    renderApp('/tickets?ticket=4');

    const ticket = await screen.findByRole('region', { name: 'Ticket: Cold soup' });
    const files = within(ticket).getByRole('list', { name: 'Attachments' });
    expect(within(files).getByRole('button', { name: 'photo.pdf' })).toBeInTheDocument();
  });
});
