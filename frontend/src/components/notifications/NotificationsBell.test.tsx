import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

type Notification = components['schemas']['Notification'];

function makeNotification(overrides: Partial<Notification>): Notification {
  return {
    id: 1,
    kind: 'ticket.answered',
    title: 'New answer to your help ticket',
    text: 'Tomasz Pomocny answered “Cold soup”.',
    params: {},
    link: '/tickets?ticket=4',
    createdAt: '2026-11-27T10:00:00+01:00',
    readAt: null,
    ...overrides,
  };
}

function given(roles: Role[], locale: 'en' | 'pl' = 'en') {
  const polls: URL[] = [];
  const reads: unknown[] = [];
  let unread = 2;
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { locale }))),
    http.get(apiUrl('notifications/unread'), ({ request }) => {
      polls.push(new URL(request.url));
      return HttpResponse.json({
        status: true,
        readAt: null,
        unreadNotifications: unread,
        hasUnreadMessages: false,
        notifications: [
          makeNotification({ id: 2, title: 'Your help ticket was closed', readAt: unread ? null : '2026-11-27T11:00:00+01:00' }),
          makeNotification({ readAt: unread ? null : '2026-11-27T11:00:00+01:00' }),
        ],
      });
    }),
    http.post(apiUrl('notifications/read'), async ({ request }) => {
      reads.push(await request.json());
      unread = 0;
      return HttpResponse.json({ status: true });
    }),
  );
  return { polls, reads };
}

describe('notifications bell', () => {
  it('given two unread notifications, when a parent opens the bell, then the count and the latest show, each linking to its ticket', async () => {
    signIn();
    const { polls } = given(['ROLE_PARENT']);
    const { user } = renderApp('/home');

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);

    const closed = await screen.findByRole('link', { name: /Your help ticket was closed/ });
    const answered = screen.getByRole('link', { name: /New answer to your help ticket/ });
    expect(closed.compareDocumentPosition(answered) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(answered).toHaveTextContent('Tomasz Pomocny answered “Cold soup”.');
    expect(answered).toHaveAttribute('href', '/tickets?ticket=4');
    expect(polls[0]?.searchParams.get('perPage')).toBe('5');
  });

  it('given unread notifications, when marking all as read, then the server is told and the count goes', async () => {
    signIn();
    const { reads } = given(['ROLE_TICKET_ADMIN']);
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    await screen.findByRole('button', { name: 'Notifications' });
    expect(reads).toEqual([{}]);
  });

  it('given a Polish parent, when the bell shows, then it reads Polish', async () => {
    signIn();
    given(['ROLE_PARENT'], 'pl');
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Powiadomienia, 2 nieprzeczytane' }));

    expect(await screen.findByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).toBeInTheDocument();
  });

  it('given a cook, when signed in, then there is no bell and nothing is polled', async () => {
    signIn();
    const { polls } = given(['ROLE_COOK']);
    renderApp('/home');

    await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Anna Nowak/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(polls).toEqual([]);
  });
});
