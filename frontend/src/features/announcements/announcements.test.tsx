import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Announcement } from './api/announcements';

function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 5,
    title: 'New menu',
    text: '<p>From <strong>Monday</strong> a new menu.</p>',
    validFrom: '2026-11-27',
    validTo: null,
    everyone: false,
    institutionIds: [2],
    classroomIds: [],
    roles: [],
    recipientsListId: null,
    recipientsListName: null,
    attachments: [{ id: 8, name: 'menu.pdf', kind: 'pdf', size: 1200 }],
    createdBy: { id: 1, fullName: 'Ada Admin' },
    publishedAt: '2026-11-27T09:00:00+01:00',
    updatedAt: '2026-11-27T09:00:00+01:00',
    ...overrides,
  };
}

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function given(roles: Role[], abilities: string[] = [], locale: 'en' | 'pl' = 'en') {
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities, locale }))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 2, text: 'SP 1' }]))),
    http.get(apiUrl('classrooms/options'), () => HttpResponse.json(page([{ value: 3, text: '1A' }]))),
  );
}

describe('unseen announcements', () => {
  it('given an unseen announcement, when a parent navigates, then it shows once and marking it read closes it for good', async () => {
    signIn();
    given(['ROLE_PARENT']);
    let unseen = [makeAnnouncement()];
    let unseenAsked = 0;
    let marked = 0;
    server.use(
      http.get(apiUrl('announcements/unseen'), () => {
        unseenAsked += 1;
        return HttpResponse.json({ items: unseen, total: unseen.length, page: 1, perPage: 50 });
      }),
      http.post(apiUrl('announcements/markAllAsSeen'), async ({ request }) => {
        expect(await request.json()).toEqual({ ids: [5] });
        marked += 1;
        unseen = [];
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = renderApp('/helpTickets/create');

    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    expect(within(dialog).getByRole('heading', { name: 'New menu' })).toBeInTheDocument();
    expect(within(dialog).getByText('Monday').tagName).toBe('STRONG');
    expect(within(dialog).getByRole('button', { name: 'menu.pdf' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as read' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marked).toBe(1);
    const before = unseenAsked;
    await router.navigate('/announcements');
    await waitFor(() => expect(unseenAsked).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a text with a script and handlers, when shown, then only the allowed formatting is rendered', async () => {
    signIn();
    given(['ROLE_PARENT']);
    const text = '<p onclick="x()">Hi <img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a></p><script>alert(1)</script>';
    server.use(http.get(apiUrl('announcements/unseen'), () => HttpResponse.json({ ...page([makeAnnouncement({ text })]), perPage: 50 })));
    renderApp('/helpTickets/create');

    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    const body = within(dialog).getByText(/Hi/).closest('div') as HTMLElement;
    expect(body.innerHTML).toBe('<p>Hi <a rel="noopener noreferrer">bad</a></p>');
  });

  it('given a Polish parent, when two announcements are unseen, then the dialog reads Polish', async () => {
    signIn();
    given(['ROLE_PARENT'], [], 'pl');
    server.use(
      http.get(apiUrl('announcements/unseen'), () =>
        HttpResponse.json({ ...page([makeAnnouncement(), makeAnnouncement({ id: 6, title: 'Trip' })]), perPage: 50 }),
      ),
    );
    renderApp('/helpTickets/create');

    const dialog = await screen.findByRole('dialog', { name: 'Nowe ogłoszenia (2)' });
    expect(within(dialog).getByRole('button', { name: 'Oznacz jako przeczytane' })).toBeInTheDocument();
  });
});

describe('announcements list and form', () => {
  it('given a parent, when the list opens, then the announcements read without any way to change them', async () => {
    signIn();
    given(['ROLE_PARENT']);
    server.use(http.get(apiUrl('announcements'), () => HttpResponse.json(page([makeAnnouncement()]))));
    renderApp('/announcements');

    const table = await screen.findByRole('table', { name: 'Announcements' });
    expect(await within(table).findByRole('heading', { name: 'New menu' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'menu.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New announcement' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('given an administrator, when deleting after confirming, then the announcement is deleted', async () => {
    signIn();
    given(['ROLE_ADMIN'], ['announcements.manage']);
    let deleted = 0;
    server.use(
      http.get(apiUrl('announcements'), () => HttpResponse.json(page([makeAnnouncement()]))),
      http.delete(apiUrl('announcements/5'), () => ((deleted += 1), HttpResponse.json({ status: true }))),
    );
    const { user } = renderApp('/announcements');

    const table = await screen.findByRole('table', { name: 'Announcements' });
    expect(await within(table).findByText('1 institution')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Remove.*New menu/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete the announcement “New menu” with its files?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(deleted).toBe(1));
  });

  it('given an administrator, when publishing to everyone with bold text, then the form is sent as multipart', async () => {
    signIn();
    given(['ROLE_ADMIN'], ['announcements.manage']);
    const sent: FormData[] = [];
    server.use(
      http.get(apiUrl('recipients'), () => HttpResponse.json(page([]))),
      http.post(apiUrl('announcements'), async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
      http.get(apiUrl('announcements'), () => HttpResponse.json(page([]))),
    );
    const { user, router } = renderApp('/announcements/create');

    const form = await screen.findByRole('form', { name: 'New announcement' });
    await user.type(within(form).getByLabelText(/Title/), 'Closed on Friday');
    const text = within(form).getByRole('textbox', { name: /Text/ });
    await user.type(text, 'No meals');
    await user.click(within(form).getByRole('button', { name: 'Bold' }));
    expect(within(form).getByRole('region', { name: 'Preview' })).toHaveTextContent('No meals');
    await user.type(within(form).getByLabelText('Shown until'), '2099-12-31');
    await user.upload(within(form).getByLabelText('Add files'), new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    const [body] = sent;
    expect(body?.get('title')).toBe('Closed on Friday');
    expect(body?.get('text')).toBe('No meals<strong></strong>');
    expect(body?.get('everyone')).toBe('true');
    expect(body?.get('validTo')).toBe('2099-12-31');
    expect(body?.getAll('attachments')).toHaveLength(1);
    expect(body?.getAll('institutionIds')).toEqual([]);
  });

  it('given an empty form, when publishing, then the fields say what is missing and nothing is sent', async () => {
    signIn();
    given(['ROLE_ADMIN'], ['announcements.manage']);
    let posted = false;
    server.use(
      http.get(apiUrl('recipients'), () => HttpResponse.json(page([]))),
      http.post(apiUrl('announcements'), () => ((posted = true), HttpResponse.json({ id: 1 }, { status: 201 }))),
    );
    const { user } = renderApp('/announcements/create');

    const form = await screen.findByRole('form', { name: 'New announcement' });
    await user.click(within(form).getByRole('radio', { name: 'Institutions, classrooms or roles' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));

    expect(await within(form).findAllByText('This field is required.')).toHaveLength(2);
    expect(within(form).getByText('Choose institutions, classrooms or roles.')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('given an announcement with a file, when the administrator edits it, then the file is deleted after confirming and the change is sent', async () => {
    signIn();
    given(['ROLE_ADMIN'], ['announcements.manage']);
    let current = makeAnnouncement();
    const deleted: string[] = [];
    const sent: FormData[] = [];
    server.use(
      http.get(apiUrl('recipients'), () => HttpResponse.json(page([{ id: 4, name: 'Accounting' }]))),
      http.get(apiUrl('announcements/5'), () => HttpResponse.json(current)),
      http.delete(apiUrl('announcements/5/attachments/8/delete'), ({ request }) => {
        deleted.push(new URL(request.url).pathname);
        current = { ...current, attachments: [] };
        return HttpResponse.json({ status: true });
      }),
      http.post(apiUrl('announcements/5'), async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json(current);
      }),
      http.get(apiUrl('announcements'), () => HttpResponse.json(page([current]))),
    );
    const { user, router } = renderApp('/announcements/5/edit');

    const form = await screen.findByRole('form', { name: 'Edit announcement' });
    expect(within(form).getByLabelText(/Title/)).toHaveValue('New menu');
    await user.click(within(form).getByRole('button', { name: 'Remove menu.pdf' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(form).queryByText('menu.pdf')).not.toBeInTheDocument());
    await user.click(within(form).getByRole('radio', { name: 'A saved recipients list' }));
    await user.selectOptions(await within(form).findByLabelText(/Recipients list/), 'Accounting');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    expect(deleted).toEqual(['/api/frontend/announcements/5/attachments/8/delete']);
    expect(sent[0]?.get('recipientsListId')).toBe('4');
    expect(sent[0]?.getAll('institutionIds')).toEqual([]);
  });
});
