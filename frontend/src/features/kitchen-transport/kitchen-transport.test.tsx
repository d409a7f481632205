import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

const route = (released: boolean): Schemas['TransportRoute'] => ({
  routeNumberId: 7,
  number: 'R1',
  description: '',
  driverId: 3,
  driverName: 'Jan Kierowca',
  releaseId: released ? 1 : null,
  releasedForTransport: released,
  releasedForTransportAt: released ? '2026-12-06T09:30:00Z' : null,
  releasedForTransportBy: released ? 'Anna Nowak' : null,
  note: '',
  portions: 5,
  stops: [
    { position: 0, institutionId: 11, institutionName: 'SP 12', address: 'Polna 1, 00-001 Warszawa', portions: 3, mealTypes: [{ id: 2, name: 'Lunch', portions: 3 }] },
    { position: 1, institutionId: 12, institutionName: 'PM 5', address: '', portions: 2, mealTypes: [{ id: 2, name: 'Lunch', portions: 2 }] },
  ],
});

function serve(abilities = ['kitchen.prepare', 'kitchen.transport']) {
  let released = false;
  const marks: { path: string; body: unknown }[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_COOK'], { abilities }))),
    http.get(apiUrl('kitchens/options'), () => HttpResponse.json(page([{ value: 4, text: 'Central kitchen' }]))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([]))),
    http.get(apiUrl('meals/mealsToPrepare'), () =>
      HttpResponse.json({ dateFrom: '2026-12-07', dateTo: '2026-12-07', portions: 0, mealTypes: [], ingredients: [] }),
    ),
    http.get(apiUrl('kitchensMealsReleases/transport'), () =>
      HttpResponse.json({ kitchenId: 4, date: '2026-12-07', mealTypes: [], routes: [route(released)] }),
    ),
    http.post(apiUrl('kitchensMealsReleases/:mark'), async ({ request, params }) => {
      marks.push({ path: String(params.mark), body: await request.json() });
      released = params.mark === 'markAsReleasedForTransport';
      return HttpResponse.json({ status: true });
    }),
  );
  return marks;
}

describe('transport panel on meals to prepare', () => {
  it('given a cook and a kitchen, then its routes with driver and stops in order; released, then undone after a confirmation', async () => {
    signIn();
    const marks = serve();
    const { user } = renderApp('/mealsToPrepare?date=2026-12-07&kitchenId=4');

    const card = await screen.findByRole('article', { name: 'Route R1' });
    expect(within(card).getByText('Driver: Jan Kierowca')).toBeInTheDocument();
    const stops = within(card).getByRole('table', { name: 'Stops of route R1' });
    expect(within(stops).getAllByRole('row').map((row) => row.textContent)).toEqual([
      '#InstitutionMealsTotal',
      '1SP 12Polna 1, 00-001 WarszawaLunch: 33',
      '2PM 5Lunch: 22',
    ]);
    expect(within(card).getByText('Not released')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Mark released for transport' }));
    expect(await within(card).findByText(/Released for transport .* \(Anna Nowak\)/)).toBeInTheDocument();
    expect(marks).toEqual([{ path: 'markAsReleasedForTransport', body: { kitchenId: 4, date: '2026-12-07', routeNumberId: 7 } }]);

    await user.click(within(card).getByRole('button', { name: 'Undo release' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(marks).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Undo release' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Undo release' }));
    await waitFor(() => expect(marks.at(-1)?.path).toBe('markAsNotReleasedForTransport'));
    expect(await within(card).findByText('Not released')).toBeInTheDocument();
  });

  it('given no kitchen chosen, then the panel asks for one', async () => {
    signIn();
    serve();
    renderApp('/mealsToPrepare?date=2026-12-07');
    expect(await screen.findByText('Choose a kitchen to see its routes.')).toBeInTheDocument();
  });

  it('given an institutions admin (no transport ability), then no panel', async () => {
    signIn();
    serve(['kitchen.prepare']);
    renderApp('/mealsToPrepare?date=2026-12-07&kitchenId=4');
    expect(await screen.findByText(/No meals to prepare/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Transport' })).not.toBeInTheDocument();
  });
});
