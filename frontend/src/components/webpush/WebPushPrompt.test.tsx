import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const PROMPT = 'Get push notifications in this browser?';
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', auth: 'tBHItJI5svbpez7KI4CCXg' },
};

interface Browser {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  push?: boolean;
  subscribed?: boolean;
}

/** A browser's Notification, service worker and Push API, as far as the prompt uses them. */
function givenBrowser({ permission = 'default', answer = 'granted', push = true, subscribed = false }: Browser = {}) {
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const register = vi.fn(async () => ({
    pushManager: { getSubscription: async () => (subscribed ? { toJSON: () => SUBSCRIPTION } : null), subscribe },
  }));
  if (push) {
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  }
  return { notification, register, subscribe };
}

function givenServer(roles: Role[] = ['ROLE_PARENT']) {
  const registered: unknown[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles))),
    http.get(apiUrl('notifications/unread'), () =>
      HttpResponse.json({ status: true, readAt: null, unreadNotifications: 0, hasUnreadMessages: false, notifications: [] }),
    ),
    http.get(apiUrl('webpush'), () => HttpResponse.json({ publicKey: PUBLIC_KEY })),
    http.post(apiUrl('webpush'), async ({ request }) => {
      registered.push({ body: await request.json(), auth: request.headers.get('Authorization') });
      return HttpResponse.json({ status: true });
    }),
  );
  return { registered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('web push prompt', () => {
  it('given a browser with notifications, when a parent hides the prompt, then it stays hidden after navigating and on the next visit', async () => {
    signIn();
    givenBrowser();
    const { registered } = givenServer();
    const first = renderApp('/home');

    expect(await screen.findByText(PROMPT)).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Hide' }));

    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    await first.router.navigate('/profile');
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    first.unmount();
    renderApp('/home');
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    expect(registered).toEqual([]);
  });

  it('given the prompt, when the parent turns notifications on and allows them, then the browser subscribes with the server key and registers', async () => {
    signIn();
    const browser = givenBrowser();
    const { registered } = givenServer();
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));

    await waitFor(() => expect(registered).toHaveLength(1));
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(browser.register).toHaveBeenCalledWith('/serviceworker.js');
    const [options] = browser.subscribe.mock.calls[0] as unknown as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(registered[0]).toEqual({
      body: { subscription: SUBSCRIPTION, options: { locale: 'en' } },
      auth: expect.stringMatching(/^Bearer /) as unknown,
    });
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('given permission already granted, then no prompt and the existing subscription is registered', async () => {
    signIn();
    const browser = givenBrowser({ permission: 'granted', subscribed: true });
    const { registered } = givenServer();
    renderApp('/home');

    await waitFor(() => expect(registered).toHaveLength(1));
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('given the parent blocks notifications when asked, then the prompt says so and nothing is registered', async () => {
    signIn();
    givenBrowser({ answer: 'denied' });
    const { registered } = givenServer();
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));

    expect(await screen.findByText("Notifications are blocked for this site in the browser's settings.")).toBeInTheDocument();
    expect(registered).toEqual([]);
  });

  it('given a browser with notifications but no push, when turning them on, then the spec error shows and the prompt goes', async () => {
    signIn();
    givenBrowser({ push: false });
    givenServer();
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));

    expect(await screen.findByText('This browser does not support push notifications.')).toBeInTheDocument();
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('given a browser without notifications, then no prompt', async () => {
    signIn();
    givenServer();
    renderApp('/home');

    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('given a cook, then no prompt (cooks get no notifications)', async () => {
    signIn();
    givenBrowser();
    givenServer(['ROLE_COOK']);
    renderApp('/terminal');

    await screen.findByRole('button', { name: makeUser(['ROLE_COOK']).fullName });
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('in Polish', async () => {
    signIn();
    givenBrowser();
    givenServer();
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT'], { locale: 'pl' }))));
    renderApp('/home');

    expect(await screen.findByRole('button', { name: 'Włącz powiadomienia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ukryj' })).toBeInTheDocument();
  });
});

describe('signing out', () => {
  it('drops the browser subscription and tells the server to forget its endpoint', async () => {
    signIn();
    givenBrowser({ permission: 'granted', subscribed: true });
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint: SUBSCRIPTION.endpoint, unsubscribe, toJSON: () => SUBSCRIPTION };
    const getRegistration = vi.fn(async () => ({ pushManager: { getSubscription: async () => subscription } }));
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { register: async () => ({ pushManager: { getSubscription: async () => subscription } }), getRegistration },
      configurable: true,
    });
    const forgotten: unknown[] = [];
    givenServer();
    server.use(
      http.post(apiUrl('auth/logout'), () => HttpResponse.json({ status: true })),
      http.delete(apiUrl('webpush'), async ({ request }) => {
        forgotten.push({ body: await request.json(), auth: request.headers.get('Authorization') });
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: makeUser(['ROLE_PARENT']).fullName }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(forgotten).toHaveLength(1));
    expect(forgotten[0]).toEqual({ body: { subscription: { endpoint: SUBSCRIPTION.endpoint } }, auth: null });
    expect(unsubscribe).toHaveBeenCalled();
    expect(getRegistration).toHaveBeenCalledWith('/serviceworker.js');
  });
});
