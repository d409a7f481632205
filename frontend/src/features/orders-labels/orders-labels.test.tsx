import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 9999 });

const LAYOUTS: Schemas['LabelLayout'][] = [
  { code: '3x8', columns: 3, rows: 8, perSheet: 24, width: 70, height: 37, top: 0.5, left: 0, sheets: 'Avery Zweckform 3474 (70 x 37 mm)' },
  { code: '3x7', columns: 3, rows: 7, perSheet: 21, width: 70, height: 42.3, top: 0.45, left: 0, sheets: 'Avery Zweckform 3652 (70 x 42.3 mm)' },
];

const portion = (itemId: number, mealType: string, dishes: string[], clash: string[] = []) => ({
  itemId,
  orderId: itemId,
  date: '2026-12-07',
  mealType,
  dishes,
  diet: 'Standard',
  portionSize: 'Normal',
  clash,
});

const ANSWER: Schemas['ReceiversForLabels'] = {
  items: [
    {
      subjectType: 'child',
      id: 1,
      firstName: 'Jan',
      lastName: 'Nowak',
      institution: 'SP 12',
      classroom: '1A',
      allergens: ['Gluten', 'Milk'],
      allergiesNote: 'Plant milk only',
      portions: [portion(11, 'Soup', ['Żurek'], ['Gluten']), portion(12, 'Lunch', [])],
    },
    {
      subjectType: 'institution_worker',
      id: 2,
      firstName: 'Halina',
      lastName: 'Wójcik',
      institution: 'SP 12',
      classroom: null,
      allergens: [],
      allergiesNote: '',
      portions: [portion(13, 'Lunch', ['Dumplings'])],
    },
  ],
  total: 2,
  page: 1,
  perPage: 50,
  labels: 23,
};

function serve(answer: Schemas['ReceiversForLabels'] = ANSWER) {
  const queries: string[] = [];
  const prints: unknown[] = [];
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN'], { abilities: ['kitchen.labels'] }))),
    http.get(apiUrl('kitchens/options'), () => HttpResponse.json(page([{ value: 4, text: 'Central kitchen' }]))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'SP 12' }]))),
    http.get(apiUrl('mealTypes/options'), () => HttpResponse.json(page([{ value: 2, text: 'Lunch' }]))),
    http.get(apiUrl('orders/labels/layouts'), () => HttpResponse.json(LAYOUTS)),
    http.get(apiUrl('orders/getUsersForLabels'), ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(answer);
    }),
    http.post(apiUrl('orders/printLabels'), async ({ request }) => {
      prints.push(await request.json());
      return new HttpResponse('%PDF-1.3', {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="labels-2026-12-07.pdf"' },
      });
    }),
  );
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() });
  return { queries, prints };
}

describe('orders labels', () => {
  it('given an admin, then tomorrow by default: the receivers in label order with allergens, portions and the sheets needed', async () => {
    signIn();
    const { queries } = serve();
    renderApp('/ordersLabels');

    const table = await screen.findByRole('table', { name: 'Receivers of labels' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ReceiverInstitutionClassroomAllergensPortions (one label each)',
      'Nowak JanSP 121AGluten, MilkPlant milk onlySoup · Żurek · Standard · Normal · WARNING — CONTAINS: GlutenLunch · no dish in the menu · Standard · Normal',
      'Wójcik HalinaSP 12WorkerLunch · Dumplings · Standard · Normal',
    ]);
    expect(within(table).getByText('Gluten, Milk').tagName).toBe('STRONG');
    // 23 labels on the default 3 × 7 sheet: two sheets.
    expect(screen.getByRole('status')).toHaveTextContent('23 labels for 2 receivers, 2 sheets.');
    expect(queries).toEqual([`?date=${addDays(todayIso(), 1)}&page=1&perPage=50`]);
  });

  it('given a sheet and a starting position chosen, then the sheets are counted again and the PDF asked for with them', async () => {
    signIn();
    const { prints } = serve();
    const { user } = renderApp('/ordersLabels?date=2026-12-07&institutionsIds=1');
    await screen.findByRole('table', { name: 'Receivers of labels' });

    await user.selectOptions(screen.getByLabelText('Label sheet'), '3x8');
    const start = screen.getByLabelText('Start at label no.');
    await user.clear(start);
    await user.type(start, '5');
    expect(screen.getByText('row 2, column 2 of the first sheet')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('23 labels for 2 receivers, 2 sheets.');

    await user.click(screen.getByRole('button', { name: 'Print labels (PDF)' }));
    await waitFor(() =>
      expect(prints).toEqual([{ date: '2026-12-07', institutionsIds: [1], layout: '3x8', skip: 4 }]),
    );
  });

  it('given no portions on the day, then it says so and printing is off', async () => {
    signIn();
    serve({ ...ANSWER, items: [], total: 0, labels: 0 });
    renderApp('/ordersLabels?date=2026-12-07');

    expect(await screen.findByText('No portions to label on 07/12/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print labels (PDF)' })).toBeDisabled();
  });
});
