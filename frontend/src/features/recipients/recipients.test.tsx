import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { RecipientsList } from './api/recipients';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const LIST: RecipientsList = {
  id: 3,
  name: 'Accounting',
  everyone: false,
  institutionIds: [2],
  classroomIds: [],
  roles: ['ROLE_PARENT'],
  memberIds: [],
  members: [{ id: 7, fullName: 'Ewa Kowalska' }],
  emails: ['books@example.test'],
};

function givenAdmin() {
  signIn();
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['announcements.manage'] }))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 2, text: 'SP 1' }]))),
    http.get(apiUrl('classrooms/options'), () => HttpResponse.json(page([]))),
    http.get(apiUrl('users/options'), () => HttpResponse.json(page([{ value: 7, text: 'Ewa Kowalska' }]))),
  );
}

describe('recipients lists', () => {
  it('given lists, when the page opens, then each shows who it reaches, its people and addresses', async () => {
    givenAdmin();
    server.use(http.get(apiUrl('recipients'), () => HttpResponse.json(page([LIST]))));
    renderApp('/recipients');

    const table = await screen.findByRole('table', { name: 'Recipients' });
    const row = (await within(table).findByText('Accounting')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('1 institution; Parent');
    expect(row).toHaveTextContent('Ewa Kowalska');
    expect(row).toHaveTextContent('books@example.test');
  });

  it('given a new list, when saved with addresses one a line, then they are sent as a list', async () => {
    givenAdmin();
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('recipients'), () => HttpResponse.json(page([]))),
      http.post(apiUrl('recipients'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...LIST, id: 4 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/recipients');

    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const form = await screen.findByRole('form', { name: 'New recipients list' });
    await user.type(within(form).getByLabelText(/Name/), 'Reports');
    await user.type(within(form).getByLabelText('E-mail addresses'), 'a@example.test{enter}b@example.test');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Reports', emails: ['a@example.test', 'b@example.test'], memberIds: [] });
  });

  it('given a wrong address, when saving, then it is named and nothing is sent', async () => {
    givenAdmin();
    let posted = false;
    server.use(
      http.get(apiUrl('recipients'), () => HttpResponse.json(page([]))),
      http.post(apiUrl('recipients'), () => ((posted = true), HttpResponse.json(LIST, { status: 201 }))),
    );
    const { user } = renderApp('/recipients');

    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const form = await screen.findByRole('form', { name: 'New recipients list' });
    await user.type(within(form).getByLabelText(/Name/), 'Reports');
    await user.type(within(form).getByLabelText('E-mail addresses'), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Not e-mail addresses: not-an-address.')).toBeInTheDocument();
    expect(posted).toBe(false);
  });
});
