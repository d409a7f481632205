import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Role } from '@/lib/session/get-current-user';
import { SessionContext, type Session } from '@/lib/session/session-context';
import { makeTenantStatus, makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';
import { ChildFormModal } from '@/components/child-form/ChildFormModal';
import type { ChildFormValues } from '@/lib/child-form/child-form-model';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 20 });

const school: Schemas['InstitutionOption'] = { value: 1, text: 'SP 1 Kraków', shortName: 'SP1', slug: 'sp-1', districtId: null, active: true };
const kindergarten: Schemas['InstitutionOption'] = { value: 2, text: 'Przedszkole 2', shortName: 'P2', slug: 'p-2', districtId: null, active: true };
const classroom1a: Schemas['ClassroomOption'] = {
  id: 11,
  value: 11,
  name: '1a',
  text: '1a',
  institution: { id: 1, name: 'SP 1 Kraków', shortName: 'SP1' },
  hasDefaultPriceListsGroupForMembers: true,
  relatedPriceListsGroup: { id: 32, name: 'Klasa 1a' },
  membersPriceListsGroupId: 32,
};
const classroom1b: Schemas['ClassroomOption'] = {
  id: 12,
  value: 12,
  name: '1b',
  text: '1b',
  institution: { id: 1, name: 'SP 1 Kraków', shortName: 'SP1' },
  hasDefaultPriceListsGroupForMembers: false,
  relatedPriceListsGroup: null,
  membersPriceListsGroupId: 31,
};
const butterflies: Schemas['ClassroomOption'] = {
  id: 21,
  value: 21,
  name: 'Motylki',
  text: 'Motylki',
  institution: { id: 2, name: 'Przedszkole 2', shortName: 'P2' },
  hasDefaultPriceListsGroupForMembers: false,
  relatedPriceListsGroup: null,
  membersPriceListsGroupId: 31,
};
const standard: Schemas['DietOption'] = { value: 5, text: 'Standard', isDefault: true, institutionsIds: [], allowChangingAllergens: true };
const glutenFree: Schemas['DietOption'] = { value: 6, text: 'Gluten free', isDefault: false, institutionsIds: [], allowChangingAllergens: false };
const groups: Schemas['PriceListsGroup'][] = [
  { id: 31, name: 'Children', defaultForChildren: true, defaultForInstitutionsWorkers: false, forGroupOrders: false },
  { id: 32, name: 'Klasa 1a', defaultForChildren: false, defaultForInstitutionsWorkers: false, forGroupOrders: false },
];
const lunchCategory: Schemas['GroupedCategory'] = {
  id: 1,
  name: 'Main meals',
  mealTypes: [
    {
      id: 41,
      name: 'Lunch',
      description: '',
      blockOnRegistration: true,
      portionSizes: [
        { id: 1, name: 'Small', default: false, priceListItem: { id: 501, price: null, hidden: false, hiddenFor: [], hiddenWeekdays: [] } },
        { id: 2, name: 'Normal', default: true, priceListItem: { id: 502, price: null, hidden: false, hiddenFor: [], hiddenWeekdays: [] } },
      ],
    },
    {
      id: 42,
      name: 'Soup',
      description: '',
      blockOnRegistration: false,
      portionSizes: [{ id: 2, name: 'Normal', default: true, priceListItem: { id: 503, price: null, hidden: false, hiddenFor: [], hiddenWeekdays: [] } }],
    },
  ],
};

function row(overrides: Partial<Schemas['ChildList']> = {}): Schemas['ChildList'] {
  return {
    id: 7,
    firstName: 'Ola',
    lastName: 'Nowak',
    fullName: { firstName: 'Ola', lastName: 'Nowak', name: 'Ola Nowak' },
    cardNumber: 'AB1234',
    institutionId: 1,
    institution: { id: 1, name: 'SP 1 Kraków', shortName: 'SP1', districtId: null },
    classroomId: 11,
    classroom: { id: 11, name: '1a' },
    dietId: 5,
    relatedDietId: 5,
    diet: { id: 5, name: 'Standard' },
    parentId: 9,
    parent: { id: 9, name: 'Anna Nowak', email: 'anna@example.com' },
    childGroup: null,
    priceListsGroup: { id: 32, name: 'Klasa 1a' },
    isActive: true,
    archivedAt: null,
    status: 'active',
    createdAt: '2026-09-01T10:00:00+02:00',
    ...overrides,
  };
}

function loaded(overrides: Partial<Schemas['Child']> = {}): Schemas['Child'] {
  return {
    ...row(),
    allergies: [],
    allergiesNote: '',
    generalNote: '',
    internalNote: '',
    hasDiscount: false,
    discountPercent: '0.00',
    expirationDate: null,
    priceListsGroupId: 32,
    childGroupId: null,
    subscribedPayments: false,
    orderingPrepaids: false,
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
    calendarSubjectSettingsLogs: [{ changedAt: '2026-09-01T10:00:00+02:00', oldAutomarkPresences: null, newAutomarkPresences: true, changedBy: null }],
    ...overrides,
  };
}

const parentsSettings = (overrides: Partial<Schemas['ParentsSettings']> = {}): Schemas['ParentsSettings'] => ({
  registrationFee: { amount: '0.00', currency: 'PLN' },
  addRegistrationFee: false,
  allowSelfRegistration: true,
  hideInstitutionsListsFromParents: false,
  ibanAccountNumberPart: '',
  allowChangingAllergens: true,
  allowChangingAllergensNote: true,
  allowChangingDiets: false,
  allowChangingClassrooms: false,
  allowChangingInstitutions: false,
  allowChangingCardNumbers: false,
  hideIngredients: false,
  balancePerChildren: false,
  ...overrides,
});

const ADMIN: [Role[], string[]] = [['ROLE_ADMIN'], ['children.edit', 'children.change_sensitive', 'children.import', 'cards.edit', 'parents.view']];
const PARENT: [Role[], string[]] = [['ROLE_PARENT'], ['children.edit', 'cards.edit']];

function signInAs([roles, abilities]: [Role[], string[]], id = 1) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { id, abilities }))));
  signIn();
}

/** The option lists the form and the list read. */
function serveOptions(settings = parentsSettings()) {
  const groupedCalls: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('common/settings/parentsSettings'), () => HttpResponse.json(settings)),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page([school, kindergarten]))),
    http.get(apiUrl('classrooms/options'), ({ request }) => {
      const institutionId = new URL(request.url).searchParams.get('institutionId');
      return HttpResponse.json(page([classroom1a, classroom1b, butterflies].filter((room) => String(room.institution.id) === institutionId)));
    }),
    http.get(apiUrl('diets/options'), () => HttpResponse.json(page([standard, glutenFree]))),
    http.get(apiUrl('districts/options'), () => HttpResponse.json(page([]))),
    http.get(apiUrl('priceLists/groups'), () => HttpResponse.json(page(groups))),
    http.get(apiUrl('children-groups/options'), () => HttpResponse.json(page([{ value: 3, text: 'Chess club' }]))),
    http.get(apiUrl('users/options'), () => HttpResponse.json(page([{ value: 9, text: 'Anna Nowak' }]))),
    http.get(apiUrl('allergens'), () => HttpResponse.json(page([{ id: 1, number: 1, name: 'Gluten', groupId: null, groupName: null }]))),
    http.get(apiUrl('priceLists/groupedItems'), ({ request }) => {
      groupedCalls.push(new URL(request.url).searchParams);
      return HttpResponse.json({ priceList: null, categories: [lunchCategory] });
    }),
  );
  return groupedCalls;
}

describe('children list', () => {
  it('lists children, filters by institution through the URL and archives after asking', async () => {
    signInAs(ADMIN);
    serveOptions();
    const lists: URLSearchParams[] = [];
    const archived: string[] = [];
    server.use(
      http.get(apiUrl('children'), ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([row()]));
      }),
      http.post(apiUrl('children/:id/archive'), ({ params }) => {
        archived.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = renderApp('/children');
    const table = await screen.findByRole('table', { name: 'Children' });
    expect(await within(table).findByRole('cell', { name: 'Nowak Ola' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'AB1234' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Anna Nowak' })).toHaveAttribute('href', '/parents/9');

    await user.selectOptions(screen.getByLabelText('Institution'), 'SP 1 Kraków');
    await waitFor(() => expect(lists.at(-1)?.get('institutionId')).toBe('1'));
    expect(router.state.location.search).toContain('institutionId=1');
    expect(await screen.findByLabelText('Classroom')).toBeInTheDocument();

    // State commands live under "More", so the row keeps one line (Edit and Remove stay visible).
    const olaRow = within(table).getByRole('row', { name: /Nowak Ola/ });
    expect(within(olaRow).getByRole('link', { name: 'Edit Ola Nowak' })).toBeInTheDocument();
    expect(within(olaRow).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.click(within(olaRow).getByRole('button', { name: 'More actions for Ola Nowak' }));
    expect(within(olaRow).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    await user.click(within(olaRow).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive child' });
    // Not a deletion: the dialog keeps its OK.
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(archived).toEqual(['7']));
    expect(await screen.findByText('Ola Nowak has been archived.')).toBeInTheDocument();
  });

  it("changes a child's classroom and dining card from the list; a refused card number stays in the dialog", async () => {
    signInAs(ADMIN);
    serveOptions();
    const moves: string[] = [];
    const cards: unknown[] = [];
    server.use(
      http.get(apiUrl('children'), () => HttpResponse.json(page([row()]))),
      http.put(apiUrl('children/7/changeClassroom/:classroomId'), ({ params }) => {
        moves.push(String(params.classroomId));
        return HttpResponse.json(loaded({ classroomId: 12 }));
      }),
      http.put(apiUrl('children/7/changeCardNumber'), async ({ request }) => {
        const body = await request.json();
        cards.push(body);
        if (cards.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { cardNumber: ['This card number is already used.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json(loaded({ cardNumber: 'ZZ9999' }));
      }),
    );
    const { user } = renderApp('/children');
    await screen.findByRole('cell', { name: 'Nowak Ola' });

    await user.click(screen.getByRole('button', { name: 'More actions for Ola Nowak' }));
    await user.click(await screen.findByRole('button', { name: 'Change classroom' }));
    const classroomDialog = await screen.findByRole('dialog', { name: 'Change classroom: Ola Nowak' });
    await waitFor(() => expect(within(classroomDialog).getByRole('option', { name: '1b' })).toBeInTheDocument());
    expect(within(classroomDialog).getByLabelText('Classroom')).toHaveValue('11');
    await user.selectOptions(within(classroomDialog).getByLabelText('Classroom'), '1b');
    await user.click(within(classroomDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(moves).toEqual(['12']));
    expect(await screen.findByText('Classroom changed: Ola Nowak.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change classroom: Ola Nowak' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'More actions for Ola Nowak' }));
    await user.click(await screen.findByRole('button', { name: 'Change card number' }));
    const cardDialog = await screen.findByRole('dialog', { name: 'Card number: Ola Nowak' });
    const field = within(cardDialog).getByLabelText('Dining card number');
    expect(field).toHaveValue('AB1234');
    await user.clear(field);
    await user.type(field, 'cd5678');
    await user.click(within(cardDialog).getByRole('button', { name: 'Save' }));
    expect(await within(cardDialog).findByText('This card number is already used.')).toBeInTheDocument();
    expect(field).toHaveValue('CD5678');
    await user.clear(field);
    await user.type(field, 'ZZ9999');
    await user.click(within(cardDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cards).toEqual([{ cardNumber: 'CD5678' }, { cardNumber: 'ZZ9999' }]));
    expect(await screen.findByText('Card number changed: Ola Nowak.')).toBeInTheDocument();
  });

  it('exports the filtered list as CSV', async () => {
    signInAs(ADMIN);
    serveOptions();
    const exports: { url: URL; body: unknown }[] = [];
    server.use(
      http.get(apiUrl('children'), () => HttpResponse.json(page([row()]))),
      http.post(apiUrl('children/export'), async ({ request }) => {
        exports.push({ url: new URL(request.url), body: await request.json() });
        return new HttpResponse('id;name', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="children.csv"' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderApp('/children?status=inactive');
    await screen.findByRole('cell', { name: 'Nowak Ola' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]?.body).toEqual({ format: 'csv' });
    expect(exports[0]?.url.searchParams.get('status')).toBe('inactive');
  });
});

describe('dining cards', () => {
  function serveCards(enabled = true) {
    const requests: URLSearchParams[] = [];
    const config = { reads: 0 };
    server.use(
      http.get(apiUrl('children'), () => HttpResponse.json(page([row(), row({ id: 8, firstName: 'Jan', cardNumber: null })]))),
      http.get(apiUrl('common/settings/ordersConfig'), () => {
        config.reads += 1;
        return HttpResponse.json({
          cardNumberLength: 8,
          diningCardsEnabled: enabled,
          orderDeadlineDaysBefore: 1,
          orderDeadlineTime: '12:00',
          publicHolidaysFreeDays: true,
          terminalOrdersEnabled: false,
        } satisfies Schemas['OrdersConfig']);
      }),
      http.get(apiUrl('children/diningCards'), ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return new HttpResponse('%PDF-1.3', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename=\"dining-cards.pdf\"; filename*=UTF-8''dining-cards.pdf" },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:cards');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    return { requests, createObjectURL, config };
  }

  it('prints the dining cards of the selected children, then clears the selection', async () => {
    signInAs(ADMIN);
    serveOptions();
    const { requests, createObjectURL } = serveCards();
    const { user } = renderApp('/children');
    const table = await screen.findByRole('table', { name: 'Children' });
    await within(table).findByRole('cell', { name: 'Nowak Ola' });

    for (const checkbox of within(table).getAllByRole('checkbox', { name: 'Select row' })) await user.click(checkbox);
    await user.click(within(screen.getByRole('region', { name: 'Actions on selected rows' })).getByRole('button', { name: 'Print dining cards' }));

    await waitFor(() => expect(requests.map((query) => query.toString())).toEqual(['ids=7%2C8']));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Actions on selected rows' })).not.toBeInTheDocument());
  });

  it('prints the dining cards of the filtered classroom', async () => {
    signInAs(ADMIN);
    serveOptions();
    const { requests } = serveCards();
    const { user } = renderApp('/children?institutionId=1');
    await screen.findByRole('cell', { name: 'Nowak Ola' });
    expect(screen.queryByRole('button', { name: "Print the classroom's dining cards" })).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('option', { name: '1b' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Classroom'), '1b');
    await user.click(await screen.findByRole('button', { name: "Print the classroom's dining cards" }));

    await waitFor(() => expect(requests.map((query) => query.get('classroomId'))).toEqual(['12']));
  });

  it('offers no printing when the tenant does not use dining cards', async () => {
    signInAs(ADMIN);
    serveOptions();
    const { config } = serveCards(false);
    renderApp('/children?institutionId=1&classroomId=11');
    const table = await screen.findByRole('table', { name: 'Children' });
    await within(table).findByRole('cell', { name: 'Nowak Ola' });
    await waitFor(() => expect(config.reads).toBeGreaterThan(0));
    await screen.findByRole('option', { name: '1a' });
    expect(within(table).queryByRole('checkbox', { name: 'Select row' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Print the classroom's dining cards" })).not.toBeInTheDocument();
  });
});

describe('child form (create and edit)', () => {
  it('requires a classroom, follows the cascades and sends the default group, then toasts the creation', async () => {
    signInAs(ADMIN);
    const grouped = serveOptions();
    const bodies: Schemas['ChildWriteRequest'][] = [];
    server.use(
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
      http.post(apiUrl('children'), async ({ request }) => {
        const body = (await request.json()) as Schemas['ChildWriteRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { cardNumber: ['This card number is already used.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json(loaded({ firstName: 'Zosia', lastName: 'Kowalska', fullName: { firstName: 'Zosia', lastName: 'Kowalska', name: 'Zosia Kowalska' } }), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/children/create?parentId=9');
    const form = await screen.findByRole('form', { name: 'New child' });
    await user.type(within(form).getByLabelText(/^First name/), 'Zosia');
    await user.type(within(form).getByLabelText(/^Last name/), 'Kowalska');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The child must be assigned to classroom.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    // No meal types before institution, diet and group are all known.
    expect(within(form).getByText('Choose the institution, classroom and diet to see the meal types.')).toBeInTheDocument();
    expect(grouped).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/^Institution/), 'SP 1 Kraków');
    await waitFor(() => expect(within(form).getByRole('option', { name: '1a' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText(/^Classroom/), '1a');
    await user.selectOptions(within(form).getByLabelText(/^Diet/), 'Standard');
    await user.selectOptions(within(form).getByLabelText(/^Price lists group/), 'Children');
    await user.selectOptions(within(form).getByLabelText(/^Classroom/), '1a');
    expect(within(form).getByLabelText(/^Price lists group/)).toHaveDisplayValue('Children');
    await user.selectOptions(within(form).getByLabelText(/^Classroom/), '1b');
    await user.selectOptions(within(form).getByLabelText(/^Classroom/), '1a');
    expect(within(form).getByLabelText(/^Price lists group/)).toHaveDisplayValue('Klasa 1a');
    await waitFor(() => expect(grouped.some((params) => params.get('priceListsGroupId') === '32')).toBe(true));
    await user.click(await within(form).findByRole('checkbox', { name: 'Soup' }));

    await user.type(within(form).getByLabelText(/^Dining card number/), 'ab12');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The card number must have 6 to 10 characters: digits or capital letters.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Dining card number/));
    await user.type(within(form).getByLabelText(/^Dining card number/), ' AB1234 ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Dining card number/)).toHaveAccessibleDescription(expect.stringContaining('This card number is already used.')));
    expect(await screen.findByText('An error occurred while saving the child.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      firstName: 'Zosia',
      lastName: 'Kowalska',
      parentId: 9,
      institutionId: 1,
      classroomId: 11,
      dietId: 5,
      priceListsGroupId: 32,
      cardNumber: 'AB1234',
      calendarSubjectSettings: { autoselectedMealTypes: [42], autoselectedPriceListsItemsIds: [503] },
    });

    await user.clear(within(form).getByLabelText(/^Dining card number/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Child 'Zosia Kowalska' has been created.")).toBeInTheDocument();
    expect(bodies[1]?.cardNumber).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents/9/children'));
  });

  it('preselects the default diet of the chosen institution, and keeps a diet chosen by hand', async () => {
    signInAs(ADMIN);
    serveOptions();
    const schoolDefault = { ...standard, institutionsIds: [school.value] };
    const kindergartenDefault = { ...glutenFree, value: 8, text: 'Kindergarten', isDefault: true, institutionsIds: [kindergarten.value] };
    const anywhere = { ...glutenFree, institutionsIds: [] };
    server.use(
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
      http.get(apiUrl('diets/options'), () => HttpResponse.json(page([schoolDefault, kindergartenDefault, anywhere]))),
    );
    const { user } = renderApp('/children/create?parentId=9');
    const form = await screen.findByRole('form', { name: 'New child' });
    const diet = within(form).getByLabelText(/^Diet/);
    await waitFor(() => expect(diet).toHaveValue(String(schoolDefault.value)));

    await user.selectOptions(within(form).getByLabelText(/^Institution/), kindergarten.text);
    await waitFor(() => expect(diet).toHaveValue(String(kindergartenDefault.value)));
    await user.selectOptions(diet, anywhere.text);
    await user.selectOptions(within(form).getByLabelText(/^Institution/), school.text);
    expect(diet).toHaveValue(String(anywhere.value));
  });

  it('given a diet that forbids allergens, when saving, then it names the allergies and note to remove and sends the confirmation only when confirmed', async () => {
    signInAs(ADMIN);
    serveOptions();
    const bodies: Schemas['ChildWriteRequest'][] = [];
    server.use(
      http.get(apiUrl('allergens'), () =>
        HttpResponse.json(
          page([
            { id: 1, number: 1, name: 'Gluten', groupId: null, groupName: null },
            { id: 7, number: 7, name: 'Milk', groupId: null, groupName: null },
            { id: 8, number: 8, name: 'Nuts', groupId: null, groupName: null },
          ]),
        ),
      ),
      http.get(apiUrl('children/:id'), () => HttpResponse.json(loaded({ allergies: [7, 8], allergiesNote: 'no hazelnuts' }))),
      http.put(apiUrl('children/:id'), async ({ request }) => {
        bodies.push((await request.json()) as Schemas['ChildWriteRequest']);
        return HttpResponse.json(loaded({ dietId: 6 }));
      }),
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
    );
    const { user, router } = renderApp('/children/7/edit/list');
    const form = await screen.findByRole('form', { name: 'Edit child' });
    expect(await within(form).findByLabelText(/^Allergies note/)).toHaveValue('no hazelnuts');
    await user.selectOptions(within(form).getByLabelText(/^Diet/), 'Gluten free');
    expect(within(form).queryByLabelText(/^Allergies note/)).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove the allergies?' });
    expect(within(dialog).getByText('Diet Gluten free does not allow allergen changes. Saving removes from the child:')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '7. Milk',
      '8. Nuts',
      'the allergy note: no hazelnuts',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove the allergies?' })).not.toBeInTheDocument());
    expect(bodies).toHaveLength(0);
    // Nothing was lost: the allowing diet shows them again as they were.
    await user.selectOptions(within(form).getByLabelText(/^Diet/), 'Standard');
    expect(await within(form).findByLabelText(/^Allergies note/)).toHaveValue('no hazelnuts');
    await user.selectOptions(within(form).getByLabelText(/^Diet/), 'Gluten free');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the allergies?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove and save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ dietId: 6, allergies: [], allergiesNote: '', confirmClearAllergies: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/children'));
  });

  it('given a child without allergies, when changing to a diet that forbids them, then it saves without asking nor confirming', async () => {
    signInAs(ADMIN);
    serveOptions();
    const bodies: Schemas['ChildWriteRequest'][] = [];
    server.use(
      http.get(apiUrl('children/:id'), () => HttpResponse.json(loaded())),
      http.put(apiUrl('children/:id'), async ({ request }) => {
        bodies.push((await request.json()) as Schemas['ChildWriteRequest']);
        return HttpResponse.json(loaded({ dietId: 6 }));
      }),
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
    );
    const { user } = renderApp('/children/7/edit/list');
    const form = await screen.findByRole('form', { name: 'Edit child' });
    await waitFor(() => expect(within(form).getByLabelText(/^Diet/)).toHaveValue('5'));
    await user.selectOptions(within(form).getByLabelText(/^Diet/), 'Gluten free');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ dietId: 6, allergies: [], allergiesNote: '' });
    expect(bodies[0]).not.toHaveProperty('confirmClearAllergies');
    expect(screen.queryByRole('dialog', { name: 'Remove the allergies?' })).not.toBeInTheDocument();
  });

  it('given allergies recorded meanwhile, when the server refuses to remove them unconfirmed, then its words are shown and confirming saves again with the confirmation', async () => {
    signInAs(ADMIN);
    serveOptions();
    const bodies: Schemas['ChildWriteRequest'][] = [];
    const refusal = 'Diet Gluten free does not allow allergen changes: confirm removing the allergies Milk.';
    server.use(
      http.get(apiUrl('children/:id'), () => HttpResponse.json(loaded())),
      http.put(apiUrl('children/:id'), async ({ request }) => {
        const body = (await request.json()) as Schemas['ChildWriteRequest'];
        bodies.push(body);
        if (!body.confirmClearAllergies) {
          return HttpResponse.json(
            { message: "The diet does not allow allergen changes: confirm removing the allergies.", errors: { allergies: [refusal] } },
            { status: 409 },
          );
        }
        return HttpResponse.json(loaded({ dietId: 6 }));
      }),
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
    );
    const { user, router } = renderApp('/children/7/edit/list');
    const form = await screen.findByRole('form', { name: 'Edit child' });
    await waitFor(() => expect(within(form).getByLabelText(/^Diet/)).toHaveValue('5'));
    await user.selectOptions(within(form).getByLabelText(/^Diet/), 'Gluten free');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Remove the allergies?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(refusal);
    await user.click(within(dialog).getByRole('button', { name: 'Remove and save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ dietId: 6, allergies: [], confirmClearAllergies: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/children'));
  });

  it('asks before moving a child with future orders to another institution', async () => {
    signInAs(ADMIN);
    serveOptions();
    const puts: Schemas['ChildWriteRequest'][] = [];
    server.use(
      http.get(apiUrl('children/:id'), () => HttpResponse.json(loaded())),
      http.get(apiUrl('children/:id/activeFutureOrdersCount'), () => HttpResponse.json({ count: 3 })),
      http.put(apiUrl('children/:id'), async ({ request }) => {
        puts.push((await request.json()) as Schemas['ChildWriteRequest']);
        return HttpResponse.json(loaded({ institutionId: 2, classroomId: 21 }));
      }),
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
    );
    const { user, router } = renderApp('/children/7/edit/list');
    const form = await screen.findByRole('form', { name: 'Edit child' });
    await waitFor(() => expect(within(form).getByLabelText(/^Institution/)).toHaveDisplayValue('SP 1 Kraków'));
    await user.selectOptions(within(form).getByLabelText(/^Institution/), 'Przedszkole 2');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Motylki' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText(/^Classroom/), 'Motylki');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(within(dialog).getByText(/3 active future orders/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm removal' })).not.toBeInTheDocument());
    expect(puts).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ institutionId: 2, classroomId: 21 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/children'));
  });

  it('given the future orders cannot be checked, when a child is moved to another institution, then nothing is saved and an error is shown', async () => {
    signInAs(ADMIN);
    serveOptions();
    const puts: Schemas['ChildWriteRequest'][] = [];
    server.use(
      http.get(apiUrl('children/:id'), () => HttpResponse.json(loaded())),
      http.get(apiUrl('children/:id/activeFutureOrdersCount'), () =>
        HttpResponse.json({ message: 'Error occured while processing your request.', errors: {} }, { status: 500 }),
      ),
      http.put(apiUrl('children/:id'), async ({ request }) => {
        puts.push((await request.json()) as Schemas['ChildWriteRequest']);
        return HttpResponse.json(loaded({ institutionId: 2, classroomId: 21 }));
      }),
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
    );
    const { user, router } = renderApp('/children/7/edit/list');
    const form = await screen.findByRole('form', { name: 'Edit child' });
    await waitFor(() => expect(within(form).getByLabelText(/^Institution/)).toHaveDisplayValue('SP 1 Kraków'));
    await user.selectOptions(within(form).getByLabelText(/^Institution/), 'Przedszkole 2');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Motylki' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText(/^Classroom/), 'Motylki');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText('Could not check the child’s future orders, so nothing was saved. Try again.');
    expect(toast.closest('[data-toast-type="error"]')).not.toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Confirm removal' })).not.toBeInTheDocument();
    expect(puts).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/children/7/edit/list');
  });

  it('given a discount, when it is outside 0–100 it is refused, and when valid it is sent with its expiry date', async () => {
    signInAs(ADMIN);
    serveOptions();
    const puts: Schemas['ChildWriteRequest'][] = [];
    server.use(
      http.get(apiUrl('children/:id'), () => HttpResponse.json(loaded())),
      http.put(apiUrl('children/:id'), async ({ request }) => {
        puts.push((await request.json()) as Schemas['ChildWriteRequest']);
        return HttpResponse.json(loaded({ hasDiscount: true, discountPercent: '12.50', expirationDate: '2027-06-25' }));
      }),
      http.get(apiUrl('children'), () => HttpResponse.json(page([]))),
    );
    const { user } = renderApp('/children/7/edit/list');
    const form = await screen.findByRole('form', { name: 'Edit child' });
    await waitFor(() => expect(within(form).getByLabelText(/^Institution/)).toHaveDisplayValue('SP 1 Kraków'));
    await user.click(within(form).getByRole('switch', { name: 'Has a discount' }));
    const percent = within(form).getByLabelText(/^Discount \(%\)/);
    await user.type(percent, '120');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(percent).toHaveAccessibleDescription(expect.stringContaining('Enter a number from 0 to 100.')));
    expect(puts).toHaveLength(0);

    await user.clear(percent);
    await user.type(percent, '12.5');
    await user.type(within(form).getByLabelText(/^Discount valid until/), '2027-06-25');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ hasDiscount: true, discountPercent: '12.5', expirationDate: '2027-06-25' });
  });

  it('shows a parent only what the tenant lets them change', async () => {
    signInAs(PARENT, 9);
    serveOptions(parentsSettings({ allowChangingDiets: false, allowChangingClassrooms: true }));
    const puts: Schemas['ChildWriteRequest'][] = [];
    server.use(
      http.get(apiUrl('children/:id'), () => {
        // What a parent gets: no internal note, no settings logs.
        const { internalNote: _note, calendarSubjectSettingsLogs: _logs, ...child } = loaded();
        return HttpResponse.json(child);
      }),
      http.put(apiUrl('children/:id'), async ({ request }) => {
        puts.push((await request.json()) as Schemas['ChildWriteRequest']);
        return HttpResponse.json(loaded());
      }),
      http.get(apiUrl('children'), () => HttpResponse.json(page([row()]))),
    );
    const { user, router } = renderApp('/children/7/edit');
    const form = await screen.findByRole('form', { name: 'Edit child' });
    await waitFor(() => expect(within(form).getByLabelText(/^Diet/)).toHaveDisplayValue('Standard'));
    expect(within(form).getByLabelText(/^Diet/)).toBeDisabled();
    expect(within(form).getByLabelText(/^Classroom/)).toBeEnabled();
    expect(within(form).getByLabelText(/^Dining card number/)).toBeDisabled();
    expect(within(form).queryByLabelText(/^Institution/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Internal note/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Price lists group/)).not.toBeInTheDocument();
    expect(within(form).queryByText('Discount')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Children group/)).not.toBeInTheDocument();
    expect(within(form).queryByRole('table', { name: 'Automarking changes' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('switch', { name: 'Remind me when orders are missing' }));
    await user.clear(within(form).getByLabelText(/^Days before/));
    await user.type(within(form).getByLabelText(/^Days before/), '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).not.toHaveProperty('internalNote');
    expect(puts[0]).not.toHaveProperty('hasDiscount');
    expect(puts[0]?.subjectNotificationsSettings).toEqual({ missingOrdersEnabled: true, missingOrdersDaysBefore: 2, missingOrdersTriggerTime: '12:00' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents/9/children'));
  });

  it('resolves an institution code typed by a parent after a second, and warns about an unknown one', async () => {
    signInAs(PARENT, 9);
    serveOptions(parentsSettings({ hideInstitutionsListsFromParents: true }));
    server.use(http.get(apiUrl('children'), () => HttpResponse.json(page([]))));
    const { user } = renderApp('/children/create');
    const form = await screen.findByRole('form', { name: 'New child' });
    const code = await within(form).findByLabelText(/^Institution code/);
    expect(within(form).queryByLabelText(/^Institution$/)).not.toBeInTheDocument();
    await user.type(code, 'nope');
    expect(await screen.findByText('Error occured. Institution with given slug was not found.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'SP-1');
    expect(await within(form).findByText('Institution: SP 1 Kraków')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('option', { name: '1a' })).toBeInTheDocument());
  });
});

describe('child form in registration mode', () => {
  const options: Schemas['ChildOptions'] = {
    settings: { registerAs: 'parent', invoicesForUsers: false, allowChangingAllergens: true, allowChangingAllergensNote: true, cateringTermsUrl: null },
    institutionsOptions: [{ value: 1, text: 'SP 1 Kraków', shortName: 'SP1', slug: 'sp-1', districtId: null, mealTypesIds: [41, 42] }],
    dietsOptions: [standard],
    allergensOptions: [{ value: 1, text: 'Gluten', number: 1 }],
    districtsOptions: [],
    classroomsOptions: [classroom1a],
    childrenGroupsOptions: [],
    priceListsGroupsOptions: [{ id: 31, value: 31, name: 'Children', text: 'Children', defaultForChildren: true, defaultForInstitutionsWorkers: false }],
    mealTypeCategoriesOptions: [],
  };

  it('hands the values over without sending anything, with meal types blocked on registration chosen', async () => {
    const sent: string[] = [];
    server.use(
      http.get(apiUrl('auth/register/groupedItems'), () => HttpResponse.json({ priceList: null, categories: [lunchCategory] })),
      http.post(apiUrl('children'), () => {
        sent.push('children');
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const session: Session = {
      ready: true,
      tenantStatus: makeTenantStatus(),
      tenantStatusFailed: false,
      retryTenantStatus: () => undefined,
      isAuthenticated: false,
      token: null,
      tenants: [],
      user: undefined,
      userFailed: false,
      logout: () => undefined,
      changeLocale: () => undefined,
    };
    const saved: ChildFormValues[] = [];
    const onHide = vi.fn();
    const user = userEvent.setup();
    render(
      <AppProviders>
        <SessionContext.Provider value={session}>
          <ChildFormModal show mode="registration" institutionSlug="sp-1" registrationOptions={options} onHide={onHide} onRegistrationSave={(values) => saved.push(values)} />
        </SessionContext.Provider>
      </AppProviders>,
    );
    const form = await screen.findByRole('form', { name: 'New child' });
    expect(await within(form).findByDisplayValue('SP 1 Kraków')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^First name/), 'Jaś');
    await user.type(within(form).getByLabelText(/^Last name/), 'Nowak');
    await user.selectOptions(within(form).getByLabelText(/^Classroom/), '1a');
    await user.selectOptions(within(form).getByLabelText(/^Diet/), 'Standard');
    const lunch = await within(form).findByRole('checkbox', { name: 'Lunch' });
    await waitFor(() => expect(lunch).toBeChecked());
    expect(lunch).toBeDisabled();
    expect(within(form).queryByLabelText(/^Internal note/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      firstName: 'Jaś',
      institutionId: 1,
      classroomId: 11,
      dietId: 5,
      priceListsGroupId: 32,
      calendarSubjectSettings: { autoselectedMealTypes: [41], autoselectedPriceListsItemsIds: [502] },
    });
    expect(onHide).toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });
});

describe('children import', () => {
  it('shows every bad cell of a refused file with the column names', async () => {
    signInAs(ADMIN);
    server.use(
      http.get(apiUrl('common/settings/uploadMaxFileSize'), () => HttpResponse.json({ uploadMaxFileSize: 1024 * 1024 })),
      http.post(apiUrl('children/import'), () =>
        HttpResponse.json(
          {
            message: 'The file has errors; nothing was imported.',
            errors: { rows: ['Row 3, column C: There is no parent with the e-mail x@y.pl.'] },
            rows: [{ row: 3, column: 'C', message: 'There is no parent with the e-mail x@y.pl.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/children/import');
    const form = await screen.findByRole('form', { name: 'Import children' });
    const file = new File(['PK'], 'children.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(within(form).getByLabelText('XLSX file'), file);
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    const report = await screen.findByRole('table', { name: 'Errors in the file' });
    expect(within(report).getByRole('cell', { name: "C (Parent's e-mail)" })).toBeInTheDocument();
    expect(within(report).getByRole('cell', { name: 'There is no parent with the e-mail x@y.pl.' })).toBeInTheDocument();
  });
});

describe("parent's children", () => {
  it("lists the parent's own children with edit links", async () => {
    signInAs(PARENT, 9);
    const lists: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('children'), ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([row()]));
      }),
    );
    renderApp('/parents/9/children');
    const table = await screen.findByRole('table', { name: "Parent's children" });
    expect(await within(table).findByRole('cell', { name: 'Ola Nowak' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Edit Ola Nowak' })).toHaveAttribute('href', '/children/7/edit/parent');
    expect(lists.at(-1)?.get('parentId')).toBe('9');
    expect(screen.getByRole('link', { name: 'Add child' })).toHaveAttribute('href', '/children/create?parentId=9');
  });
});
