import { expect, test } from '@playwright/test';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiToken, signedIn, uniqueSuffix } from './helpers';

// Issue 18, "Done when": a push subscription is registered and a push is delivered to a local push endpoint in the
// test. Headless Chromium reaches no real push service, so the subscription is the test's own: its keys made here
// (ECDH P-256, an auth secret), its endpoint this test's HTTP server, registered through the app's `webpush` call
// in the page. The server's job worker then encrypts (aes128gcm) and signs (VAPID) a push to it when an event
// happens; the test checks the signature and decrypts the notification.

const PARENT = { email: 'piotr.kowalski@example.pl' };
const ADMIN = 'admin@demo.kantyna.pl';
const PROMPT = 'Włączyć powiadomienia push w tej przeglądarce?';

const b64url = (bytes: Buffer) => bytes.toString('base64url');

interface Push {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

async function pushEndpoint(): Promise<{ server: Server; url: string; received: Push[] }> {
  const received: Push[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, received };
}

/** RFC 8291 (Message Encryption for Web Push), aes128gcm, one record: the browser's side. */
function decrypt(body: Buffer, browserKey: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browserKey.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID (RFC 8292) header `vapid t=<JWT>, k=<key>`: the JWT's ES256 signature checked with `k`; its claims. */
function vapidClaims(authorization: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
  expect(match).not.toBeNull();
  const [, token, key] = match as RegExpExecArray;
  const [header, claims, signature] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}

test('a signed-in parent sees the push prompt, hides it, and it stays hidden after navigating and reloading', async ({ page }) => {
  await signedIn(page, PARENT.email);
  const prompt = page.getByRole('region', { name: 'Powiadomienia push' });
  await expect(prompt).toContainText(PROMPT);
  await expect(prompt.getByRole('button', { name: 'Włącz powiadomienia' })).toBeVisible();

  await prompt.getByRole('button', { name: 'Ukryj' }).click();

  await expect(prompt).toBeHidden();
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Rozliczenia' })).toBeVisible();
  await expect(page.getByText(PROMPT)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Rozliczenia' })).toBeVisible();
  await expect(page.getByText(PROMPT)).toHaveCount(0);

  // The service worker the prompt registers is served at the tenant host's root.
  // Fetched from the page: Chromium resolves *.localhost, Node does not.
  const worker = await page.evaluate(async () => {
    const response = await fetch('/serviceworker.js');
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  });
  expect(worker.status).toBe(200);
  expect(worker.type).toContain('javascript');
  expect(worker.text).toContain("addEventListener('push'");
});

test('a subscription registered in the page receives an encrypted, signed push when the admin books a deposit for the parent', async ({ page }) => {
  const endpoint = await pushEndpoint();
  try {
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const auth = randomBytes(16);
    const subscription = {
      endpoint: `${endpoint.url}/push/${uniqueSuffix()}`,
      expirationTime: null,
      keys: { p256dh: b64url(browserKey.getPublicKey()), auth: b64url(auth) },
    };

    await page.goto('/api/health');
    const parentToken = await apiToken(page, PARENT.email);
    const registered = await page.evaluate(
      async ([bearer, body]) => {
        const response = await fetch('/api/frontend/webpush', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
          body: JSON.stringify(body),
        });
        const ping = await fetch('/api/frontend/webpush', { method: 'PING', headers: { authorization: `Bearer ${bearer}` } });
        return { status: response.status, ping: (await ping.json()) as unknown };
      },
      [parentToken, { subscription, options: { locale: 'pl' } }] as const,
    );
    expect(registered).toEqual({ status: 200, ping: { status: true, subscribed: true } });

    // The admin books a deposit for the parent (the transactions call the /transactions page makes).
    const adminToken = await apiToken(page, ADMIN);
    const booked = await page.evaluate(
      async ([admin, parent]) => {
        const me = await fetch('/api/frontend/auth/currentUser', { headers: { authorization: `Bearer ${parent}` } });
        const { id } = (await me.json()) as { id: number };
        const response = await fetch('/api/frontend/transactions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ userId: id, kind: 'deposit', amount: '12.34', description: 'Wpłata e2e (web push)' }),
        });
        return response.status;
      },
      [adminToken, parentToken] as const,
    );
    expect(booked).toBe(201);

    // The job worker delivers it: the deposit's notification, then its push.
    await expect.poll(() => endpoint.received.length, { timeout: 60_000, intervals: [500] }).toBeGreaterThan(0);
    const [push] = endpoint.received;
    expect(push.url).toBe(new URL(subscription.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const claims = vapidClaims(String(push.headers.authorization));
    expect(claims.aud).toBe(endpoint.url);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const notification = JSON.parse(decrypt(push.body, browserKey, auth)) as { title: string; body: string; url: string };
    expect(notification.title).toBe('Wpłata zaksięgowana');
    expect(notification.body).toContain('Zaksięgowano wpłatę 12.34 PLN.');
    expect(notification.url).toBe('/billing');
  } finally {
    endpoint.server.close();
  }
});
