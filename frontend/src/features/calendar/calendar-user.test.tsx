import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { formatDateTime, formatMoney as formatMoneyNbsp } from '@/lib/format';
import type { Money } from '@/lib/money';
import { subjectKey, type AbsencesRequest, type CalendarDay, type PresencesRequest, type SubjectRef } from '@/lib/calendar/types';
import { calendarMonth, item, LUNCH, manyMarked, pln, SOUP, subject } from '@/test/calendar-fixtures';

/** The text as Testing Library normalises it (the currency's no-break space becomes a space). */
const formatMoney = (money: Money) => formatMoneyNbsp(money).replace(/\s/g, ' ');

const ALA = subject('child', 5, 'Ala Nowak');
const OLEK = subject('child', 6, 'Olek Nowak');
const JANEK = subject('child', 8, 'Janek Nowak');
const CHILDREN = [ALA, OLEK, JANEK];
const FREE = { isFreeDay: true, freeDayName: 'Teachers day', available: [] };

interface Served {
  /** `subjects`: the receivers of one request, as `type/id`. */
  presences: { subjects: string[]; body: PresencesRequest }[];
  absences: { subjects: string[]; body: AbsencesRequest }[];
  defaults: { path: string; body: unknown }[];
  draftsSaved: unknown[];
  draftsDeleted: number;
  monthQueries: string[];
}

function serveCalendar({
  locale = 'en',
  roles = ['ROLE_PARENT'] as Parameters<typeof makeUser>[0],
  abilities = ['prices.see', 'calendar.use', 'calendar.mark'],
  draft = null as unknown,
  alaDays = {} as Record<string, Partial<CalendarDay>>,
  refuseOlek = false,
  orderChargeTime = 'on_marking',
  threeChildren = false,
} = {}) {
  const served: Served = { presences: [], absences: [], defaults: [], draftsSaved: [], draftsDeleted: 0, monthQueries: [] };
  let balance = pln('100.00');
  const monthOf = (type: string, id: string, month: string) => {
    const days: Record<string, Partial<CalendarDay>> = { '2026-11-26': FREE };
    if (type === 'institution_worker') {
      return calendarMonth(subject('institution_worker', 42, 'Anna Nowak'), month, { openFrom: '2026-11-24', days });
    }
    const owner = CHILDREN.find((child) => String(child.id) === id) ?? ALA;
    const extra = id === '5' ? { '2026-11-25': { items: [item(71, LUNCH, '12.50')] }, '2026-11-30': { absence: true }, ...alaDays } : {};
    return calendarMonth(owner, month, { openFrom: '2026-11-24', days: { ...days, ...extra } });
  };
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { id: 42, fullName: 'Anna Nowak', abilities, locale }))),
    http.get(apiUrl('auth/currentUser/balance'), () => HttpResponse.json(balance)),
    http.get(apiUrl('common/settings/fees'), () =>
      HttpResponse.json({
        id: 1,
        addManipulationFee: false,
        defaultManipulationFee: pln('0.00'),
        addPaymentTransactionFee: false,
        paymentTransactionFee: '0.00',
        paymentTransactionFeeType: 'amount',
        orderChargeTime,
      }),
    ),
    http.get(apiUrl('children/options'), () =>
      HttpResponse.json({
        items: [
          { value: 5, text: 'Ala Nowak', institutionId: 1, classroomId: 1, parentId: 42, isActive: true },
          { value: 6, text: 'Olek Nowak', institutionId: 1, classroomId: 2, parentId: 42, isActive: true },
          { value: 7, text: 'Zosia Nowak', institutionId: 1, classroomId: 2, parentId: 42, isActive: false },
          ...(threeChildren ? [{ value: 8, text: 'Janek Nowak', institutionId: 1, classroomId: 2, parentId: 42, isActive: true }] : []),
        ],
        total: 3,
        page: 1,
        perPage: 9999,
      }),
    ),
    // One request per month for every receiver: `subjects=child:5,child:6&month=2026-11`.
    http.get(apiUrl('calendar/days/subjects/month'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const month = query.get('month') ?? '';
      served.monthQueries.push(`${query.get('subjects') ?? ''}?${month}`);
      const refs = (query.get('subjects') ?? '').split(',').map((ref) => ref.split(':') as [string, string]);
      return HttpResponse.json({ subjects: refs.map(([type, id]) => monthOf(type, id, month)) });
    }),
    http.post(apiUrl('calendar/days/presences'), async ({ request }) => {
      const { subjects, ...body } = (await request.json()) as PresencesRequest & { subjects: SubjectRef[] };
      served.presences.push({ subjects: subjects.map(subjectKey), body });
      const refused = refuseOlek ? subjects.filter((ref) => ref.id === 6) : [];
      balance = pln('75.00');
      return HttpResponse.json(
        manyMarked({ refused: refused.map((ref) => ({ subject: ref, message: 'Insufficient funds.' })), balance, activeOrdersAmount: pln('25.00') }),
      );
    }),
    http.post(apiUrl('calendar/days/absences'), async ({ request }) => {
      const { subjects, ...body } = (await request.json()) as AbsencesRequest & { subjects: SubjectRef[] };
      served.absences.push({ subjects: subjects.map(subjectKey), body });
      balance = pln('112.50');
      return HttpResponse.json(manyMarked({ balance, activeOrdersAmount: pln('0.00') }));
    }),
    http.post(apiUrl('calendar/days/:type/:id/presences/default'), async ({ params, request }) => {
      served.defaults.push({ path: `${String(params.type)}/${String(params.id)}`, body: await request.json() });
      return HttpResponse.json({ status: true, created: [], skipped: 0, fee: pln('0.00'), balance, activeOrdersAmount: pln('0.00') });
    }),
    http.get(apiUrl('calendar/days/markedPresencesDrafts'), () =>
      HttpResponse.json(draft ? { id: 1, data: draft, updatedAt: '2026-11-22T09:00:00+01:00' } : { id: null, data: null, updatedAt: null }),
    ),
    http.post(apiUrl('calendar/days/markedPresencesDrafts'), async ({ request }) => {
      served.draftsSaved.push(((await request.json()) as { data: unknown }).data);
      return HttpResponse.json({ id: 1, data: {}, updatedAt: '2026-11-22T09:00:00+01:00' }, { status: 201 });
    }),
    http.delete(apiUrl('calendar/days/markedPresencesDrafts'), () => {
      served.draftsDeleted += 1;
      return HttpResponse.json({ status: true });
    }),
  );
  return served;
}

// By label: role queries compute every element's role and name, which is slow on a month of day buttons.
const day = (name: string) => screen.getByLabelText(name, { selector: 'button' });
const TUE = 'Tuesday, 24 November 2026';
/** Waits until the children's month is in (the suite's asyncUtilTimeout covers a slow month of day buttons). */
const monthLoaded = () => waitFor(() => expect(day(TUE)).not.toHaveAttribute('aria-disabled'));
const WED = 'Wednesday, 25 November 2026';
const MON = 'Monday, 23 November 2026';
const THU = 'Thursday, 26 November 2026';
const FRI = 'Friday, 27 November 2026';

beforeEach(() => {
  // Only the clock is fake: "today" is Sunday, 22 November 2026; timers stay real for user events and MSW.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
  window.innerWidth = 1024;
});

describe('the customer calendar (/calendar/user)', () => {
  it('shows each child’s month: ordered meals, absences, days off, closed days, prices and today', async () => {
    signIn();
    const served = serveCalendar();
    renderApp('/calendar/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Month calendar' });
    expect(grid).toBeInTheDocument();
    await monthLoaded();
    expect(within(day(WED)).getByTestId('day-child/5')).toHaveTextContent(`Lunch · ${formatMoney(pln('12.50'))}`);
    // One request for the month of both children.
    expect(served.monthQueries).toEqual(['child:5,child:6?2026-11']);

    // Screen readers hear the day's content as the button's description.
    expect(day(WED)).toHaveAccessibleDescription(expect.stringContaining('Lunch'));
    expect(day(TUE)).toHaveAttribute('title', expect.stringMatching(/^Order by /));
    expect(screen.getByRole('checkbox', { name: 'Ala Nowak' })).toBeChecked();
    // A deactivated child takes no orders.
    expect(screen.queryByRole('checkbox', { name: 'Zosia Nowak' })).not.toBeInTheDocument();
    expect(day(TUE)).toHaveTextContent(`Soup ${formatMoney(pln('4.50'))}, Lunch ${formatMoney(pln('12.50'))}`);
    expect(day(THU)).toHaveTextContent('Day offTeachers day');
    expect(day(THU)).toHaveAttribute('aria-disabled', 'true');
    expect(day(MON)).toHaveTextContent('Closed');
    expect(day(MON)).toHaveAttribute('title', 'Ordering for this day is closed.');
    expect(within(day('Monday, 30 November 2026')).getByTestId('day-child/5')).toHaveTextContent('Absent');
    expect(day('Sunday, 22 November 2026')).toHaveAttribute('aria-current', 'date');

    // Unticking a child hides them and marks for the other only.
    await (await import('@testing-library/user-event')).default.setup().click(screen.getByRole('checkbox', { name: 'Ala Nowak' }));
    await waitFor(() => expect(within(day(WED)).queryByTestId('day-child/5')).not.toBeInTheDocument());
  });

  it('orders a week for two children at once, shows the total and the balance after, and refreshes the balance', async () => {
    signIn();
    const served = serveCalendar({ refuseOlek: true });
    const { user } = renderApp('/calendar/user');
    await waitFor(() => expect(screen.getByTestId('customer-amounts')).toHaveTextContent(formatMoney(pln('100.00'))));
    await monthLoaded();

    await user.click(screen.getByRole('button', { name: 'Select week 48' }));
    expect(screen.getByText('3 days selected')).toBeInTheDocument();
    expect(day(TUE)).toHaveAttribute('aria-pressed', 'true');
    expect(day(MON)).toHaveAttribute('aria-pressed', 'false');
    expect(day(THU)).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Order meals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order meals' });
    await user.click(within(sheet).getByRole('checkbox', { name: 'Lunch' }));
    const summary = within(sheet).getByRole('table', { name: 'Summary' });
    // Ala already has lunch on Wednesday: 5 lunches, not 6.
    expect(within(summary).getByRole('row', { name: /Meals to order/ })).toHaveTextContent('5');
    expect(within(summary).getByRole('row', { name: /Total to pay/ })).toHaveTextContent(formatMoney(pln('62.50')));
    expect(within(summary).getByRole('row', { name: /Balance afterwards/ })).toHaveTextContent(formatMoney(pln('37.50')));
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Portion size of Lunch' }), 'Large');
    expect(within(summary).getByRole('row', { name: /Total to pay/ })).toHaveTextContent(formatMoney(pln('75.00')));
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Portion size of Lunch' }), 'Default portion');

    await user.click(within(sheet).getByRole('button', { name: 'Order' }));
    // One request for both: Ala's Wednesday lunch is asked again (the server skips it), so both ask the same.
    await waitFor(() => expect(served.presences).toHaveLength(1));
    const lunch = { mealTypeId: LUNCH.id };
    expect(served.presences[0]).toEqual({
      subjects: ['child/5', 'child/6'],
      body: {
        calendarDaysData: ['2026-11-24', '2026-11-25', '2026-11-27'].map((date) => ({ date, mealTypes: [lunch] })),
        idempotencyKey: expect.any(String),
      },
    });

    // The server refused Olek (listed in `refused`): his own error toast; Ala's success is reported and the
    // balance of the answer is shown at once.
    const toast = await screen.findByText('Insufficient funds.');
    expect(toast.closest('[data-toast-type="error"]')).toHaveTextContent('Olek Nowak');
    expect(screen.getByText('Meals ordered for Ala Nowak.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('customer-amounts')).toHaveTextContent(formatMoney(pln('75.00'))));
    expect(screen.getByTestId('customer-amounts-compact')).toHaveTextContent(formatMoney(pln('75.00')));
    // The selection stays for another try.
    expect(screen.getByText('3 days selected')).toBeInTheDocument();
  });

  it('asks for the month of three children in one request and orders for all three with one request', async () => {
    signIn();
    const served = serveCalendar({ threeChildren: true });
    const { user } = renderApp('/calendar/user');
    await monthLoaded();
    expect(screen.getByRole('checkbox', { name: 'Janek Nowak' })).toBeChecked();
    expect(served.monthQueries).toEqual(['child:5,child:6,child:8?2026-11']);

    await user.click(screen.getByRole('button', { name: 'Select week 48' }));
    await user.click(screen.getByRole('button', { name: 'Order meals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order meals' });
    await user.click(within(sheet).getByRole('checkbox', { name: 'Soup' }));
    expect(within(within(sheet).getByRole('table', { name: 'Summary' })).getByRole('row', { name: /Meals to order/ })).toHaveTextContent('9');
    await user.click(within(sheet).getByRole('button', { name: 'Order' }));

    expect(await screen.findByText('Meals ordered for Ala Nowak, Olek Nowak, Janek Nowak.')).toBeInTheDocument();
    expect(served.presences).toEqual([
      {
        subjects: ['child/5', 'child/6', 'child/8'],
        body: {
          calendarDaysData: ['2026-11-24', '2026-11-25', '2026-11-27'].map((date) => ({ date, mealTypes: [{ mealTypeId: 1 }] })),
          idempotencyKey: expect.any(String),
        },
      },
    ]);
    // Marking refreshes the month: again one request for the three.
    await waitFor(() => expect(served.monthQueries).toHaveLength(2));
    expect(new Set(served.monthQueries)).toEqual(new Set(['child:5,child:6,child:8?2026-11']));
    // The selection is done with.
    expect(screen.getByText('No days selected')).toBeInTheDocument();
  });

  it('cancels meals of the selected days as absences and deletes the draft', async () => {
    signIn();
    const served = serveCalendar();
    const { user } = renderApp('/calendar/user');
    await user.click(await screen.findByRole('checkbox', { name: 'Olek Nowak' }));
    await waitFor(() => expect(day(WED)).not.toHaveAttribute('aria-disabled'));
    await user.click(day(WED));
    await user.click(screen.getByRole('button', { name: 'Cancel meals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Cancel meals' });
    const summary = within(sheet).getByRole('table', { name: 'Summary' });
    expect(within(summary).getByRole('row', { name: /Refund/ })).toHaveTextContent(formatMoney(pln('12.50')));
    expect(within(summary).getByRole('row', { name: /Balance afterwards/ })).toHaveTextContent(formatMoney(pln('112.50')));
    await user.click(within(sheet).getByRole('button', { name: 'Cancel meals' }));
    await waitFor(() => expect(served.absences).toEqual([{ subjects: ['child/5'], body: { dates: ['2026-11-25'] } }]));
    expect(await screen.findByText('Meals cancelled for Ala Nowak.')).toBeInTheDocument();
    expect(screen.getByText('No days selected')).toBeInTheDocument();
    await waitFor(() => expect(served.draftsDeleted).toBeGreaterThan(0));
  });

  it('shows a served meal with its time and never cancels its day', async () => {
    signIn();
    const servedAt = '2026-11-25T12:04:00+01:00';
    const served = serveCalendar({ alaDays: { '2026-11-25': { items: [item(71, LUNCH, '12.50', { status: 'served', servedAt })] } } });
    const { user } = renderApp('/calendar/user');
    await user.click(await screen.findByRole('checkbox', { name: 'Olek Nowak' }));
    await waitFor(() => expect(day(WED)).not.toHaveAttribute('aria-disabled'));
    const time = formatDateTime(servedAt, 'en', { timeStyle: 'short' });
    // The day's button describes itself with its content: the served lunch and when it was handed out.
    expect(day(WED)).toHaveAccessibleDescription(`✓ Lunch · ${formatMoneyNbsp(pln('12.50'))} · Served ${time}`);

    await user.click(day(WED));
    await user.click(screen.getByRole('button', { name: 'Cancel meals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Cancel meals' });

    expect(within(sheet).getByText('1 day with a served meal is left out: a served meal cannot be cancelled.')).toBeInTheDocument();
    expect(within(within(sheet).getByRole('table', { name: 'Summary' })).getByRole('row', { name: /Meals to cancel/ })).toHaveTextContent('0');
    expect(within(sheet).getByRole('button', { name: 'Cancel meals' })).toBeDisabled();
    expect(served.absences).toEqual([]);
  });

  it('orders each receiver’s usual meal types on the open selected days', async () => {
    signIn();
    const served = serveCalendar();
    const { user } = renderApp('/calendar/user');
    await monthLoaded();
    await user.click(day(TUE));
    await user.click(day('Monday, 30 November 2026'));
    await user.click(screen.getByRole('button', { name: 'Order meals' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Order meals' })).getByRole('button', { name: 'Usual meals' }));
    await waitFor(() =>
      expect(served.defaults).toEqual([
        { path: 'child/5', body: { dates: ['2026-11-24', '2026-11-30'] } },
        { path: 'child/6', body: { dates: ['2026-11-24', '2026-11-30'] } },
      ]),
    );
    expect(await screen.findByText('Meals ordered for Ala Nowak, Olek Nowak.')).toBeInTheDocument();
  });

  it('restores the saved draft and saves changes to it', async () => {
    signIn();
    const served = serveCalendar({ draft: { month: '2026-11', dates: ['2026-11-24', '2026-11-27'], subjects: [{ type: 'child', id: 6 }] } });
    const { user } = renderApp('/calendar/user');
    await waitFor(() => expect(day(TUE)).toHaveAttribute('aria-pressed', 'true'));
    expect(day(FRI)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Ala Nowak' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Olek Nowak' })).toBeChecked();

    await user.click(day(WED));
    await waitFor(() =>
      expect(served.draftsSaved.at(-1)).toEqual({ month: '2026-11', dates: ['2026-11-24', '2026-11-25', '2026-11-27'], subjects: [{ type: 'child', id: 6 }] }),
    );
  });

  it('marks a range with shift-click and with two taps in range mode', async () => {
    signIn();
    serveCalendar();
    const { user } = renderApp('/calendar/user');
    await monthLoaded();
    await user.click(day(TUE));
    expect(screen.getByText('1 day selected')).toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(day('Monday, 30 November 2026'));
    await user.keyboard('{/Shift}');
    // Tuesday to Monday: Thursday is a day off, the weekend has no meals.
    expect(screen.getByText('4 days selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));

    await user.click(screen.getByRole('checkbox', { name: 'Select a range' }));
    expect(screen.getByText('Tap the first day of the range.')).toBeInTheDocument();
    await user.click(day(WED));
    expect(screen.getByText('Now tap the last day of the range.')).toBeInTheDocument();
    await user.click(day(FRI));
    expect(screen.getByText('2 days selected')).toBeInTheDocument();
  });

  it('explains automarking, with the funds warning unless meals are charged on the order day, and links to each child', async () => {
    signIn();
    serveCalendar();
    const { user } = renderApp('/calendar/user');
    await user.click(await screen.findByRole('button', { name: 'How automarking works?' }));
    const modal = await screen.findByRole('dialog', { name: 'How automarking works?' });
    expect(within(modal).getAllByRole('listitem').filter((entry) => entry.closest('ol'))).toHaveLength(4);
    expect(modal).toHaveTextContent('A presence is marked only if the account has enough funds.');
    expect(within(modal).getByRole('link', { name: 'Ala Nowak' })).toHaveAttribute('href', '/children/5/edit');
  });

  it('leaves the funds warning out when meals are charged on the order day', async () => {
    signIn();
    serveCalendar({ orderChargeTime: 'in_order_day' });
    const { user } = renderApp('/calendar/user');
    await user.click(await screen.findByRole('button', { name: 'How automarking works?' }));
    const modal = await screen.findByRole('dialog', { name: 'How automarking works?' });
    await waitFor(() => expect(modal).not.toHaveTextContent('enough funds'));
  });

  it('given a parent without children, then they are told and offered to add a child', async () => {
    signIn();
    serveCalendar();
    server.use(http.get(apiUrl('children/options'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 9999 })));
    renderApp('/calendar/user');
    expect(await screen.findByText(/You have no meal receivers yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a child' })).toHaveAttribute('href', '/children/create');
  });

  it('gives a worker their own calendar, without prices when they may not see them', async () => {
    signIn();
    const served = serveCalendar({ roles: ['ROLE_INSTITUTION_WORKER'], abilities: ['calendar.use'] });
    renderApp('/calendar/user');
    await waitFor(() => expect(served.monthQueries).toEqual(['institution_worker:42?2026-11']));
    await monthLoaded();
    expect(day(TUE)).not.toHaveTextContent('zł');
    expect(screen.queryByRole('checkbox', { name: 'Anna Nowak' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select week 48' })).toBeInTheDocument();
  });

  it('shows one week as a list on a phone, with big day buttons and week navigation', async () => {
    window.innerWidth = 375;
    signIn();
    const menu = [
      { mealTypeId: SOUP.id, mealTypeName: 'Soup', meals: [{ id: 1, name: 'Tomato soup with rice and fresh basil' }] },
      { mealTypeId: LUNCH.id, mealTypeName: 'Lunch', meals: [{ id: 2, name: 'Chicken fillet' }, { id: 3, name: 'Mashed potatoes' }] },
    ];
    const served = serveCalendar({ alaDays: { '2026-11-24': { menu } } });
    const { user } = renderApp('/calendar/user');
    const week = await screen.findByRole('region', { name: 'Week' });
    expect(screen.queryByRole('table', { name: 'Month calendar' })).not.toBeInTheDocument();
    // The balance stays in sight beside the collapsed menu's toggle.
    await waitFor(() => expect(screen.getByTestId('customer-amounts-compact')).toHaveTextContent(`Balance: ${formatMoney(pln('100.00'))}`));
    expect(screen.getByTestId('customer-amounts-compact').closest('#main-nav')).toBeNull();
    // Today is Sunday 22 November: the week of Monday 16 November.
    expect(within(week).getAllByRole('listitem')).toHaveLength(7);
    expect(within(week).getByRole('button', { name: 'Sunday, 22 November 2026' })).toHaveAttribute('aria-current', 'date');
    await user.click(within(week).getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(within(week).getByRole('button', { name: TUE })).not.toHaveAttribute('aria-disabled'));
    expect(within(week).getByRole('button', { name: MON })).toHaveTextContent('Ordering for this day is closed.');
    expect(within(week).getByRole('button', { name: TUE })).toHaveTextContent(/Order by /);
    // The whole menu, one meal type a line, wrapped rather than cut to one line.
    const tuesdayMenu = within(within(week).getByRole('button', { name: TUE })).getByTestId('day-menu');
    expect([...tuesdayMenu.children].map((line) => line.textContent)).toEqual([
      'Soup: Tomato soup with rice and fresh basil',
      'Lunch: Chicken fillet, Mashed potatoes',
    ]);
    expect(tuesdayMenu).not.toHaveClass('text-truncate');
    await user.click(within(week).getByRole('button', { name: 'Select week 48' }));
    expect(screen.getByText('3 days selected')).toBeInTheDocument();
    // The week of 30 November reaches into December: both months are loaded.
    await user.click(within(week).getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(served.monthQueries).toContain('child:5,child:6?2026-12'));
  });

  it('marks the one day whose lunch contains a child’s allergen, on the day and where the sheet lists the meals', async () => {
    signIn();
    const glutenLunch = { mealTypeId: LUNCH.id, dishes: ['Goulash with barley'], allergens: ['gluten'] };
    serveCalendar({ alaDays: { '2026-11-24': { allergenClashes: [glutenLunch] } } });
    const { user } = renderApp('/calendar/user');
    await monthLoaded();

    const warnings = screen.getAllByRole('img', { name: 'Warning: allergen' });
    expect(warnings).toHaveLength(1);
    expect(day(TUE)).toContainElement(warnings[0] ?? null);
    expect(within(day(TUE)).getByTestId('day-child/5')).toHaveTextContent('Lunch: contains: gluten');
    expect(within(day(TUE)).getByTestId('day-child/6')).not.toHaveTextContent('contains');
    expect(day(WED)).not.toHaveTextContent('contains');
    expect(day(TUE)).toHaveAccessibleDescription(expect.stringContaining('contains: gluten'));

    await user.click(day(TUE));
    await user.click(screen.getByRole('button', { name: 'Order meals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order meals' });
    expect(within(sheet).getByRole('img', { name: 'Warning: allergen' })).toBeInTheDocument();
    expect(within(sheet).getByText('contains: gluten')).toBeInTheDocument();
    expect(within(sheet).getAllByTestId('allergen-clash')).toHaveLength(1);
  });

  it('says the clash in Polish', async () => {
    signIn();
    serveCalendar({ locale: 'pl', alaDays: { '2026-11-24': { allergenClashes: [{ mealTypeId: LUNCH.id, dishes: ['Gulasz'], allergens: ['gluten'] }] } } });
    renderApp('/calendar/user');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Uwaga: alergen' })).toBeInTheDocument());

    expect(screen.getByTestId('allergen-clash')).toHaveTextContent('Lunch: zawiera: gluten');
  });

  it('speaks Polish: week list, selection count and each child’s refusal', async () => {
    window.innerWidth = 375;
    signIn();
    serveCalendar({ locale: 'pl' });
    server.use(
      http.post(apiUrl('calendar/days/presences'), () =>
        HttpResponse.json(
          manyMarked({
            refused: [
              { subject: { type: 'child', id: 5 }, message: 'Ordering for this day is closed.' },
              { subject: { type: 'child', id: 6 }, message: 'This meal type is not served in this institution.' },
            ],
          }),
        ),
      ),
    );
    const { user } = renderApp('/calendar/user');
    const week = await screen.findByRole('region', { name: 'Tydzień' });
    await user.click(within(week).getByRole('button', { name: 'Następny tydzień' }));
    await waitFor(() => expect(within(week).getByRole('button', { name: 'Zaznacz tydzień 48' })).toBeEnabled());
    await user.click(within(week).getByRole('button', { name: 'Zaznacz tydzień 48' }));
    expect(screen.getByText('Zaznaczono 3 dni')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zamów posiłki' }));
    const sheet = await screen.findByRole('dialog', { name: 'Zamów posiłki' });
    await user.click(within(sheet).getByRole('checkbox', { name: 'Soup' }));
    await user.click(within(sheet).getByRole('button', { name: 'Zamów' }));
    // One error toast per child, in Polish (the closed Monday of the list says the same).
    const errorToasts = () => document.querySelectorAll('[data-toast-type="error"]');
    await waitFor(() => expect(errorToasts()).toHaveLength(2));
    const [alaToast, olekToast] = [...errorToasts()];
    expect(alaToast).toHaveTextContent('Ala Nowak');
    expect(alaToast).toHaveTextContent('Zamówienia na ten dzień są już zamknięte.');
    expect(olekToast).toHaveTextContent('Olek Nowak');
    expect(olekToast).toHaveTextContent('Ten rodzaj posiłku nie jest wydawany w tej placówce.');
  });
});
