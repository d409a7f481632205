import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { signIn, renderApp } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

describe('ordered meals', () => {
  it('counts live meals per day, meal type and diet for the chosen period', async () => {
    signIn();
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['orders.view'] }))));
    const searches: unknown[] = [];
    server.use(
      http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'SP 12' }]))),
      http.post(apiUrl('orders/countGroupedByDates/search'), async ({ request }) => {
        searches.push(await request.json());
        return HttpResponse.json([
          {
            date: '2026-12-07',
            count: 3,
            mealTypes: [
              { id: 2, name: 'Lunch', count: 3, diets: [{ id: 1, name: 'Standard', count: 2 }, { id: 4, name: 'Vegan', count: 1 }] },
            ],
          },
        ] satisfies Schemas['OrderDateCount'][]);
      }),
    );
    const { user } = renderApp('/orderedMeals?dateFrom=2026-12-07&dateTo=2026-12-11');

    const table = await screen.findByRole('table', { name: 'Ordered meals' });
    expect(within(table).getAllByRole('row').map((tableRow) => tableRow.textContent)).toEqual([
      'DateMeal typeDietMeals',
      '07/12/2026LunchStandard2',
      '07/12/2026LunchVegan1',
      'Total for the day 07/12/20263',
      'Total: 3',
    ]);
    expect(searches[0]).toEqual({ dateFrom: '2026-12-07', dateTo: '2026-12-11', search: '' });

    await user.selectOptions(await screen.findByLabelText('Institution'), 'SP 12');
    await waitFor(() => expect(searches.at(-1)).toEqual({ dateFrom: '2026-12-07', dateTo: '2026-12-11', search: '', institutionId: 1 }));
  });

  it('given the end date before the start date, when the page opens, then it says so and asks nothing', async () => {
    signIn();
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['orders.view'] }))));
    const searches: unknown[] = [];
    server.use(
      http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'SP 12' }]))),
      http.post(apiUrl('orders/countGroupedByDates/search'), async ({ request }) => {
        searches.push(await request.json());
        return HttpResponse.json([]);
      }),
    );
    renderApp('/orderedMeals?dateFrom=2026-12-11&dateTo=2026-12-07');
    expect(await screen.findByText('The end date cannot be earlier than the start date.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(searches).toEqual([]);
  });

  it('given the counts fail to load, then the error is shown with a retry instead of the empty state', async () => {
    signIn();
    server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['orders.view'] }))));
    server.use(
      http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'SP 12' }]))),
      http.post(apiUrl('orders/countGroupedByDates/search'), () => HttpResponse.json({ message: 'The counts are unavailable.', errors: {} }, { status: 400 })),
    );
    renderApp('/orderedMeals?dateFrom=2026-12-07&dateTo=2026-12-11');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('The counts are unavailable.');
    expect(screen.queryByText('There are no records matching your request')).not.toBeInTheDocument();
  });
});
