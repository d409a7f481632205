import { useQuery } from '@tanstack/react-query';
import { screen, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, expectOk } from '@/api/client';
import { createQueryClient } from '@/api/query-client';
import { AppProviders } from '@/app/providers';
import { optionalId, requiredText, SelectField, TextField } from '@/components/form';
import type { SelectOption } from '@/components/multi-select-label';
import { createCrudResource } from '@/lib/crud';
import { apiUrl, server } from '@/test/server';
import { defineEntityForm, EntityFormPage, parseRouteId } from './index';

/** A made-up entity with the usual shape: a required choice from one option list, an optional one from another. */
interface Room {
  id: number;
  siteId: number;
  name: string;
  wingId: number | null;
}
type RoomRequest = Omit<Room, 'id'>;
interface RoomValues {
  siteId: number | null;
  name: string;
  wingId: number | null;
}

const rooms = createCrudResource<Room, RoomRequest>({ key: 'rooms', path: 'rooms' });
const useOptionList = (path: string) =>
  useQuery({ queryKey: [path], queryFn: async () => expectOk(await api.get<SelectOption[]>(path)) });

function RoomFields() {
  const sites = useOptionList('sites/options');
  const wings = useOptionList('wings/options');
  return (
    <>
      <SelectField<RoomValues> name="siteId" label="Site" options={sites.data ?? []} required emptyText="Choose a site" />
      <TextField<RoomValues> name="name" label="Name" required />
      <SelectField<RoomValues> name="wingId" label="Wing" options={wings.data ?? []} emptyText="No wing" />
    </>
  );
}

const EMPTY_ROOM: RoomValues = { siteId: null, name: '', wingId: null };
const roomForm = defineEntityForm({
  resource: rooms,
  schema: (t) => z.object({ siteId: z.number({ error: t('common:validation.required') }), name: requiredText(t, 50), wingId: optionalId() }),
  empty: EMPTY_ROOM,
  toValues: ({ siteId, name, wingId }: Room): RoomValues => ({ siteId, name, wingId }),
  toCreate: (values: RoomRequest): RoomRequest => values,
  Fields: RoomFields,
});

/** Like a feature's form page: `?siteId=` presets the site of a new room. */
function RoomFormPage({ id = null }: { id?: number | null }) {
  const preset = parseRouteId(useSearchParams()[0].get('siteId') ?? undefined);
  const form = preset === null ? roomForm : { ...roomForm, empty: { ...EMPTY_ROOM, siteId: preset } };
  return <EntityFormPage form={form} id={id} title="Room" backTo="/rooms" />;
}

function renderRoomForm(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/rooms/create', element: <RoomFormPage /> },
      { path: '/rooms/:id/edit', element: <RoomFormPage id={1} /> },
      { path: '/rooms', element: <p>Rooms list</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, user };
}

/** A response the test lets go when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const SITES: SelectOption[] = [
  { value: 1, text: 'North school' },
  { value: 2, text: 'South school' },
];
const WINGS: SelectOption[] = [{ value: 9, text: 'East wing' }];

function serveRooms({ sites = Promise.resolve(), wings = Promise.resolve() }: { sites?: Promise<void>; wings?: Promise<void> } = {}) {
  const created: unknown[] = [];
  const updated: unknown[] = [];
  server.use(
    http.get(apiUrl('sites/options'), async () => {
      await sites;
      return HttpResponse.json(SITES);
    }),
    http.get(apiUrl('wings/options'), async () => {
      await wings;
      return HttpResponse.json(WINGS);
    }),
    http.post(apiUrl('rooms'), async ({ request }) => {
      const body = (await request.json()) as RoomRequest;
      created.push(body);
      return HttpResponse.json({ id: 5, ...body }, { status: 201 });
    }),
    http.put(apiUrl('rooms/:id'), async ({ request }) => {
      const body = (await request.json()) as RoomRequest;
      updated.push(body);
      return HttpResponse.json({ id: 1, ...body });
    }),
  );
  return { created, updated };
}

describe('entity form page', () => {
  it('keeps a choice made as soon as its option arrives, while another option list of the form is still loading', async () => {
    const sites = deferred<void>();
    const wings = deferred<void>();
    const { created } = serveRooms({ sites: sites.promise, wings: wings.promise });
    const { user, router } = renderRoomForm('/rooms/create');
    const form = await screen.findByRole('form', { name: 'Room' });
    const site = within(form).getByRole('combobox', { name: /^Site/ });
    expect(within(site).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a site']);

    sites.resolve();
    await user.selectOptions(site, await within(site).findByRole('option', { name: 'South school' }));
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Lab');
    wings.resolve();
    await within(form).findByRole('option', { name: 'East wing' });
    expect(site).toHaveValue('2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(created).toEqual([{ siteId: 2, name: 'Lab', wingId: null }]);
  });

  it('fills a preset that arrives after the form showed into the fields the user has not changed', async () => {
    // The list's filter changed while the form's page was still loading: the URL gets `?siteId=` only after the
    // form has mounted.
    const { created } = serveRooms();
    const { user, router } = renderRoomForm('/rooms/create');
    const form = await screen.findByRole('form', { name: 'Room' });
    await within(form).findByRole('option', { name: 'South school' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Lab');

    await router.navigate('/rooms/create?siteId=2');

    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Site/ })).toHaveValue('2'));
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Lab');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(created).toEqual([{ siteId: 2, name: 'Lab', wingId: null }]);
  });

  it('never overwrites a choice the user made with a preset that arrives later', async () => {
    const { created } = serveRooms();
    const { user, router } = renderRoomForm('/rooms/create');
    const form = await screen.findByRole('form', { name: 'Room' });
    await user.selectOptions(await within(form).findByRole('combobox', { name: /^Site/ }), 'North school');
    await within(form).findByRole('option', { name: 'North school', selected: true });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Lab');

    await router.navigate('/rooms/create?siteId=2');
    await waitFor(() => expect(router.state.location.search).toBe('?siteId=2'));

    expect(within(form).getByRole('combobox', { name: /^Site/ })).toHaveValue('1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(created).toEqual([{ siteId: 1, name: 'Lab', wingId: null }]);
  });

  it('shows the entity refetched while editing in the fields the user has not changed, and keeps the changed ones', async () => {
    let stored: Room = { id: 1, siteId: 1, name: 'Lab', wingId: null };
    const { updated } = serveRooms();
    server.use(http.get(apiUrl('rooms/1'), () => HttpResponse.json(stored)));
    const { user, router, queryClient } = renderRoomForm('/rooms/1/edit');
    const form = await screen.findByRole('form', { name: 'Room' });
    const name = await within(form).findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Lab');
    await user.clear(name);
    await user.type(name, 'Chemistry lab');

    // Someone else moved the room meanwhile; the form hears of it when the entity is fetched again.
    stored = { id: 1, siteId: 2, name: 'Physics lab', wingId: 9 };
    await queryClient.invalidateQueries({ queryKey: rooms.keys.detail(1) });

    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Site/ })).toHaveValue('2'));
    expect(within(form).getByRole('combobox', { name: /^Wing/ })).toHaveValue('9');
    expect(name).toHaveValue('Chemistry lab');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(updated).toEqual([{ siteId: 2, name: 'Chemistry lab', wingId: 9 }]);
  });
});
