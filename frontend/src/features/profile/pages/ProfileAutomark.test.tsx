import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarMonth, LARGE, LUNCH, offer, SOUP, subject } from '@/test/calendar-fixtures';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const WORKER = subject('institution_worker', 42, 'Anna Nowak');
const stored: Schemas['SubjectSettings'] = {
  calendarSubjectSettings: {
    automarkPresences: true,
    automarkedWeekdays: { onMonday: true, onTuesday: true, onWednesday: true, onThursday: true, onFriday: true, onSaturday: false, onSunday: false },
    automarkStartDate: '2026-09-01',
    automarkEndDate: '2027-06-25',
    autoselectionInterval: 'one_month',
    autoselectedMealTypes: [],
    autoselectedPriceListsItemsIds: [],
  },
  subjectNotificationsSettings: { missingOrdersEnabled: false, missingOrdersDaysBefore: 1, missingOrdersTriggerTime: '12:00' },
};

function serveWorker() {
  const puts: Schemas['SubjectSettingsRequest'][] = [];
  const lunchLarge = offer(LUNCH, null, { priceListItemId: 211, portionSizeId: LARGE.id, portionSizeName: LARGE.name, isDefaultPortion: false });
  server.use(
    http.get(apiUrl('auth/currentUser'), () =>
      HttpResponse.json(makeUser(['ROLE_INSTITUTION_WORKER'], { id: 42, fullName: 'Anna Nowak', abilities: ['calendar.use', 'calendar.mark'] })),
    ),
    http.get(apiUrl('calendar/subjectsSettings/institution_worker/42'), () => HttpResponse.json(stored)),
    http.put(apiUrl('calendar/subjectsSettings/institution_worker/42'), async ({ request }) => {
      const body = (await request.json()) as Schemas['SubjectSettingsRequest'];
      puts.push(body);
      return HttpResponse.json({ ...stored, ...body });
    }),
    // What the worker can order: soup, and lunch in two portion sizes.
    http.get(apiUrl('calendar/days/institution_worker/42'), ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? '';
      return HttpResponse.json(
        calendarMonth(WORKER, month, { days: { '2026-11-24': { available: [offer(SOUP, null), offer(LUNCH, null), lunchLarge] } } }),
      );
    }),
    http.get(apiUrl('common/settings/fees'), () =>
      HttpResponse.json({
        id: 1,
        addManipulationFee: false,
        defaultManipulationFee: { amount: '0.00', currency: 'PLN' },
        addPaymentTransactionFee: false,
        paymentTransactionFee: '0.00',
        paymentTransactionFeeType: 'amount',
        orderChargeTime: 'on_marking',
      }),
    ),
    http.get(apiUrl('calendar/days/subjects/month'), ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? '';
      return HttpResponse.json({ subjects: [calendarMonth(WORKER, month)] });
    }),
    http.get(apiUrl('auth/currentUser/balance'), () => HttpResponse.json({ amount: '10.00', currency: 'PLN' })),
    http.get(apiUrl('orders/totalAmounts'), () => HttpResponse.json({ amount: '0.00', currency: 'PLN' })),
  );
  return puts;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe('an institution worker’s own automarking', () => {
  it('given the calendar’s automarking modal, when the worker follows their name, then their settings open on the profile', async () => {
    signIn();
    serveWorker();
    const { user, router } = renderApp('/calendar/user');
    await user.click(await screen.findByRole('button', { name: 'How automarking works?' }));
    const modal = await screen.findByRole('dialog', { name: 'How automarking works?' });
    await user.click(within(modal).getByRole('link', { name: 'Anna Nowak' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.hash).toBe('#automark');
    expect(await screen.findByRole('form', { name: 'Automatic marking and reminders' })).toBeInTheDocument();
  });

  it('given the worker’s meal types, when they choose lunch in a large portion and a reminder time, then both parts are saved (the time required)', async () => {
    signIn();
    const puts = serveWorker();
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Automatic marking and reminders' });
    await user.click(await within(form).findByRole('checkbox', { name: 'Lunch' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Portion size of Lunch' }), 'Large');
    await user.click(within(form).getByRole('switch', { name: 'Remind me when orders are missing' }));
    const time = within(form).getByLabelText(/^At \(time\)/);
    expect(time).toHaveAttribute('type', 'time');
    await user.clear(time);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(time).toHaveAccessibleDescription(expect.stringContaining('This field is required.')));
    expect(puts).toHaveLength(0);
    fireEvent.change(time, { target: { value: '07:30' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      calendarSubjectSettings: { ...stored.calendarSubjectSettings, autoselectedMealTypes: [LUNCH.id], autoselectedPriceListsItemsIds: [211] },
      subjectNotificationsSettings: { missingOrdersEnabled: true, missingOrdersDaysBefore: 1, missingOrdersTriggerTime: '07:30' },
    });
    expect(await screen.findByText('The automarking settings were saved.')).toBeInTheDocument();
  });
});
