import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('ProfilePage phone numbers', () => {
  it('validates 7 or 9 digits, requires the first number and strips spaces before sending', async () => {
    signIn();
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT'], { phoneNumber: null }))));
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('common/account/phoneNumbers'), async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Phone numbers' });
    const first = within(form).getByLabelText('Phone number');
    const second = within(form).getByLabelText('Second phone number (optional)');
    expect(first).toHaveAttribute('maxLength', '12');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();

    await user.type(first, '12 345');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter 7 or 9 digits, e.g. 123 4567 or 123 456 789.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(first);
    await user.type(first, '123 456 789');
    await user.type(second, '123 4567');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ phoneNumber: '123456789', phoneNumber2: '1234567' }]);
  });

  it('shows server field errors next to the input', async () => {
    signIn();
    server.use(
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT']))),
      http.put(apiUrl('common/account/phoneNumbers'), () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { phoneNumber: ['This number is already used.'] } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Phone numbers' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This number is already used.')).toBeInTheDocument();
  });

  it('shows the invoice section only when invoices for users are enabled', async () => {
    signIn();
    server.use(
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT']))),
      http.get(apiUrl('common/settings/invoicesConfigForUsers'), () =>
        HttpResponse.json({ enableInvoicesForUsers: true, requireInvoiceConfigForUsers: false }),
      ),
    );
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Invoice details' });
    await user.click(within(form).getByLabelText('I want to receive invoices'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(4);
  });
});

describe('ProfilePage account removal', () => {
  it.each([
    { roles: ['ROLE_PARENT'] as const, abilities: ['account.delete', 'profile.edit'], shown: true },
    { roles: ['ROLE_ADMIN'] as const, abilities: ['profile.edit', 'settings.manage'], shown: false },
  ])('is offered to $roles only when the server grants account.delete', async ({ roles, abilities, shown }) => {
    signIn();
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser([...roles], { abilities }))));

    renderApp('/profile');
    await screen.findByRole('form', { name: 'Phone numbers' });

    expect(screen.queryByRole('heading', { name: 'Delete account' }) !== null).toBe(shown);
  });
});
