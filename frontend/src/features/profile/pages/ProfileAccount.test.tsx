import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { makeJwt, makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

describe('ProfilePage account endpoints', () => {
  it('password change stores the fresh token the server always returns, and later requests use it', async () => {
    const oldToken = signIn(makeJwt(3600));
    const freshToken = makeJwt(7200);
    expect(freshToken).not.toBe(oldToken);
    const sent: unknown[] = [];
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT']))),
      http.put(apiUrl('common/account/password'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: true, token: freshToken } satisfies Schemas['ChangePasswordResult']);
      }),
      http.put(apiUrl('common/account/calendarSettings'), async ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return HttpResponse.json(await request.json());
      }),
    );
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-secret');
    await user.type(within(form).getByLabelText('New password'), 'new-secret-1');
    await user.type(within(form).getByLabelText('Repeat new password'), 'new-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password has been changed.')).toBeInTheDocument();
    expect(sent).toEqual([{ currentPassword: 'old-secret', password: 'new-secret-1', passwordConfirmation: 'new-secret-1' }]);
    expect(sessionStore.getToken()).toBe(freshToken);

    const calendar = screen.getByRole('form', { name: 'Calendar' });
    await user.click(within(calendar).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes have been saved.')).toBeInTheDocument();
    expect(authorizations).toEqual([`Bearer ${freshToken}`]);
  });

  it('invoice details: blanks are sent as "" and dotted server error keys land on their inputs', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT']))),
      http.get(apiUrl('common/settings/invoicesConfigForUsers'), () =>
        HttpResponse.json({ enableInvoicesForUsers: true, requireInvoiceConfigForUsers: false }),
      ),
      http.put(apiUrl('common/account/invoicesSettings'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: 'The given data was invalid.', errors: { 'address.postCode': ['Ensure this field has no more than 10 characters.'] } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Invoice details' });
    await user.click(within(form).getByLabelText('I want to receive invoices'));
    await user.type(within(form).getByLabelText('Company name'), ' Acme ');
    await user.type(within(form).getByLabelText('Street'), 'Polna 1');
    await user.type(within(form).getByLabelText('Post code'), '00-950');
    await user.type(within(form).getByLabelText('City'), 'Warszawa');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const postCode = within(form).getByLabelText('Post code');
    expect(await within(form).findByText('Ensure this field has no more than 10 characters.')).toBeInTheDocument();
    expect(postCode).toHaveClass('is-invalid');
    expect(sent).toEqual([
      {
        invoicesEnabled: true,
        companyName: 'Acme',
        vatId: '',
        address: { street: 'Polna 1', city: 'Warszawa', postCode: '00-950' },
      },
    ]);
  });

  it('a blank second phone number is sent as "" (the server takes no null)', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_PARENT']))),
      http.put(apiUrl('common/account/phoneNumbers'), async ({ request }) => {
        const body = (await request.json()) as Schemas['PhoneNumbersRequest'];
        sent.push(body);
        return HttpResponse.json(body satisfies Schemas['PhoneNumbers']);
      }),
    );
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Phone numbers' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes have been saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ phoneNumber: '123456789', phoneNumber2: '' }]);
  });
});
