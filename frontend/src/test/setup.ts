import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { clearToasts } from '@/components/toasts/toast-store';
import i18n from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import { server } from './server';

// Every findBy*/waitFor waits up to 10 s, not Testing Library's 1 s: on a loaded machine the first render of a
// lazily loaded page (its chunk transformed on demand) or a month of day buttons takes seconds. A lookup that
// never succeeds still fails with its own message, well before vite.config.ts's testTimeout.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no layout, so it does not implement scrolling.
  Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
});
beforeEach(async () => {
  // Assertions use the spec's English sentences.
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearToasts();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  sessionStore.resetForTests();
});
afterAll(() => server.close());
