import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';
import { calendarMonth, offer, SOUP, subject } from '@/test/calendar-fixtures';

const page = <T,>(items: T[], perPage = 20) => ({ items, total: items.length, page: 1, perPage });

const ewa: Schemas['InstitutionWorker'] = {
  id: 7,
  userId: 70,
  emailAddress: 'ewa.nowak@example.test',
  firstName: 'Ewa',
  lastName: 'Nowak',
  phoneNumber: '601202303',
  phoneNumber2: '',
  institutionId: 1,
  institutionName: 'Urząd Miasta',
  dietId: 2,
  dietName: 'Standardowa',
  cardNumber: 'ABC123',
  allergies: [],
  allergiesNote: '',
  generalNote: '',
  groupId: 3,
  groupName: 'Kuchnia',
  priceListsGroupId: null,
  priceListsGroupName: null,
  hasDiscount: true,
  discountPercent: '25.00',
  expirationDate: '2026-12-31',
  internalNote: 'Tylko dla admina',
  isActive: true,
  status: 'active',
  archivedAt: '',
  createdAt: '2026-11-01T10:00:00+01:00',
};
const jan: Schemas['InstitutionWorker'] = {
  ...ewa,
  id: 8,
  userId: 80,
  emailAddress: 'jan@example.test',
  firstName: 'Jan',
  lastName: 'Adamski',
  cardNumber: null,
  groupId: null,
  groupName: null,
  hasDiscount: false,
  isActive: false,
  status: 'inactive',
};

function serveWorkers(items: Schemas['InstitutionWorker'][] = [jan, ewa]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('institutionsWorkers'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const userId = params.get('userId');
      return HttpResponse.json(page(userId ? items.filter((item) => String(item.userId) === userId) : items));
    }),
    http.get(apiUrl('institutionsWorkers/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('institutions/options'), () =>
      HttpResponse.json(
        page([{ value: 1, text: 'Urząd Miasta', shortName: 'UM', slug: 'um', districtId: null, active: true }], 9999),
      ),
    ),
    http.get(apiUrl('diets/options'), () =>
      HttpResponse.json(
        page(
          [
            { value: 2, text: 'Standardowa', institutionsIds: [], allowChangingAllergens: true },
            { value: 4, text: 'Szkolna', institutionsIds: [99], allowChangingAllergens: true },
          ],
          9999,
        ),
      ),
    ),
    http.get(apiUrl('institutionsWorkers/groups/options'), () =>
      HttpResponse.json(page([{ value: 3, text: 'Kuchnia', institutionId: null }], 9999)),
    ),
    http.get(apiUrl('priceLists/groups'), () => HttpResponse.json(page([], 9999))),
    http.get(apiUrl('allergens'), () => HttpResponse.json(page([], 9999))),
    // The worker's automarking and reminder settings, addressed by their user id, and what they can order.
    http.get(apiUrl('calendar/subjectsSettings/institution_worker/:id'), () => HttpResponse.json(workerSettings)),
    http.get(apiUrl('calendar/days/institution_worker/:id'), ({ params, request }) =>
      HttpResponse.json(
        calendarMonth(subject('institution_worker', Number(params.id), 'Ewa Nowak'), new URL(request.url).searchParams.get('month') ?? '', {
          days: { '2026-11-24': { available: [offer(SOUP, null)] } },
        }),
      ),
    ),
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
  );
  return lists;
}

const workerSettings: Schemas['SubjectSettings'] = {
  calendarSubjectSettings: {
    automarkPresences: true,
    automarkedWeekdays: { onMonday: true, onTuesday: true, onWednesday: true, onThursday: true, onFriday: true, onSaturday: false, onSunday: false },
    automarkStartDate: '2026-09-01',
    automarkEndDate: '2027-06-25',
    autoselectionInterval: 'one_month',
    autoselectedMealTypes: [SOUP.id],
    autoselectedPriceListsItemsIds: [110],
  },
  subjectNotificationsSettings: { missingOrdersEnabled: false, missingOrdersDaysBefore: 1, missingOrdersTriggerTime: '12:00' },
};

describe('institution workers', () => {
  it('lists workers with status and passes the userId of the URL to the server', async () => {
    signIn();
    const lists = serveWorkers();
    renderApp('/institutionsWorkers?userId=70');
    expect(await screen.findByRole('heading', { level: 1, name: 'Institution workers' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Institution workers' });
    expect(await within(table).findByRole('link', { name: 'Nowak Ewa' })).toBeInTheDocument();
    expect(lists.at(-1)?.get('userId')).toBe('70');
    expect(within(table).queryByRole('link', { name: 'Adamski Jan' })).not.toBeInTheDocument();
  });

  it('creates a worker, showing the server field error on the e-mail, and offers only the institution’s diets', async () => {
    signIn();
    serveWorkers();
    const bodies: Schemas['InstitutionWorkerRequest'][] = [];
    server.use(
      http.post(apiUrl('institutionsWorkers'), async ({ request }) => {
        const body = (await request.json()) as Schemas['InstitutionWorkerRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { emailAddress: ['This e-mail address is already used.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...ewa, id: 9 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/institutionsWorkers/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'New institution worker' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^E-mail address/), 'ewa.nowak@example.test');
    await user.type(screen.getByLabelText(/^First name/), 'Ewa');
    await user.type(screen.getByLabelText(/^Last name/), 'Nowak');
    await user.type(screen.getByLabelText(/^Phone/), '601 202 303');
    await user.type(screen.getByLabelText(/^Card number/), 'abc');
    await user.selectOptions(await screen.findByLabelText(/^Institution/), 'Urząd Miasta');
    const diet = screen.getByLabelText(/^Diet/);
    await waitFor(() => expect(within(diet).getByRole('option', { name: 'Standardowa' })).toBeInTheDocument());
    expect(within(diet).queryByRole('option', { name: 'Szkolna' })).not.toBeInTheDocument();
    await user.selectOptions(diet, 'Standardowa');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The card number must have 6 to 10 characters: digits or capital letters.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Card number/));
    await user.type(screen.getByLabelText(/^Card number/), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/^E-mail address/)).toHaveAccessibleDescription(/This e-mail address is already used\./));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/institutionsWorkers'));
    expect(bodies.at(-1)).toMatchObject({
      emailAddress: 'ewa.nowak@example.test',
      phoneNumber: '601202303',
      institutionId: 1,
      dietId: 2,
      cardNumber: 'ABC123',
      discountPercent: '0',
      expirationDate: null,
      isActive: true,
    });
  });

  describe('given a diet that forbids allergen changes', () => {
    const allergic = { ...ewa, allergies: [7, 8], allergiesNote: 'bez orzechów laskowych' };

    function serveStrictDiet(worker: Schemas['InstitutionWorker']) {
      serveWorkers([worker]);
      const bodies: Schemas['InstitutionWorkerRequest'][] = [];
      server.use(
        http.get(apiUrl('diets/options'), () =>
          HttpResponse.json(
            page(
              [
                { value: 2, text: 'Standardowa', institutionsIds: [], allowChangingAllergens: true },
                { value: 6, text: 'Bezglutenowa', institutionsIds: [], allowChangingAllergens: false },
              ],
              9999,
            ),
          ),
        ),
        http.get(apiUrl('allergens'), () =>
          HttpResponse.json(
            page(
              [
                { id: 7, number: 7, name: 'Mleko', groupId: null, groupName: null },
                { id: 8, number: 8, name: 'Orzechy', groupId: null, groupName: null },
              ],
              9999,
            ),
          ),
        ),
        http.put(apiUrl('institutionsWorkers/:id'), async ({ request }) => {
          bodies.push((await request.json()) as Schemas['InstitutionWorkerRequest']);
          return HttpResponse.json({ ...worker, dietId: 6, allergies: [], allergiesNote: '' });
        }),
      );
      return bodies;
    }

    it('when saving a worker with allergies, then the dialog names them and the note, cancelling sends nothing and confirming sends the confirmation', async () => {
      signIn();
      const bodies = serveStrictDiet(allergic);
      const { user, router } = renderApp('/institutionsWorkers/7/edit');
      const diet = await screen.findByLabelText(/^Diet/);
      await waitFor(() => expect(diet).toHaveValue('2'));
      await user.selectOptions(diet, 'Bezglutenowa');

      await user.click(screen.getByRole('button', { name: 'Save' }));
      let dialog = await screen.findByRole('dialog', { name: 'Remove the allergies?' });
      expect(within(dialog).getByText('Diet Bezglutenowa does not allow allergen changes. Saving removes from the worker:')).toBeInTheDocument();
      expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        '7. Mleko',
        '8. Orzechy',
        'the allergy note: bez orzechów laskowych',
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove the allergies?' })).not.toBeInTheDocument());
      expect(bodies).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Save' }));
      dialog = await screen.findByRole('dialog', { name: 'Remove the allergies?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove and save' }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ dietId: 6, allergies: [], allergiesNote: '', confirmClearAllergies: true });
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/institutionsWorkers/7/edit'));
    });

    it('when saving a worker without allergies, then it saves without asking nor confirming', async () => {
      signIn();
      const bodies = serveStrictDiet(ewa);
      const { user } = renderApp('/institutionsWorkers/7/edit');
      const diet = await screen.findByLabelText(/^Diet/);
      await waitFor(() => expect(diet).toHaveValue('2'));
      await user.selectOptions(diet, 'Bezglutenowa');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ dietId: 6, allergies: [] });
      expect(bodies[0]).not.toHaveProperty('confirmClearAllergies');
      expect(screen.queryByRole('dialog', { name: 'Remove the allergies?' })).not.toBeInTheDocument();
    });
  });

  it('shows the details and deactivates after confirmation', async () => {
    signIn();
    serveWorkers();
    const calls: string[] = [];
    server.use(
      http.post(apiUrl('institutionsWorkers/:id/deactivate'), ({ params }) => {
        calls.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/institutionsWorkers/7');
    expect(await screen.findByRole('heading', { level: 1, name: /Ewa Nowak/ })).toBeInTheDocument();
    expect(screen.getByText('ABC123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kuchnia' })).toHaveAttribute('href', '/institutionsWorkersGroups/3');
    expect(screen.getByText('25.00% until 2026-12-31')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More actions for Ewa Nowak' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deactivate “Ewa Nowak”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'More actions for Ewa Nowak' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls).toEqual(['7']));
    expect(await screen.findByText('“Ewa Nowak” is deactivated.')).toBeInTheDocument();
  });

  it('given a worker’s page, when staff turn their automarking off and save, then the settings of the worker’s user are saved', async () => {
    signIn();
    serveWorkers();
    const puts: { path: string; body: Schemas['SubjectSettingsRequest'] }[] = [];
    server.use(
      http.put(apiUrl('calendar/subjectsSettings/institution_worker/:id'), async ({ params, request }) => {
        const body = (await request.json()) as Schemas['SubjectSettingsRequest'];
        puts.push({ path: `institution_worker/${String(params.id)}`, body });
        return HttpResponse.json({ ...workerSettings, ...body });
      }),
    );
    const { user } = renderApp('/institutionsWorkers/7');
    const form = await screen.findByRole('form', { name: 'Automatic marking and reminders' });
    expect(await within(form).findByRole('checkbox', { name: 'Soup' })).toBeChecked();
    await user.click(within(form).getByRole('switch', { name: 'Mark presences automatically' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.path).toBe('institution_worker/70');
    expect(puts[0]?.body.calendarSubjectSettings).toMatchObject({ automarkPresences: false, autoselectedMealTypes: [SOUP.id], autoselectedPriceListsItemsIds: [110] });
  });

  it('archives and, once archived, offers to restore the worker', async () => {
    signIn();
    serveWorkers([{ ...ewa, isActive: false, status: 'archived', archivedAt: '2026-11-20T10:00:00+01:00' }]);
    const calls: string[] = [];
    server.use(
      http.post(apiUrl('institutionsWorkers/:id/activate'), ({ params }) => {
        calls.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/institutionsWorkers/7');
    await user.click(await screen.findByRole('button', { name: 'More actions for Ewa Nowak' }));
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restore (activate)' }));
    await waitFor(() => expect(calls).toEqual(['7']));
    expect(await screen.findByText('“Ewa Nowak” is active.')).toBeInTheDocument();
  });

  it('sets a password: checks the confirmation, then shows the server’s password rule', async () => {
    signIn();
    serveWorkers();
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl('institutionsWorkers/:id/password'), async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { password: ['This password is too common.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/institutionsWorkers/7');
    await user.click(await screen.findByRole('button', { name: 'More actions for Ewa Nowak' }));
    await user.click(await screen.findByRole('button', { name: 'Set password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the password of Ewa Nowak' });
    await user.type(within(dialog).getByLabelText('New password'), 'password1');
    await user.type(within(dialog).getByLabelText('Repeat the password'), 'password2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The passwords do not match.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Repeat the password'));
    await user.type(within(dialog).getByLabelText('Repeat the password'), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This password is too common.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'Unusual-pass-42');
    await user.clear(within(dialog).getByLabelText('Repeat the password'));
    await user.type(within(dialog).getByLabelText('Repeat the password'), 'Unusual-pass-42');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({ password: 'Unusual-pass-42', passwordConfirmation: 'Unusual-pass-42' });
  });
});
