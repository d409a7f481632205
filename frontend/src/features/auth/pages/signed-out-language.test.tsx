import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import i18n, { initialLocale } from '@/lib/i18n';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('the language of signed-out pages', () => {
  it('given a locale cookie, when a visit starts, then it starts in the cookie’s language', () => {
    document.cookie = 'locale=en; path=/';
    expect(initialLocale()).toBe('en');
    document.cookie = 'locale=pl; path=/';
    expect(initialLocale()).toBe('pl');
  });

  it('given no or an unknown locale cookie, when a visit starts, then it starts in Polish', () => {
    expect(initialLocale()).toBe('pl');
    document.cookie = 'locale=de; path=/';
    expect(initialLocale()).toBe('pl');
  });

  it('given the landing page in English, when the visitor picks Polski, then the page and the cookie switch to Polish', async () => {
    const { user } = renderApp('/auth/login');
    const switcher = screen.getByRole('group', { name: 'Language' });
    expect(within(switcher).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();

    await user.click(within(switcher).getByRole('button', { name: 'Polski' }));

    expect(await screen.findByRole('heading', { name: 'Witamy' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Język' })).getByRole('button', { name: 'Polski' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.cookie).toContain('locale=pl');
    expect(document.documentElement.lang).toBe('pl');
    expect(i18n.language).toBe('pl');
    // The sign-in site may be on another host, where this cookie is not sent: the link carries the choice.
    expect(screen.getByRole('button', { name: 'Zaloguj się' }).getAttribute('href')).toMatch(/&lang=pl$/);
  });

  it('given the registration page in Polish, when the visitor picks English, then it switches to English and remembers it', async () => {
    await i18n.changeLanguage('pl');
    // The form's options do not matter here: the switch is above the page whatever the page shows.
    server.use(http.get(apiUrl('auth/register/childOptions'), () => HttpResponse.json({ message: 'Unavailable.' }, { status: 503 })));
    const { user } = renderApp('/auth/register');
    const switcher = await screen.findByRole('group', { name: 'Język' });

    await user.click(within(switcher).getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(document.cookie).toContain('locale=en');
    expect(document.documentElement.lang).toBe('en');
  });
});
