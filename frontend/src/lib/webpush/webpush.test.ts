import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { keyBytes, PushUnsupportedError, registerPushSubscription, webpushCall } from './webpush';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('web push client', () => {
  it('without a subscribe URL, logs the spec error and treats push as unsupported', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(registerPushSubscription('')).rejects.toBeInstanceOf(PushUnsupportedError);
    await expect(webpushCall('PING', undefined, '')).rejects.toBeInstanceOf(PushUnsupportedError);

    expect(error).toHaveBeenCalledWith('Webpush client error: subscribeUrl has not been provided.');
  });

  it('words the spec error in Polish too', async () => {
    await i18n.changeLanguage('pl');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(registerPushSubscription('')).rejects.toBeInstanceOf(PushUnsupportedError);

    expect(error).toHaveBeenCalledWith('Błąd klienta webpush: nie podano subscribeUrl.');
  });

  it('in a browser without push, refuses with the spec text', async () => {
    await expect(registerPushSubscription()).rejects.toThrow('This browser does not support push notifications.');
  });

  it('reads the base64url public key as the 65 bytes of a P-256 point', () => {
    const bytes = keyBytes('BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
