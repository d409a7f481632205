import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const file: Schemas['MealsMenuFile'] = {
  id: 4,
  institutionId: 1,
  institutionName: 'Primary School 12',
  month: '2026-11',
  name: 'November (PDF)',
  originalName: 'listopad.pdf',
  kind: 'pdf',
  size: 204800,
  createdAt: '2026-10-20T10:00:00+02:00',
  updatedAt: '2026-10-20T10:00:00+02:00',
};

function setUp() {
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['menu.edit'] }))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'Primary School 12' }]))),
    http.get(apiUrl('mealsMenusFiles/:id'), () => HttpResponse.json(file)),
  );
  signIn();
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('mealsMenusFiles'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json(page([file]));
    }),
  );
  return lists;
}

describe('menu files', () => {
  it('lists files with institution, month and size, and filters by month through the URL', async () => {
    const lists = setUp();
    const { user, router } = renderApp('/mealsMenusFiles');
    const table = await screen.findByRole('table', { name: 'Menu files' });
    expect(await within(table).findByRole('cell', { name: 'November (PDF)' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'November 2026' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'PDF, 200 kB' })).toBeInTheDocument();

    const month = screen.getByLabelText('Month');
    await user.type(month, '2026-12');
    await waitFor(() => expect(lists.at(-1)?.get('month')).toBe('2026-12'));
    expect(router.state.location.search).toContain('month=2026-12');
  });

  it('uploads a file as multipart and shows the server refusal on the file input', async () => {
    setUp();
    const sent: FormData[] = [];
    server.use(
      http.post(apiUrl('mealsMenusFiles'), async ({ request }) => {
        const body = await request.formData();
        sent.push(body);
        if (sent.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { file: ['Unsupported file type: allowed pdf, jpg, png.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...file, id: 9 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/mealsMenusFiles/create');
    const form = await screen.findByRole('form', { name: 'New menu file' });
    await within(form).findByRole('option', { name: 'Primary School 12' });
    await user.selectOptions(within(form).getByLabelText(/Institution/), 'Primary School 12');
    await user.type(within(form).getByLabelText(/^Name/), 'December');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose a file.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.upload(within(form).getByLabelText(/^File/), new File(['%PDF-1.4'], 'grudzień.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Unsupported file type: allowed pdf, jpg, png.')).toBeInTheDocument();
    expect(sent[0]?.get('institutionId')).toBe('1');
    expect(sent[0]?.get('name')).toBe('December');
    expect(sent[0]?.get('file')).toMatchObject({ size: 9, type: 'application/pdf' });

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mealsMenusFiles'));
  });

  it('edits without a new file and keeps the current one', async () => {
    setUp();
    let sent: FormData | null = null;
    server.use(
      http.put(apiUrl('mealsMenusFiles/4'), async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json(file);
      }),
    );
    const { user } = renderApp('/mealsMenusFiles/4/edit');
    const form = await screen.findByRole('form', { name: 'Edit menu file' });
    expect(await within(form).findByText('Current file: listopad.pdf. Choose a file only to replace it.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.get('month')).toBe('2026-11');
    expect(sent!.has('file')).toBe(false);
  });

  it('asks before removing a file', async () => {
    setUp();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('mealsMenusFiles/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/mealsMenusFiles');
    await user.click(await screen.findByRole('button', { name: 'Remove November (PDF)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['4']));
  });
});
