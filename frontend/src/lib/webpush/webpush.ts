import { api, apiHeaders, expectOk, requestUrl } from '@/api/client';
import { currentLocale, translateServerMessage } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage';

/** The spec's `webpush` calls (api-calls.tsv): POST registers, PUT updates options, DELETE forgets, PING checks. */
export const WEBPUSH_PATH = 'webpush';
/** Served at the site root of every tenant host (frontend/public), so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/serviceworker.js';
export const PUSH_UNSUPPORTED_MESSAGE = 'This browser does not support push notifications.';
export const NO_SUBSCRIBE_URL_MESSAGE = 'Webpush client error: subscribeUrl has not been provided.';

export class PushUnsupportedError extends Error {}

/** Notifications at all (the spec's condition for the prompt). */
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** What subscribing needs on top: a service worker and the Push API. */
export function pushSupported(): boolean {
  return notificationsSupported() && 'serviceWorker' in navigator && 'PushManager' in window;
}

export function notificationPermission(): NotificationPermission {
  return notificationsSupported() ? Notification.permission : 'denied';
}

export function promptHidden(): boolean {
  return window.localStorage.getItem(storageKeys.webpushPromptHidden) === '1';
}

export function hidePrompt(): void {
  window.localStorage.setItem(storageKeys.webpushPromptHidden, '1');
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = window.atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const getWebPushPublicKey = async (): Promise<string> =>
  expectOk(await api.get<{ publicKey: string }>(WEBPUSH_PATH)).publicKey;

/**
 * One of the spec's webpush calls: JSON, credentials included, the bearer when signed in; the answer is not read
 * (a failed registration is tried again at the next visit).
 */
export async function webpushCall(
  method: 'POST' | 'PUT' | 'DELETE' | 'PING',
  body?: unknown,
  subscribeUrl: string = requestUrl(WEBPUSH_PATH),
): Promise<void> {
  if (!subscribeUrl) {
    console.error(translateServerMessage(NO_SUBSCRIBE_URL_MESSAGE));
    throw new PushUnsupportedError(NO_SUBSCRIBE_URL_MESSAGE);
  }
  const headers = apiHeaders();
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  await fetch(subscribeUrl, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Registers this browser for the signed-in person: the service worker, the browser's push subscription (made with
 * the server's public key when there is none yet), then POST webpush with it. Needs the permission granted.
 */
export async function registerPushSubscription(subscribeUrl: string = requestUrl(WEBPUSH_PATH)): Promise<void> {
  if (!subscribeUrl) {
    console.error(translateServerMessage(NO_SUBSCRIBE_URL_MESSAGE));
    throw new PushUnsupportedError(NO_SUBSCRIBE_URL_MESSAGE);
  }
  if (!pushSupported()) throw new PushUnsupportedError(PUSH_UNSUPPORTED_MESSAGE);
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const publicKey = await getWebPushPublicKey();
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  }
  await webpushCall('POST', { subscription: subscription.toJSON(), options: { locale: currentLocale() } }, subscribeUrl);
}

/**
 * At sign-out: this browser stops getting the person's pushes. The browser's subscription is dropped and the server
 * told to forget its endpoint (DELETE webpush, no session needed: the endpoint is the browser's own secret).
 * Fire and forget; nothing to do where push is unsupported or never registered.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (!pushSupported() || typeof navigator.serviceWorker.getRegistration !== 'function') return;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await webpushCall('DELETE', { subscription: { endpoint } });
}
