import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

function serve(roles: Role[], abilities: string[]) {
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities: ['profile.edit', ...abilities] }))),
    http.put(apiUrl('common/account/bankAccountNumber'), async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return HttpResponse.json(body);
    }),
  );
  return sent;
}

describe('profile: the refund bank account', () => {
  it('given a parent, when saving an account, then it is checked and sent without spaces', async () => {
    signIn();
    const sent = serve(['ROLE_PARENT'], ['profile.refund_account']);
    const { user } = renderApp('/profile');

    const form = await screen.findByRole('form', { name: 'Refund bank account' });
    const field = within(form).getByLabelText('Bank account number');
    await user.type(field, '60 1020 1026 0000 0422 7020 1112');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a valid 26-digit bank account number.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, '60 1020 1026 0000 0422 7020 1111');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ bankAccountNumber: '60102010260000042270201111' }]));
  });

  it('given an institution worker, then there is no refund account to keep', async () => {
    signIn();
    serve(['ROLE_INSTITUTION_WORKER'], []);
    renderApp('/profile');

    await screen.findByRole('form', { name: 'Phone numbers' });
    expect(screen.queryByRole('form', { name: 'Refund bank account' })).not.toBeInTheDocument();
  });
});
