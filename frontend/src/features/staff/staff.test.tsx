import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const person = (overrides: Partial<Schemas['InstitutionsAdmin']>): Schemas['InstitutionsAdmin'] => ({
  id: 1,
  emailAddress: 'jan@example.test',
  firstName: 'Jan',
  lastName: 'Kowalski',
  fullName: 'Jan Kowalski',
  phoneNumber: '601202303',
  isActive: true,
  status: 'active',
  archivedAt: null,
  createdAt: '2026-11-01T10:00:00+01:00',
  ...overrides,
});

describe('staff accounts (one implementation for every kind)', () => {
  it('lists cooks with status and filters by status through the URL', async () => {
    signIn();
    const lists: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('cooks'), ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([person({}), person({ id: 2, fullName: 'Ewa Lis', lastName: 'Lis', firstName: 'Ewa', isActive: false, status: 'archived' })]));
      }),
    );
    const { user, router } = renderApp('/cooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cooks' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Cooks' });
    expect(await within(table).findByRole('cell', { name: 'Kowalski' })).toBeInTheDocument();
    expect(within(table).getByText('Archived')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Archived');
    await waitFor(() => expect(lists.at(-1)?.get('status')).toBe('archived'));
    expect(router.state.location.search).toBe('?status=archived');
  });

  it('creates an institutions admin with permissions and institutions', async () => {
    signIn();
    const bodies: Schemas['InstitutionsAdminRequest'][] = [];
    server.use(
      http.get(apiUrl('institutionsAdmins'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('institutions/options'), () =>
        HttpResponse.json(page([{ value: 7, text: 'SP 7', shortName: 'SP7', slug: 'sp-7', districtId: null, active: true }])),
      ),
      http.post(apiUrl('institutionsAdmins'), async ({ request }) => {
        const body = (await request.json()) as Schemas['InstitutionsAdminRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { emailAddress: ['This e-mail address is already used.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...person({}), ...body, id: 5 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/institutionsAdmins');
    await user.click(await screen.findByRole('button', { name: 'Add institutions administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'New institutions administrator' });
    await user.type(within(dialog).getByLabelText(/^E-mail address/), 'dyr@example.test');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Anna');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Dyrektor');
    await user.type(within(dialog).getByLabelText(/^Phone/), '601 202 303');
    await user.click(within(dialog).getByRole('checkbox', { name: 'View parents' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Edit children' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^E-mail address/)).toHaveAccessibleDescription(/already used/));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({
      emailAddress: 'dyr@example.test',
      firstName: 'Anna',
      lastName: 'Dyrektor',
      phoneNumber: '601202303',
      isActive: true,
      permissions: ['parents_view', 'children_edit'],
      institutionsIds: [],
    });
  });

  it('deactivates after asking, and shows the refusal for the last administrator', async () => {
    signIn();
    const calls: string[] = [];
    server.use(
      http.get(apiUrl('administrators'), () => HttpResponse.json(page([person({})]))),
      http.post(apiUrl('administrators/:id/deactivate'), ({ params }) => {
        calls.push(String(params.id));
        return HttpResponse.json(
          {
            message: 'You cannot deactivate or delete your own account.',
            errors: { id: ['You cannot deactivate or delete your own account.'] },
          },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/administrators');
    await user.click(await screen.findByRole('button', { name: 'More actions for Jan Kowalski' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls).toEqual(['1']));
    expect(await screen.findAllByText(/own account/)).not.toHaveLength(0);
  });

  it('sets a password through the modal and shows the server rule', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(apiUrl('ticketAdmins'), () => HttpResponse.json(page([person({})]))),
      http.put(apiUrl('ticketAdmins/:id/password'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: 'The given data was invalid.', errors: { password: ['This password is too short.'] } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/ticketAdmins');
    await user.click(await screen.findByRole('button', { name: 'More actions for Jan Kowalski' }));
    await user.click(await screen.findByRole('button', { name: 'Set password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the password of Jan Kowalski' });
    await user.type(within(dialog).getByLabelText('New password'), 'abc');
    await user.type(within(dialog).getByLabelText('Repeat the password'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This password is too short.')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'abc', passwordConfirmation: 'abc' }]);
  });
});
