import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Message } from './api/messages';

function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 5,
    subject: 'Parents meeting',
    text: 'On Monday at 5 pm.',
    rich: false,
    sender: { id: 2, fullName: 'Ewa Admin' },
    receiver: null,
    receiversCount: 40,
    readCount: null,
    replyToId: null,
    createdAt: '2026-11-27T09:00:00+01:00',
    readAt: null,
    closedAt: null,
    attachments: [{ id: 8, name: 'plan.pdf', kind: 'pdf', size: 1200 }],
    ...overrides,
  };
}

const page = (items: Message[]) => ({ items, total: items.length, page: 1, perPage: 20 });
const options = (items: { value: number; text: string }[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

function given(roles: Role[], abilities: string[]) {
  signIn();
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { id: 1, abilities }))));
}

describe('messages', () => {
  it('given an unread message, when a parent opens it, then it is marked read and its file is offered', async () => {
    given(['ROLE_PARENT'], ['messages.read']);
    const read: unknown[] = [];
    const folders: (string | null)[] = [];
    server.use(
      http.get(apiUrl('messages'), ({ request }) => {
        folders.push(new URL(request.url).searchParams.get('folder'));
        return HttpResponse.json(page([makeMessage()]));
      }),
      http.post(apiUrl('messages/read'), async ({ request }) => {
        read.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/messages');

    const table = await screen.findByRole('table', { name: 'Received' });
    expect(await within(table).findByText('New')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New message' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Parents meeting' }));

    const opened = await screen.findByRole('region', { name: 'Message: Parents meeting' });
    expect(within(opened).getByText('On Monday at 5 pm.')).toBeInTheDocument();
    expect(within(opened).getByRole('button', { name: 'Download plan.pdf' })).toBeInTheDocument();
    expect(within(opened).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    await waitFor(() => expect(read).toEqual([{ ids: [5] }]));
    expect(folders[0]).toBe('received');
  });

  it('given an admin, when sending to an institution, then the receivers are counted, the sending confirmed and the audience sent', async () => {
    given(['ROLE_ADMIN'], ['messages.read', 'messages.write']);
    const counted: unknown[] = [];
    const sent: FormData[] = [];
    server.use(
      http.get(apiUrl('messages'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('institutions/options'), () => HttpResponse.json(options([{ value: 3, text: 'SP 3' }]))),
      http.get(apiUrl('classrooms/options'), () => HttpResponse.json(options([]))),
      http.get(apiUrl('children-groups/options'), () => HttpResponse.json(options([]))),
      http.get(apiUrl('institutionsWorkers/groups/options'), () => HttpResponse.json(options([]))),
      http.post(apiUrl('messages/receivers'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        counted.push(body);
        const total = Array.isArray(body.institutionIds) && body.institutionIds.length > 0 ? 12 : 0;
        return HttpResponse.json({ items: [], total });
      }),
      http.post(apiUrl('messages/many'), async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ id: 9, receiversCount: 12 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/messages');

    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const form = await screen.findByRole('form', { name: 'New message' });
    await user.click(within(form).getByLabelText('To many people'));
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Choose who receives the message.')).toBeInTheDocument();

    await user.click(await within(form).findByLabelText('Institutions'));
    await user.click(await within(form).findByRole('option', { name: 'SP 3' }));
    expect(await within(form).findByText('The message will go to 12 people.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Subject'), 'Meeting');
    await user.type(within(form).getByLabelText('Message'), 'On Monday.');
    await user.upload(within(form).getByLabelText('Attachments'), new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The message will go to 12 people. Send it?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The message was sent.')).toBeInTheDocument();
    const [body] = sent;
    expect(body?.getAll('institutionIds')).toEqual(['3']);
    expect(body?.get('subject')).toBe('Meeting');
    expect(body?.getAll('attachments')).toHaveLength(1);
  });

  it('given the sent folder, when an admin opens it, then each message shows its receivers and how many read it', async () => {
    given(['ROLE_ADMIN'], ['messages.read', 'messages.write']);
    server.use(
      http.get(apiUrl('messages'), () =>
        HttpResponse.json(page([makeMessage({ sender: { id: 1, fullName: 'Anna Nowak' }, readCount: 7, receiversCount: 40 })])),
      ),
    );
    renderApp('/messages?tab=sent');

    const table = await screen.findByRole('table', { name: 'Sent' });
    expect(await within(table).findByText('40 people')).toBeInTheDocument();
    expect(within(table).getByText('7 / 40')).toBeInTheDocument();
    expect(within(table).queryByText('New')).not.toBeInTheDocument();
  });

  it('given an unread message, when the bell opens, then it links to the messages', async () => {
    given(['ROLE_PARENT'], ['messages.read']);
    server.use(
      http.get(apiUrl('notifications/unread'), () =>
        HttpResponse.json({ status: true, readAt: null, unreadNotifications: 0, hasUnreadMessages: true, notifications: [] }),
      ),
    );
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(await screen.findByRole('link', { name: 'You have unread messages' })).toHaveAttribute('href', '/messages');
  });

  it('given a received message, when a parent answers it and then closes it, then the answer goes to its sender and the message moves', async () => {
    given(['ROLE_PARENT'], ['messages.read']);
    const sent: unknown[] = [];
    const read: unknown[] = [];
    server.use(
      http.get(apiUrl('messages'), () => HttpResponse.json(page([makeMessage({ readAt: '2026-11-27T10:00:00+01:00', attachments: [] })]))),
      http.post(apiUrl('messages'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ id: 10, receiversCount: 1 }, { status: 201 });
      }),
      http.post(apiUrl('messages/read'), async ({ request }) => {
        read.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/messages?message=5');

    const opened = await screen.findByRole('region', { name: 'Message: Parents meeting' });
    await user.click(within(opened).getByRole('button', { name: 'Reply' }));
    const form = await screen.findByRole('form', { name: 'Reply to Ewa Admin' });
    expect(within(form).getByLabelText('Subject')).toHaveValue('Re: Parents meeting');
    await user.type(within(form).getByLabelText('Message'), 'We will come.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The message was sent.')).toBeInTheDocument();
    expect(sent).toEqual([{ subject: 'Re: Parents meeting', text: 'We will come.', replyToId: 5 }]);

    await user.click(within(opened).getByRole('button', { name: 'Move to closed' }));
    await waitFor(() => expect(read).toEqual([{ ids: [5], closed: true }]));
  });
});
