import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

const ANSWER: Schemas['MealsToPrepare'] = {
  dateFrom: '2026-12-07',
  dateTo: '2026-12-07',
  portions: 3,
  mealTypes: [
    {
      id: 2,
      name: 'Lunch',
      portions: 3,
      dishes: [
        {
          id: 10,
          name: 'Dumplings',
          portions: 2,
          diets: [{ id: 1, name: 'Standard', portions: 2, portionSizes: [{ id: 5, name: 'Small', portions: 1 }, { id: 4, name: 'Normal', portions: 1 }] }],
        },
        { id: null, name: null, portions: 1, diets: [{ id: 3, name: 'Vegan', portions: 1, portionSizes: [{ id: 4, name: 'Normal', portions: 1 }] }] },
      ],
    },
  ],
  ingredients: [{ id: 7, name: 'Flour', unit: 'g', quantity: '1250.50' }],
  allergenClashes: [],
};

const CLASH: Schemas['AllergenClash'] = {
  itemId: 31,
  date: '2026-12-07',
  childId: 8,
  workerId: null,
  firstName: 'Ola',
  lastName: 'Nowak',
  institution: { id: 1, name: 'SP 12' },
  classroom: { id: 3, name: '2B' },
  mealType: { id: 2, name: 'Lunch' },
  diet: { id: 1, name: 'Standard' },
  dishes: ['Dumplings'],
  allergens: ['Gluten', 'Milk'],
};

function serve(answer: Schemas['MealsToPrepare'] = ANSWER) {
  const queries: string[] = [];
  const files: string[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_COOK'], { abilities: ['kitchen.prepare'] }))),
    http.get(apiUrl('kitchens/options'), () => HttpResponse.json(page([{ value: 4, text: 'Central kitchen' }]))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'SP 12' }]))),
    http.get(apiUrl('meals/mealsToPrepare'), ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(answer);
    }),
    http.get(apiUrl('meals/mealsToPrepare/pdf'), ({ request }) => {
      files.push(new URL(request.url).search);
      return new HttpResponse('%PDF-1.3', {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="meals-to-prepare-2026-12-07.pdf"' },
      });
    }),
  );
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:meals'), revokeObjectURL: vi.fn() });
  return { queries, files };
}

describe('meals to prepare', () => {
  it('given a cook, then tomorrow by default, portions grouped by meal type, dish, diet and portion size, and the ingredients', async () => {
    signIn();
    const { queries } = serve();
    renderApp('/mealsToPrepare');

    const table = await screen.findByRole('table', { name: 'Portions to prepare' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Meal typeDishDietPortion sizePortions',
      'Lunch3',
      'Dumplings2',
      'StandardSmall1',
      'StandardNormal1',
      'No dish in the menu1',
      'VeganNormal1',
      'Total3',
    ]);
    const ingredients = screen.getByRole('table', { name: 'Ingredients' });
    expect(within(ingredients).getAllByRole('row').map((row) => row.textContent)).toEqual(['IngredientQuantityUnit', 'Flour1,250.50g']);
    expect(queries).toEqual([`?date=${addDays(todayIso(), 1)}`]);
  });

  it('given a kitchen and an institution chosen, then both are asked for, and the PDF with the same query', async () => {
    signIn();
    const { queries, files } = serve();
    const { user } = renderApp('/mealsToPrepare?date=2026-12-07');
    await screen.findByRole('table', { name: 'Portions to prepare' });

    await user.selectOptions(await screen.findByLabelText('Kitchen'), 'Central kitchen');
    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 12');
    await waitFor(() => expect(queries.at(-1)).toBe('?date=2026-12-07&kitchenId=4&institutionsIds=1'));

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(files).toEqual(['?date=2026-12-07&kitchenId=4&institutionsIds=1']));
  });

  it('given clashes, then a warning table of who gets which allergen above the counts', async () => {
    signIn();
    const worker = { ...CLASH, itemId: 32, childId: null, workerId: 5, firstName: 'Halina', lastName: 'Wójcik', classroom: null, allergens: ['Gluten'] };
    serve({ ...ANSWER, allergenClashes: [CLASH, worker] });
    renderApp('/mealsToPrepare?date=2026-12-07');

    const clashes = await screen.findByRole('table', { name: 'Allergens in the dishes' });
    expect(screen.getByRole('heading', { level: 2, name: 'Warning: allergens in the dishes' })).toBeInTheDocument();
    expect(within(clashes).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameInstitutionClassroomMeal typeDishAllergens',
      'Ola NowakSP 122BLunchDumplingsGluten, Milk',
      'Halina WójcikSP 12WorkerLunchDumplingsGluten',
    ]);
    const tables = screen.getAllByRole('table').map((table) => table.getAttribute('aria-label'));
    expect(tables).toEqual(['Allergens in the dishes', 'Portions to prepare', 'Ingredients']);
  });

  it('given no clashes, then no warning', async () => {
    signIn();
    serve();
    renderApp('/mealsToPrepare?date=2026-12-07');

    await screen.findByRole('table', { name: 'Portions to prepare' });
    expect(screen.queryByRole('table', { name: 'Allergens in the dishes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Warning: allergens in the dishes')).not.toBeInTheDocument();
  });

  it('given no orders on the day, then it says so instead of the tables', async () => {
    signIn();
    serve({ ...ANSWER, portions: 0, mealTypes: [], ingredients: [] });
    renderApp('/mealsToPrepare?date=2026-12-07');

    expect(await screen.findByText('No meals to prepare on 07/12/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
