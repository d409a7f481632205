import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { AppProviders } from '@/app/providers';
import { createCrudResource } from '@/lib/crud';
import { apiUrl, server } from '@/test/server';
import { DataTable, FilterSelect, useTableState, type Column } from '.';

interface Thing {
  id: number;
  name: string;
}

const things = createCrudResource<Thing, { name: string }>({ key: 'things', path: 'things' });
const columns: Column<Thing>[] = [
  { key: 'id', header: 'No.', cell: (row) => row.id },
  { key: 'name', header: 'Name', sortKey: 'name', cell: (row) => row.name },
];

function ThingsTable() {
  const table = useTableState({ filters: ['kind'] });
  const list = things.useList(table.params);
  return (
    <DataTable
      label="Things"
      columns={columns}
      query={list}
      state={table}
      filters={
        <FilterSelect
          label="Kind"
          value={table.filters.kind ?? ''}
          options={[{ value: 'fruit', text: 'Fruit' }]}
          onChange={(value) => table.setFilter('kind', value)}
        />
      }
      bulkActions={(selected) => <button type="button">Archive {selected.length}</button>}
    />
  );
}

/** Answers `total` rows paged as asked, or none; records every request's query string. */
function serveThings(total: number, totalIsEstimate?: boolean) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('things'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const page = Number(params.get('page'));
      const perPage = Number(params.get('perPage'));
      const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
      const items = Array.from({ length: count }, (_, index) => {
        const id = (page - 1) * perPage + index + 1;
        return { id, name: `Thing ${id}` };
      });
      return HttpResponse.json({ items, total, page, perPage, totalIsEstimate });
    }),
  );
  return requests;
}

function renderTable(url = '/things') {
  const router = createMemoryRouter([{ path: '/things', element: <ThingsTable /> }], { initialEntries: [url] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

const last = (requests: URLSearchParams[]) => Object.fromEntries(requests.at(-1) ?? []);

describe('DataTable', () => {
  it('says "about" before a total the server only estimated', async () => {
    serveThings(673500, true);
    renderTable();
    expect(await screen.findByRole('cell', { name: 'Thing 1' })).toBeInTheDocument();
    expect(screen.getByText('1–20 of about 673500')).toBeInTheDocument();
  });

  it('shows the spinner, then pages on the server: page and perPage in the request and the URL', async () => {
    const requests = serveThings(45);
    const { router, user } = renderTable();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('cell', { name: 'Thing 1' })).toBeInTheDocument();
    expect(last(requests)).toEqual({ page: '1', perPage: '20' });
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'Thing 21' })).toBeInTheDocument();
    expect(last(requests)).toEqual({ page: '2', perPage: '20' });
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(last(requests)).toEqual({ page: '1', perPage: '50' }));
    expect(await screen.findByRole('cell', { name: 'Thing 45' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('sorts by a header: ascending, then descending, with aria-sort', async () => {
    const requests = serveThings(3);
    const { user } = renderTable();
    const header = await screen.findByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'No.' })).not.toHaveAttribute('aria-sort');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(last(requests).sort).toBe('name'));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() => expect(last(requests).sort).toBe('-name'));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches once typing pauses, from page 1, and tells "nothing matches" from "nothing exists"', async () => {
    const requests = serveThings(0);
    const { user, router } = renderTable('/things?page=3');
    expect(await screen.findByText('There are no records to show')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'milk');
    expect(await screen.findByText('There are no records matching your request')).toBeInTheDocument();
    // The empty state follows the URL at once; the request for it may still be on its way on a busy machine.
    await waitFor(() => expect(requests.map((params) => params.get('search')).filter(Boolean)).toEqual(['milk']));
    expect(last(requests)).toEqual({ page: '1', perPage: '20', search: 'milk' });
    expect(router.state.location.search).toBe('?search=milk');
  });

  it('restores page, page size, sort, search and filters from the URL on reload, and follows back', async () => {
    const requests = serveThings(120);
    const { router } = renderTable('/things?page=2&perPage=50&sort=-name&search=ing&kind=fruit');
    expect(await screen.findByRole('cell', { name: 'Thing 51' })).toBeInTheDocument();
    expect(last(requests)).toEqual({ page: '2', perPage: '50', sort: '-name', search: 'ing', kind: 'fruit' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ing');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('50');
    expect(screen.getByLabelText('Kind')).toHaveValue('fruit');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    await router.navigate('/things?search=x');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('x'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ing'));
    expect(screen.getByLabelText('Kind')).toHaveValue('fruit');
  });

  it('filters start again at page 1; selected rows get the bulk-action bar', async () => {
    const requests = serveThings(30);
    const { user } = renderTable('/things?page=2');
    expect(await screen.findByRole('cell', { name: 'Thing 21' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Kind'), 'fruit');
    await waitFor(() => expect(last(requests)).toEqual({ page: '1', perPage: '20', kind: 'fruit' }));

    expect(await screen.findByRole('cell', { name: 'Thing 1' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0]!);
    const bar = screen.getByRole('region', { name: 'Actions on selected rows' });
    expect(bar).toHaveTextContent('1 selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(bar).getByRole('button', { name: 'Archive 20' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Actions on selected rows' })).not.toBeInTheDocument();
  });

  it('shows a failed list with a retry', async () => {
    server.use(http.get(apiUrl('things'), () => HttpResponse.json({ message: 'Not found.', errors: {} }, { status: 404 })));
    renderTable();
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(await within(table).findByText('Not found.')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
