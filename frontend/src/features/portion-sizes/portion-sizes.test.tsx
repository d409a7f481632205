import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const normal: Schemas['PortionSize'] = { id: 1, name: 'Normal', isDefault: true };
const small: Schemas['PortionSize'] = { id: 2, name: 'Small', isDefault: false };

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function servePortionSizes(items: Schemas['PortionSize'][] = [normal, small]) {
  server.use(
    http.get(apiUrl('portionSizes'), () => HttpResponse.json(page(items))),
    http.get(apiUrl('portionSizes/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
  );
}

describe('portion sizes screen', () => {
  it('lists names sorted by name with the default marked', async () => {
    signIn();
    servePortionSizes();
    renderApp('/portionSizes');
    const table = await screen.findByRole('table', { name: 'Portion sizes' });
    expect(await within(table).findByRole('cell', { name: 'Small' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('NormalDefault'),
      expect.stringContaining('Small'),
    ]);
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    // Only a portion size that is not the default offers to become it.
    expect(screen.queryByRole('button', { name: 'Make “Normal” the default' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make “Small” the default' })).toBeInTheDocument();
  });

  it('shows the empty state when there are no portion sizes', async () => {
    signIn();
    servePortionSizes([]);
    renderApp('/portionSizes');
    expect(await screen.findByText('There are no records to show')).toBeInTheDocument();
  });

  it('marks a portion size as default and accepts the answer only when it reports the default', async () => {
    signIn();
    servePortionSizes();
    const marked: string[] = [];
    server.use(
      http.post(apiUrl('portionSizes/:id/markAsDefault'), ({ params }) => {
        marked.push(String(params.id));
        // The first answer forgets to report the default: the spec's response check refuses it.
        const isDefault = marked.length > 1;
        return HttpResponse.json({ ...small, isDefault, status: true } satisfies Schemas['PortionSizeMarkedAsDefault']);
      }),
    );
    const { user } = renderApp('/portionSizes');
    await user.click(await screen.findByRole('button', { name: 'Make “Small” the default' }));
    expect(await screen.findByText('Error occured while processing your request.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make “Small” the default' }));
    expect(await screen.findByText('“Small” is now the default portion size.')).toBeInTheDocument();
    expect(marked).toEqual(['2', '2']);
  });

  it('creates a portion size, showing the server field error first', async () => {
    signIn();
    servePortionSizes();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('portionSizes'), async ({ request }) => {
        const body = (await request.json()) as Schemas['PortionSizeRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { name: ['A portion size with this name already exists.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ id: 3, ...body }, { status: 201 });
      }),
    );
    const { user } = renderApp('/portionSizes');
    await user.click(await screen.findByRole('button', { name: 'Add portion size' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portion size' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Small');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(
        expect.stringContaining('A portion size with this name already exists.'),
      ),
    );

    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Large');
    await user.click(within(dialog).getByRole('switch', { name: 'Default' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({ name: 'Large', isDefault: true });
  });

  it('asks before deleting and shows the "in use" refusal', async () => {
    signIn();
    servePortionSizes();
    server.use(
      http.delete(apiUrl('portionSizes/:id'), () =>
        HttpResponse.json({ message: 'This record is in use and cannot be deleted.', errors: {} }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/portionSizes');
    await user.click(await screen.findByRole('button', { name: 'Remove Normal' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This record is in use and cannot be deleted.')).toBeInTheDocument();
  });
});
