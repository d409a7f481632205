import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Roster, ScannedCardEntry, ScanResult, ServingItem, Subject, Summary, SummaryDetail, SubjectWithItems } from './api/terminal';
import { saveServingChoice, terminalKeys } from './model/device-storage';

const TODAY = todayIso();
const LUNCH = { id: 2, name: 'Lunch' };
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const ola: Subject = {
  type: 'child',
  id: 7,
  firstName: 'Ola',
  lastName: 'Kowalska',
  cardNumber: '1234',
  institution: { id: 1, name: 'SP 12' },
  classroom: { id: 3, name: '1A' },
  diet: { id: 1, name: 'Standard' },
  allergens: [{ id: 5, name: 'Milk' }],
  allergiesNote: 'No nuts either',
  isActive: true,
};

const lunch = (overrides: Partial<ServingItem> = {}): ServingItem => ({
  id: 70,
  date: TODAY,
  mealType: LUNCH,
  diet: { id: 1, name: 'Standard' },
  portionSize: { id: 1, name: 'Normal' },
  dish: 'Pierogi',
  clash: null,
  status: 'active',
  servedAt: null,
  servedBy: null,
  ...overrides,
});

const servedLunch = () => lunch({ status: 'served', servedAt: `${TODAY}T11:04:00Z`, servedBy: { id: 1, name: 'Anna Nowak' } });

function scanResult(overrides: Partial<ScanResult>): ScanResult {
  return { entryId: 1, clientScanId: 'c', result: 'served', subject: ola, items: [servedLunch()], servedNow: [70], message: 'Served.', ...overrides };
}

const roster: Roster = { date: TODAY, generatedAt: `${TODAY}T09:00:00Z`, subjects: [{ subject: ola, items: [lunch()] }] };

const summary: Summary = {
  rows: [{ mealType: LUNCH, diet: { id: 1, name: 'Standard' }, portionSize: { id: 1, name: 'Normal' }, ordered: 20, served: 5, left: 15 }],
  totals: { ordered: 20, served: 5, left: 15 },
};

/** A cook at the terminal serving lunch today (remembered on the device), with the day's roster and count. */
function openTerminal(path = '/terminal', dayRoster: Roster = roster) {
  signIn();
  saveServingChoice(window.location.host, { mealTypesIds: [2], date: TODAY, chosenOn: TODAY });
  server.use(
    http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_COOK']))),
    http.get(apiUrl('mealTypes/options'), () => HttpResponse.json(page([{ value: 1, text: 'Breakfast' }, { value: 2, text: 'Lunch' }]))),
    http.get(apiUrl('terminal/roster'), () => HttpResponse.json(dayRoster)),
    http.get(apiUrl('terminal/summary'), () => HttpResponse.json(summary)),
  );
  return renderApp(path);
}

async function scan(user: ReturnType<typeof openTerminal>['user'], card: string) {
  const field = await screen.findByRole('textbox', { name: 'Card number' });
  await user.type(field, `${card}{Enter}`);
  return field;
}

const resultPanel = () => screen.getByRole('region', { name: 'Scan result' });
const statusBar = () => screen.getByRole('status', { name: 'Terminal status' });

describe('terminal: scanning', () => {
  it('given a child with an order, when the card is scanned, then it is served: name, what to hand out and the allergies alert, and the field is ready again', async () => {
    const bodies: unknown[] = [];
    const { user } = openTerminal();
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(scanResult({}));
      }),
    );

    const field = await scan(user, '1234');

    await waitFor(() => expect(within(resultPanel()).getByText('Ola Kowalska')).toBeInTheDocument());
    const panel = resultPanel();
    expect(panel).toHaveTextContent('Serve');
    expect(panel).toHaveTextContent('Served.');
    expect(panel).toHaveTextContent('Institution: SP 12 · Classroom: 1A');
    expect(within(panel).getByRole('table', { name: 'To hand out' })).toHaveTextContent('LunchStandardNormalPierogiserved now');
    expect(within(panel).getByRole('alert', { name: 'Allergies' })).toHaveTextContent('⚠ Allergens: MilkNote: No nuts either');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(bodies).toEqual([
      {
        mealTypesIds: [2],
        clientScanId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        scannedAt: expect.any(String),
        terminalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        offline: false,
      },
    ]);
    expect(statusBar()).toHaveTextContent('Online');
    expect(statusBar()).toHaveTextContent('0 scans waiting to be sent');
  });

  it('given the meal was already served, when scanned again, then the server message says when and nothing is queued', async () => {
    const { user } = openTerminal();
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), () =>
        HttpResponse.json(
          { message: 'Already served at 12:04.', errors: {}, scan: scanResult({ result: 'already_served', servedNow: [], message: 'Already served at 12:04.' }) },
          { status: 409 },
        ),
      ),
    );

    await scan(user, '1234');

    await waitFor(() => expect(resultPanel()).toHaveTextContent('Already served at 12:04.'));
    expect(resultPanel()).toHaveTextContent('Do not serve');
    expect(resultPanel()).toHaveTextContent('Ola Kowalska');
    expect(within(resultPanel()).getByRole('alert', { name: 'Allergies' })).toBeInTheDocument();
    expect(statusBar()).toHaveTextContent('0 scans waiting to be sent');
  });

  it('given an unknown card, then the refusal shows the server message and the next scan is taken at once', async () => {
    const { user } = openTerminal();
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/9999`), () =>
        HttpResponse.json(
          { message: 'Unknown card.', errors: {}, scan: scanResult({ result: 'unknown_card', subject: null, items: [], servedNow: [], message: 'Unknown card.' }) },
          { status: 404 },
        ),
      ),
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), () => HttpResponse.json(scanResult({}))),
    );

    await scan(user, '9999');
    await waitFor(() => expect(resultPanel()).toHaveTextContent('Do not serve'));
    expect(resultPanel()).toHaveTextContent('Unknown card.');
    expect(within(resultPanel()).queryByRole('alert')).not.toBeInTheDocument();

    await scan(user, '1234');
    await waitFor(() => expect(resultPanel()).toHaveTextContent('Ola Kowalska'));
    expect(resultPanel()).not.toHaveTextContent('Unknown card.');
  });

  it('given the network is down, when a card is scanned, then the roster decides, the scan waits, and back online it is sent once with the same id', async () => {
    const { user } = openTerminal();
    await waitFor(() => expect(statusBar()).toHaveTextContent("Day's list on this device: 1 person"));
    const attempts: Array<Record<string, unknown>> = [];
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), async ({ request }) => {
        attempts.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.error();
      }),
    );

    await scan(user, '1234');

    await waitFor(() => expect(resultPanel()).toHaveTextContent('Served (offline).'));
    expect(resultPanel()).toHaveTextContent('Offline decision');
    expect(resultPanel()).toHaveTextContent('Ola Kowalska');
    expect(within(resultPanel()).getByRole('alert', { name: 'Allergies' })).toHaveTextContent('Milk');
    expect(statusBar()).toHaveTextContent('Offline');
    expect(statusBar()).toHaveTextContent('1 scan waiting to be sent');
    expect(resultPanel()).toHaveTextContent('Saved on this device; it will be sent when the connection is back.');
    expect(JSON.parse(window.localStorage.getItem(terminalKeys.queue(window.location.host)) ?? '[]')).toHaveLength(1);

    // The same card again while offline: served already, on this device; nothing more is queued.
    await scan(user, '1234');
    await waitFor(() => expect(resultPanel()).toHaveTextContent('on this device (offline)'));
    expect(statusBar()).toHaveTextContent('1 scan waiting to be sent');

    const synced: Array<Record<string, unknown>> = [];
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), async ({ request }) => {
        synced.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(scanResult({}));
      }),
    );
    window.dispatchEvent(new Event('online'));

    await waitFor(() => expect(statusBar()).toHaveTextContent('0 scans waiting to be sent'));
    expect(statusBar()).toHaveTextContent('Online');
    expect(synced).toEqual([
      {
        mealTypesIds: [2],
        clientScanId: attempts[0]?.clientScanId,
        scannedAt: attempts[0]?.scannedAt,
        terminalId: attempts[0]?.terminalId,
        offline: true,
      },
    ]);
    expect(JSON.parse(window.localStorage.getItem(terminalKeys.queue(window.location.host)) ?? '[]')).toEqual([]);
  });

  it('given a scan decided offline on screen, when the queue is sent, then the screen says it was sent, not that it waits', async () => {
    const { user } = openTerminal();
    await waitFor(() => expect(statusBar()).toHaveTextContent("Day's list on this device: 1 person"));
    server.use(http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), () => HttpResponse.error()));
    await scan(user, '1234');
    await waitFor(() => expect(resultPanel()).toHaveTextContent('Saved on this device; it will be sent when the connection is back.'));
    expect(resultPanel()).not.toHaveTextContent('Sent to the server.');

    server.use(http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), () => HttpResponse.json(scanResult({}))));
    window.dispatchEvent(new Event('online'));

    await waitFor(() => expect(statusBar()).toHaveTextContent('0 scans waiting to be sent'));
    await waitFor(() => expect(resultPanel()).toHaveTextContent('Sent to the server.'));
    expect(resultPanel()).not.toHaveTextContent('it will be sent');
    // Still the device's decision about Ola, shown as it was taken.
    expect(resultPanel()).toHaveTextContent('Served (offline).');
    expect(resultPanel()).toHaveTextContent('Ola Kowalska');
  });

  it('given the server unreachable, then the next scans are decided at once; once the waiting scans are sent, scans go to the server again', async () => {
    const { user } = openTerminal();
    await waitFor(() => expect(statusBar()).toHaveTextContent("Day's list on this device: 1 person"));
    const sent: string[] = [];
    const record = async (card: string, request: Request) => {
      const body = (await request.json()) as { offline?: boolean };
      sent.push(`${card}${body.offline ? ' offline' : ''}`);
    };
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/:card`), async ({ params, request }) => {
        await record(String(params.card), request);
        return HttpResponse.error();
      }),
    );
    await scan(user, '1234');
    await waitFor(() => expect(statusBar()).toHaveTextContent('1 scan waiting to be sent'));
    await waitFor(() => expect(sent).toEqual(['1234', '1234 offline']));

    // Known offline: the device answers without asking the server (an unknown card is refused, not queued).
    await scan(user, '5678');
    await waitFor(() => expect(resultPanel()).toHaveTextContent('Unknown card.'));
    expect(resultPanel()).toHaveTextContent('Offline decision');
    expect(sent).toEqual(['1234', '1234 offline']);

    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/:card`), async ({ params, request }) => {
        await record(String(params.card), request);
        return params.card === '1234'
          ? HttpResponse.json(scanResult({}))
          : HttpResponse.json({ message: 'Unknown card.', errors: {}, scan: scanResult({ result: 'unknown_card', subject: null, items: [], servedNow: [] }) }, { status: 404 });
      }),
    );
    await user.click(within(statusBar()).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(statusBar()).toHaveTextContent('0 scans waiting to be sent'));
    expect(statusBar()).toHaveTextContent('Online');

    await scan(user, '5678');
    await waitFor(() => expect(sent).toEqual(['1234', '1234 offline', '1234 offline', '5678']));
    await waitFor(() => expect(resultPanel()).not.toHaveTextContent('Offline decision'));
    expect(resultPanel()).toHaveTextContent('Unknown card.');
  });

  it('given an offline scan the server refuses on sync, then it goes to the follow-up list', async () => {
    const { user } = openTerminal();
    await waitFor(() => expect(statusBar()).toHaveTextContent("Day's list on this device: 1 person"));
    server.use(http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), () => HttpResponse.error()));
    await scan(user, '1234');
    await waitFor(() => expect(statusBar()).toHaveTextContent('1 scan waiting to be sent'));

    const message = 'Served twice: already served at 12:04 by Ewa Cook (offline scan).';
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), () =>
        HttpResponse.json({ message, errors: {}, scan: scanResult({ result: 'duplicate', servedNow: [], message }) }, { status: 409 }),
      ),
      http.get(apiUrl('scannedCardEntries'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([]))),
    );
    await user.click(within(statusBar()).getByRole('button', { name: 'Send now' }));

    await waitFor(() => expect(statusBar()).toHaveTextContent('0 scans waiting to be sent'));
    expect(statusBar()).toHaveTextContent('To check: 1');
    await user.click(screen.getByRole('link', { name: 'Scan log' }));
    const followUps = await screen.findByRole('region', { name: 'Offline scans refused by the server (this device)' });
    expect(followUps).toHaveTextContent('Ola Kowalska');
    expect(followUps).toHaveTextContent(message);
  });
});

describe('terminal: a dish with the child\'s allergen', () => {
  const GLUTEN = { dishes: ['Gulasz z kaszą jęczmienną'], allergens: ['Gluten'] };
  const clashing = (overrides: Partial<ServingItem> = {}) => lunch({ dish: 'Gulasz z kaszą jęczmienną, Kompot', clash: GLUTEN, ...overrides });
  const clashRoster: Roster = { ...roster, subjects: [{ subject: ola, items: [clashing()] }] };
  const check = () => scanResult({ result: 'check', items: [clashing()], servedNow: [], message: 'CHECK — the dish contains: Gluten.' });

  it('given a check from the server, then amber with the dish and the allergen instead of serve, and the cook records an alternative meal', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const { user } = openTerminal('/terminal', clashRoster);
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.clashDecision) return HttpResponse.json(check());
        return HttpResponse.json(
          scanResult({ result: 'alternative_served', items: [clashing({ status: 'served', servedAt: `${TODAY}T11:04:00Z` })], message: 'An alternative meal served.' }),
        );
      }),
    );

    await scan(user, '1234');

    await waitFor(() => expect(resultPanel()).toHaveTextContent('CHECK — the dish contains: Gluten'));
    const panel = resultPanel();
    expect(panel).toHaveTextContent('Dish: Gulasz z kaszą jęczmienną');
    expect(panel).not.toHaveTextContent('Serve');
    expect(within(panel).getByRole('table', { name: 'To hand out' })).toHaveTextContent('⚠ contains: Gluten');
    const choice = within(panel).getByRole('group', { name: 'What was handed out' });
    expect(within(choice).getAllByRole('button').map((button) => button.textContent)).toEqual(['Alternative meal served', 'Do not serve']);

    await user.click(within(choice).getByRole('button', { name: 'Alternative meal served' }));

    await waitFor(() => expect(resultPanel()).toHaveTextContent('An alternative meal served.'));
    expect(resultPanel()).toHaveTextContent('Serve');
    expect(within(resultPanel()).queryByRole('group', { name: 'What was handed out' })).not.toBeInTheDocument();
    expect(bodies.map((body) => body.clashDecision ?? null)).toEqual([null, 'alternative_served']);
    expect(bodies[1]?.clientScanId).not.toEqual(bodies[0]?.clientScanId);
  });

  it('given a check, when the cook chooses not to serve, then the scan is sent with that choice and nothing is served', async () => {
    const decisions: unknown[] = [];
    const { user } = openTerminal('/terminal', clashRoster);
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        decisions.push(body.clashDecision ?? null);
        if (!body.clashDecision) return HttpResponse.json(check());
        return HttpResponse.json(scanResult({ result: 'not_served', items: [clashing()], servedNow: [], message: 'Not served.' }));
      }),
    );

    await scan(user, '1234');
    await user.click(await within(resultPanel()).findByRole('button', { name: 'Do not serve' }));

    await waitFor(() => expect(resultPanel()).toHaveTextContent('Not served.'));
    expect(decisions).toEqual([null, 'not_served']);
    expect(within(resultPanel()).getByRole('table', { name: 'To hand out' })).toHaveTextContent('to serve');
  });

  it('given the network is down, then the roster\'s clash shows the same amber, nothing waits until the cook chooses, and the choice is sent once back online', async () => {
    const { user } = openTerminal('/terminal', clashRoster);
    await waitFor(() => expect(statusBar()).toHaveTextContent("Day's list on this device: 1 person"));
    server.use(http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), () => HttpResponse.error()));

    await scan(user, '1234');

    await waitFor(() => expect(resultPanel()).toHaveTextContent('CHECK — the dish contains: Gluten'));
    expect(resultPanel()).toHaveTextContent('Offline decision');
    expect(resultPanel()).toHaveTextContent('Dish: Gulasz z kaszą jęczmienną');
    expect(statusBar()).toHaveTextContent('0 scans waiting to be sent');

    await user.click(within(resultPanel()).getByRole('button', { name: 'Alternative meal served' }));

    await waitFor(() => expect(resultPanel()).toHaveTextContent('An alternative meal served (offline).'));
    expect(statusBar()).toHaveTextContent('1 scan waiting to be sent');
    // Scanned again on this device: served already (the alternative), no second check.
    await scan(user, '1234');
    await waitFor(() => expect(resultPanel()).toHaveTextContent('on this device (offline)'));

    const synced: Array<Record<string, unknown>> = [];
    server.use(
      http.post(apiUrl(`terminal/scanCard/${TODAY}/1234`), async ({ request }) => {
        synced.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(scanResult({ result: 'alternative_served', message: 'An alternative meal served.' }));
      }),
    );
    window.dispatchEvent(new Event('online'));

    await waitFor(() => expect(statusBar()).toHaveTextContent('0 scans waiting to be sent'));
    expect(synced).toEqual([expect.objectContaining({ offline: true, clashDecision: 'alternative_served', mealTypesIds: [2] })]);
    expect(statusBar()).not.toHaveTextContent('To check');
  });
});

describe('terminal: live count', () => {
  it('offers the days the server serves: today and the last 7 days, no day to come', async () => {
    openTerminal();

    const day = await screen.findByLabelText('Day');

    const today = todayIso();
    expect(day).toHaveValue(today);
    expect(day).toHaveAttribute('max', today);
    expect(day).toHaveAttribute('min', addDays(today, -7));
  });

  it('switches between the summary and the details, and remembers the choice on the device', async () => {
    const details: SummaryDetail[] = [
      { subject: ola, mealType: LUNCH, diet: { id: 1, name: 'Standard' }, portionSize: { id: 1, name: 'Normal' }, status: 'active', servedAt: null },
    ];
    const first = openTerminal();
    server.use(http.get(apiUrl('terminal/summary/details'), () => HttpResponse.json(page(details))));

    const table = await screen.findByRole('table', { name: 'Meals per meal type, diet and portion size' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Meal typeDietPortion sizeOrderedServedLeft',
      'LunchStandardNormal20515',
      'Total20515',
    ]);
    expect(screen.getByRole('radio', { name: 'Summary' })).toBeChecked();

    await first.user.click(screen.getByRole('radio', { name: 'Details' }));
    const perPerson = await screen.findByRole('table', { name: 'Meals per person' });
    expect(within(perPerson).getAllByRole('row')[1]).toHaveTextContent('Ola KowalskaSP 12 · 1ALunchStandardNormalTo serve');
    expect(window.localStorage.getItem('terminal.summaryMode')).toBe('"details"');

    first.unmount();
    renderApp('/terminal');
    expect(await screen.findByRole('table', { name: 'Meals per person' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Details' })).toBeChecked();
  });
});

describe('terminal: without a card', () => {
  it('finds a child by name and marks the lunch as served', async () => {
    let served = false;
    const searches: string[] = [];
    const { user } = openTerminal('/terminal?tab=lookup');
    server.use(
      http.get(apiUrl('terminal/subjects'), ({ request }) => {
        searches.push(new URL(request.url).search);
        return HttpResponse.json(page<SubjectWithItems>([{ subject: ola, items: [served ? servedLunch() : lunch()] }]));
      }),
      http.post(apiUrl('terminal/calendarDays/70/markAsScanned'), () => {
        served = true;
        return HttpResponse.json({ status: true, scan: scanResult({ message: 'Marked as served.' }) });
      }),
    );

    await user.type(await screen.findByRole('searchbox', { name: 'Name or card number' }), 'Ola');
    const results = await screen.findByRole('region', { name: 'People found' });
    expect(searches[0]).toBe(`?search=Ola&date=${TODAY}&mealTypesIds=2&page=1&perPage=20`);
    const child = within(results).getByRole('listitem', { name: 'Ola Kowalska' });
    expect(within(child).getByRole('alert', { name: 'Allergies' })).toHaveTextContent('Milk');

    await user.click(within(child).getByRole('button', { name: 'Mark as served: Lunch, Ola Kowalska' }));

    await waitFor(() => expect(resultPanel()).toHaveTextContent('Marked as served.'));
    expect(resultPanel()).toHaveTextContent('Ola Kowalska');
    await waitFor(() => expect(within(child).queryByRole('button', { name: /Mark as served/ })).not.toBeInTheDocument());
    expect(child).toHaveTextContent('served at');
    // The click went elsewhere than a field: the card field has the focus back for the next child.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveFocus());
  });

  it('serves without order only where the tenant allows it, and shows the server refusal', async () => {
    const { user } = openTerminal('/terminal?tab=lookup');
    server.use(
      http.get(apiUrl('common/settings/ordersConfig'), () =>
        HttpResponse.json({ cardNumberLength: 8, diningCardsEnabled: true, orderDeadlineDaysBefore: 1, orderDeadlineTime: '12:00', publicHolidaysFreeDays: true, terminalOrdersEnabled: true }),
      ),
      http.get(apiUrl('terminal/subjects'), () => HttpResponse.json(page<SubjectWithItems>([{ subject: ola, items: [] }]))),
      http.post(apiUrl('terminal/child/7/presences'), () =>
        HttpResponse.json({ message: 'Not enough funds to order this meal.', errors: {} }, { status: 403 }),
      ),
    );

    await user.type(await screen.findByRole('searchbox', { name: 'Name or card number' }), 'Ola');
    const child = within(await screen.findByRole('region', { name: 'People found' })).getByRole('listitem', { name: 'Ola Kowalska' });
    expect(child).toHaveTextContent('Nothing ordered for the chosen meal types.');
    await user.click(await within(child).findByRole('button', { name: 'Serve without order: Ola Kowalska' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Order Lunch for Ola Kowalska now and mark it served?');
    await user.click(within(dialog).getByRole('button', { name: 'Serve without order' }));

    await waitFor(() => expect(resultPanel()).toHaveTextContent('Not enough funds to order this meal.'));
    expect(resultPanel()).toHaveTextContent('Do not serve');
  });
});

describe('terminal: scan log', () => {
  const entry = (overrides: Partial<ScannedCardEntry>): ScannedCardEntry => ({
    id: 1,
    clientScanId: 'a',
    cardNumber: '1234',
    date: TODAY,
    scannedAt: `${TODAY}T11:04:00Z`,
    receivedAt: `${TODAY}T11:04:00Z`,
    result: 'served',
    source: 'card',
    offline: false,
    needsFollowUp: false,
    message: 'Served.',
    subject: { type: 'child', id: 7, firstName: 'Ola', lastName: 'Kowalska' },
    institution: { id: 1, name: 'SP 12' },
    mealTypes: [LUNCH],
    servedBy: { id: 1, name: 'Anna Nowak' },
    terminalId: 't-1',
    ...overrides,
  });

  it('lists every scan with its result, filters by day, institution and result, and highlights the rows needing follow-up', async () => {
    const searches: string[] = [];
    const { user } = openTerminal('/terminal?tab=log');
    server.use(
      http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([{ value: 1, text: 'SP 12' }]))),
      http.get(apiUrl('scannedCardEntries'), ({ request }) => {
        searches.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json(
          page([
            entry({ id: 2, clientScanId: 'b', result: 'duplicate', offline: true, needsFollowUp: true, message: 'Served twice: already served at 12:04 by Ewa Cook (offline scan).' }),
            entry({}),
          ]),
        );
      }),
    );

    const table = await screen.findByRole('table', { name: 'Scans' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, duplicate, served] = within(table).getAllByRole('row');
    expect(duplicate).toHaveClass('table-warning');
    expect(duplicate).toHaveTextContent('Served twiceofflineNeeds follow-up');
    expect(duplicate).toHaveTextContent('Served twice: already served at 12:04 by Ewa Cook (offline scan).');
    expect(served).not.toHaveClass('table-warning');
    expect(served).toHaveTextContent('Ola KowalskaSP 121234LunchServedCardAnna NowakServed.');
    expect(searches[0]).toBe('page=1&perPage=20');

    await user.selectOptions(screen.getByLabelText('Result'), 'Served twice');
    await waitFor(() => expect(searches.at(-1)).toBe('page=1&perPage=20&result=duplicate'));
    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 12');
    await waitFor(() => expect(searches.at(-1)).toBe('page=1&perPage=20&institutionId=1&result=duplicate'));
  });
});
