import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { renderApp } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const settings = (overrides: Partial<Schemas['RegistrationSettings']> = {}): Schemas['RegistrationSettings'] => ({
  registerAs: 'both',
  invoicesForUsers: false,
  allowChangingAllergens: true,
  allowChangingAllergensNote: true,
  cateringTermsUrl: null,
  ...overrides,
});

const institutions: Schemas['RegistrationInstitutionOption'][] = [
  { value: 1, text: 'Szkoła Podstawowa nr 12', shortName: 'SP 12', slug: 'sp12', districtId: null, mealTypesIds: [5] },
  { value: 2, text: 'Przedszkole Słoneczko', shortName: 'P 1', slug: 'sloneczko', districtId: null, mealTypesIds: [5] },
];
const diets: Schemas['DietOption'][] = [
  { value: 10, text: 'Standardowa', isDefault: true, institutionsIds: [1, 2], allowChangingAllergens: true },
  { value: 11, text: 'Eliminacyjna', isDefault: false, institutionsIds: [1], allowChangingAllergens: false },
];

function childOptions(overrides: Partial<Schemas['ChildOptions']> = {}): Schemas['ChildOptions'] {
  return {
    settings: settings(),
    institutionsOptions: institutions,
    dietsOptions: diets,
    allergensOptions: [{ value: 7, text: 'Gluten', number: 1 }],
    districtsOptions: [],
    classroomsOptions: [
      {
        id: 21,
        value: 21,
        name: '1A',
        text: '1A',
        institution: { id: 1, name: 'Szkoła Podstawowa nr 12', shortName: 'SP 12' },
        hasDefaultPriceListsGroupForMembers: false,
        relatedPriceListsGroup: null,
        membersPriceListsGroupId: null,
      },
      {
        id: 22,
        value: 22,
        name: 'Motylki',
        text: 'Motylki',
        institution: { id: 2, name: 'Przedszkole Słoneczko', shortName: 'P 1' },
        hasDefaultPriceListsGroupForMembers: false,
        relatedPriceListsGroup: null,
        membersPriceListsGroupId: null,
      },
    ],
    childrenGroupsOptions: [],
    priceListsGroupsOptions: [],
    mealTypeCategoriesOptions: [],
    ...overrides,
  };
}

const workerOptions: Schemas['WorkerOptions'] = {
  settings: settings(),
  institutionsOptions: institutions,
  dietsOptions: diets,
  allergensOptions: [{ value: 7, text: 'Gluten', number: 1 }],
  districtsOptions: [],
  institutionWorkersGroupsOptions: [{ value: 31, text: 'Kuchnia', institutionId: 1 }],
};

function useRegistration(options: Schemas['ChildOptions'] = childOptions()) {
  const bodies: { userType: string; body: Schemas['RegisterRequest'] }[] = [];
  server.use(
    http.get(apiUrl('auth/register/groupedItems'), () =>
      HttpResponse.json({ priceList: null, categories: [] } satisfies Schemas['GroupedItems']),
    ),
    http.get(apiUrl('auth/register/childOptions'), ({ request }) => {
      const slug = new URL(request.url).searchParams.get('institutionSlug');
      return HttpResponse.json(
        slug ? { ...options, institutionsOptions: options.institutionsOptions.filter((item) => item.slug === slug) } : options,
      );
    }),
    http.get(apiUrl('auth/register/institutionWorkerOptions'), () => HttpResponse.json(workerOptions)),
    http.post(apiUrl('auth/register/:userType'), async ({ request, params }) => {
      const body = (await request.json()) as Schemas['RegisterRequest'];
      bodies.push({ userType: String(params.userType), body });
      return HttpResponse.json({ email: body.emailAddress ?? '' } satisfies Schemas['Registered'], { status: 201 });
    }),
  );
  return bodies;
}

async function fillParent(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/E-mail address/), 'anna@example.test');
  await user.type(screen.getByLabelText(/^First name/), 'Anna');
  await user.type(screen.getByLabelText(/^Last name/), 'Nowak');
  await user.type(screen.getByLabelText(/^Phone number/), '600 700 800');
}

describe('Register account page', () => {
  it('leaves for login when self-registration is not allowed', async () => {
    server.use(
      http.get(apiUrl('common/settings/parentsSettings/allowSelfRegistration'), () =>
        HttpResponse.json({ allowSelfRegistration: false } satisfies Schemas['AllowSelfRegistration']),
      ),
    );
    const { router } = renderApp('/auth/register/sp12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('registers a parent with a child from the meal receivers list, then shows the success view', async () => {
    const bodies = useRegistration();
    const { user } = renderApp('/auth/register');

    expect(await screen.findByRole('heading', { name: 'Register account' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to login' })[0]).toHaveAttribute('href', '/auth/login');
    expect(await screen.findByText('Meal receivers list is empty.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Register' });
    expect(submit).toBeDisabled();

    await fillParent(user);
    await user.type(screen.getByLabelText(/Second phone number/), '221 2345');
    await user.type(screen.getByLabelText(/Bank account number/), '61 1090 1014 0000 0712 1981 2874');

    await user.click(screen.getByRole('button', { name: 'Create child' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Zosia');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Nowak');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The child must be assigned to classroom.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Institution/), 'Szkoła Podstawowa nr 12');
    await user.selectOptions(within(dialog).getByLabelText(/^Classroom/), '1A');
    await user.selectOptions(within(dialog).getByLabelText(/^Diet/), 'Standardowa');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText("Child 'Zosia Nowak' has been created.")).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Zosia Nowak' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Select all'));
    expect(screen.getByLabelText('I accept the terms and conditions and the privacy policy.')).toBeChecked();
    expect(screen.getByLabelText('I agree to receive marketing information (optional).')).toBeChecked();
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'User registered sucessfully' })).toBeInTheDocument();
    expect(screen.getByText('Your e-mail address: anna@example.test')).toBeInTheDocument();
    expect(screen.getByText(/We have sent a link to set your password/)).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your user account has been successfully registered. A password reset link has been sent to the e-mail address 'anna@example.test'.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Meal receivers list')).not.toBeInTheDocument();
    expect(bodies).toMatchObject([
      {
        userType: 'parent',
        body: {
          emailAddress: 'anna@example.test',
          firstName: 'Anna',
          lastName: 'Nowak',
          phoneNumber: '600700800',
          phoneNumber2: '2212345',
          bankAccountNumber: '61109010140000071219812874',
          acceptedTerms: true,
          acceptedCateringTerms: false,
          acceptedMarketing: true,
          allergiesNote: '',
          generalNote: '',
          children: [
            {
              firstName: 'Zosia',
              lastName: 'Nowak',
              institutionId: 1,
              classroomId: 21,
              dietId: 10,
              cardNumber: null,
              allergies: [],
              allergiesNote: '',
              generalNote: '',
              calendarSubjectSettings: { automarkPresences: true, autoselectedMealTypes: [] },
              subjectNotificationsSettings: { missingOrdersEnabled: false },
            },
          ],
        },
      },
    ]);
  });

  it('edits and removes a child in the local list', async () => {
    useRegistration();
    const { user } = renderApp('/auth/register');
    await user.click(await screen.findByRole('button', { name: 'Create child' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Ola');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Lis');
    await user.selectOptions(within(dialog).getByLabelText(/^Institution/), 'Przedszkole Słoneczko');
    await user.selectOptions(within(dialog).getByLabelText(/^Classroom/), 'Motylki');
    await user.selectOptions(within(dialog).getByLabelText(/^Diet/), 'Standardowa');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Edit Ola Lis' }));
    dialog = await screen.findByRole('dialog');
    const first = within(dialog).getByLabelText(/^First name/);
    expect(first).toHaveValue('Ola');
    expect(within(dialog).getByLabelText(/^Classroom/)).toHaveValue('22');
    await user.clear(first);
    await user.type(first, 'Aleksandra');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Aleksandra Lis' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Aleksandra Lis' }));
    expect(screen.getByText('Meal receivers list is empty.')).toBeInTheDocument();
  });

  it('refuses missing required fields with the spec sentence, and bad phone and bank numbers', async () => {
    const bodies = useRegistration();
    const { user } = renderApp('/auth/register');
    await user.click(await screen.findByLabelText('I accept the terms and conditions and the privacy policy.'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        'In order to create parent you must fill up fields: email address, first name, last name, and phone number.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.')).toHaveLength(4);

    await fillParent(user);
    const phone = screen.getByLabelText(/^Phone number/);
    await user.clear(phone);
    await user.type(phone, '600-700-800');
    await user.type(screen.getByLabelText(/Bank account number/), '62 1090 1014 0000 0712 1981 2874');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter 7 or 9 digits, optionally separated by spaces.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 26-digit bank account number.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  // An e-mail already registered is answered like a new one (201, the success view): the server tells the rest by
  // e-mail. A field refusal of the server (here the e-mail's own validation) still shows next to the field.
  it('shows the server refusal next to the e-mail and as a toast', async () => {
    useRegistration();
    server.use(
      http.post(apiUrl('auth/register/parent'), () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { emailAddress: ['Enter a valid email address.'] } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/auth/register');
    await fillParent(user);
    await user.click(screen.getByLabelText('Select all'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const messages = await screen.findAllByText(/Enter a valid email address\./);
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('tells a second press that the request is still running', async () => {
    useRegistration();
    server.use(
      http.post(apiUrl('auth/register/parent'), async () => {
        await delay(300);
        return HttpResponse.json({ id: 1, email: 'anna@example.test' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/auth/register');
    await fillParent(user);
    await user.click(screen.getByLabelText('Select all'));
    const submit = screen.getByRole('button', { name: 'Register' });
    await user.click(submit);
    await user.click(submit);
    expect(await screen.findByText('Request in progress, please try again later.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'User registered sucessfully' })).toBeInTheDocument();
  });

  it('requires the catering terms when the tenant has them', async () => {
    useRegistration(childOptions({ settings: settings({ cateringTermsUrl: 'https://example.test/catering' }) }));
    server.use(
      http.get(apiUrl('auth/termsUrls'), () =>
        HttpResponse.json({
          termsAndConditionsUrl: 'https://example.test/terms',
          privacyPolicyUrl: 'https://example.test/privacy',
          cateringTermsUrl: 'https://example.test/catering',
        } satisfies Schemas['TermsUrls']),
      ),
    );
    const { user } = renderApp('/auth/register');
    await user.click(await screen.findByLabelText('I accept the terms and conditions and the privacy policy.'));
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    expect(await screen.findByRole('link', { name: 'Catering terms of use' })).toHaveAttribute('href', 'https://example.test/catering');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', 'https://example.test/terms');
    await user.click(screen.getByLabelText('I accept the catering terms of use.'));
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('registers an institution worker with the worker options', async () => {
    const bodies = useRegistration();
    const { user } = renderApp('/auth/register');
    await user.click(await screen.findByLabelText('Institution worker'));
    expect(screen.queryByText('Meal receivers list')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Bank account number/)).not.toBeInTheDocument();
    await fillParent(user);
    await user.selectOptions(await screen.findByLabelText(/^Institution\*?$/), 'Szkoła Podstawowa nr 12');
    await user.selectOptions(screen.getByLabelText(/^Workers group/), 'Kuchnia');
    expect(screen.getByLabelText(/^Diet/)).toHaveValue('10');
    await user.type(screen.getByLabelText(/Dining card number/), 'AB12345');
    await user.click(screen.getByLabelText('Select all'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'User registered sucessfully' })).toBeInTheDocument();
    expect(bodies[0]?.userType).toBe('institution_worker');
    expect(bodies[0]?.body).toMatchObject({
      institutionId: 1,
      institutionWorkersGroupId: 31,
      dietId: 10,
      cardNumber: 'AB12345',
      allergies: [],
      bankAccountNumber: '',
    });
    expect(bodies[0]?.body.children).toBeUndefined();
  });

  it('asks a worker for institution and diet with the worker sentence', async () => {
    useRegistration(childOptions({ settings: settings({ registerAs: 'institution_worker' }) }));
    const { user } = renderApp('/auth/register');
    await fillParent(user);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Select all'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        'In order to create institution worker you must fill up fields: email address, first name, last name, institution, diet and phone number.',
      ),
    ).toBeInTheDocument();
  });

  it('fixes the institution from the slug, read-only', async () => {
    useRegistration();
    const { user } = renderApp('/auth/register/sp12');
    await user.click(await screen.findByRole('button', { name: 'Create child' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('Szkoła Podstawowa nr 12')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('option', { name: '1A' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Motylki' })).not.toBeInTheDocument();
  });

  it('warns about an unknown slug', async () => {
    useRegistration();
    const { user } = renderApp('/auth/register/nope');
    expect(await screen.findByText('Error occured. Institution with given slug was not found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create child' }));
    expect(within(await screen.findByRole('dialog')).getByDisplayValue('Institution not found')).toBeInTheDocument();
  });

  it('given the options fail to load, when the visitor retries, then the form appears', async () => {
    useRegistration();
    let fail = true;
    server.use(
      http.get(apiUrl('auth/register/childOptions'), () =>
        fail ? HttpResponse.json({ message: 'Registration is unavailable right now.', errors: {} }, { status: 400 }) : HttpResponse.json(childOptions()),
      ),
    );
    const { user } = renderApp('/auth/register');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('Registration is unavailable right now.');
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('speaks natural Polish', async () => {
    await i18n.changeLanguage('pl');
    useRegistration();
    renderApp('/auth/register');
    expect(await screen.findByRole('heading', { name: 'Załóż konto' })).toBeInTheDocument();
    expect(await screen.findByText('Lista odbiorców posiłków jest pusta.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dodaj dziecko' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zarejestruj się' })).toBeDisabled();
  });
  it('reopens a listed child for editing with an edit title, the default diet chosen, and asks nothing of signed-in endpoints', async () => {
    const requested: string[] = [];
    const record = ({ request }: { request: Request }) => {
      requested.push(new URL(request.url).pathname.replace(/^\/api\/frontend\//, ''));
    };
    server.events.on('request:start', record);
    try {
      useRegistration();
      const { user } = renderApp('/auth/register');
      await user.click(await screen.findByRole('button', { name: 'Create child' }));
      let dialog = await screen.findByRole('dialog', { name: 'New child' });
      await user.type(within(dialog).getByLabelText(/^First name/), 'Ola');
      await user.type(within(dialog).getByLabelText(/^Last name/), 'Lis');
      // The institutions' default diet is chosen: the visitor does not have to pick one.
      expect(within(dialog).getByLabelText(/^Diet/)).toHaveValue('10');
      expect(within(dialog).getByLabelText(/^Allergies/)).toBeInTheDocument();
      await user.selectOptions(within(dialog).getByLabelText(/^Institution/), 'Szkoła Podstawowa nr 12');
      await user.selectOptions(within(dialog).getByLabelText(/^Classroom/), '1A');
      await user.selectOptions(within(dialog).getByLabelText(/^Diet/), 'Eliminacyjna');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(await screen.findByRole('button', { name: 'Edit Ola Lis' }));
      dialog = await screen.findByRole('dialog', { name: 'Edit child' });
      expect(within(dialog).getByRole('form', { name: 'Edit child' })).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('Ola');
      expect(within(dialog).getByLabelText(/^Institution/)).toHaveValue('1');
      expect(within(dialog).getByLabelText(/^Classroom/)).toHaveValue('21');
      // The chosen diet is kept, not replaced by the default one.
      expect(within(dialog).getByLabelText(/^Diet/)).toHaveValue('11');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Create child' }));
      dialog = await screen.findByRole('dialog', { name: 'New child' });
      expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('');
      expect(within(dialog).getByLabelText(/^Diet/)).toHaveValue('10');
    } finally {
      server.events.removeListener('request:start', record);
    }
    const anonymous = [
      /^auth\/register(\/|$)/,
      /^auth\/termsUrls$/,
      /^auth\/currentUser$/,
      /^tenant\/status$/,
      /^common\/settings\/parentsSettings\/allowSelfRegistration$/,
      /^\/version\.json$/,
    ];
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((path) => !anonymous.some((pattern) => pattern.test(path)))).toEqual([]);
  });
});
