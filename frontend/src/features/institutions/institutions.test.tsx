import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/session/get-current-user';
import { makeUser } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const VALID_NRB = '61109010140000071219812874';

const school: Schemas['Institution'] = {
  id: 1,
  name: 'Primary School no. 12',
  shortName: 'SP 12',
  slug: 'sp12-warszawa',
  kind: 'school',
  districtId: 5,
  districtName: 'Ochota',
  street: 'Grójecka 93',
  city: 'Warszawa',
  postCode: '02-101',
  termsUrl: '',
  orderingNote: '',
  regularPaymentsBankAccountNumber: '',
  hideGrammages: false,
  invoiceBuyerName: '',
  invoiceBuyerTaxId: '',
  invoiceBuyerStreet: '',
  invoiceBuyerPostCode: '',
  invoiceBuyerCity: '',
  invoiceBuyerIsPublicBody: false,
  active: true,
  classroomsCount: 6,
};
const kindergarten: Schemas['Institution'] = {
  ...school,
  id: 2,
  name: 'Kindergarten no. 5',
  shortName: 'PM 5',
  slug: 'pm5',
  kind: 'kindergarten',
  active: false,
  classroomsCount: 3,
};
const institutionOptions: Schemas['InstitutionOption'][] = [
  { value: 1, text: 'Primary School no. 12', shortName: 'SP 12', slug: 'sp12-warszawa', districtId: 5, active: true },
  { value: 2, text: 'Kindergarten no. 5', shortName: 'PM 5', slug: 'pm5', districtId: 5, active: false },
];
const districtOptions: Schemas['DistrictOption'][] = [{ value: 5, text: 'Ochota' }];

const classroom1a: Schemas['Classroom'] = {
  id: 11,
  institutionId: 1,
  institution: { id: 1, name: 'Primary School no. 12', shortName: 'SP 12' },
  name: '1a',
  relatedPriceListsGroupId: 7,
  relatedPriceListsGroup: { id: 7, name: 'Basic' },
  hasDefaultPriceListsGroupForMembers: true,
  childrenCount: 0,
};
const classroom2b: Schemas['Classroom'] = { ...classroom1a, id: 12, name: '2b', childrenCount: 4 };

const page = <T,>(items: T[], perPage = 20) => ({ items, total: items.length, page: 1, perPage });

function signInAs(roles: Role[], abilities: string[] = roles.includes('ROLE_ADMIN') ? ['catalog.manage'] : []) {
  server.use(http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(roles, { abilities }))));
  signIn();
}

function serveInstitutions(items: Schemas['Institution'][] = [school, kindergarten]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('institutions'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const kind = params.get('kind');
      return HttpResponse.json(page(kind ? items.filter((item) => item.kind === kind) : items));
    }),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page(institutionOptions, 9999))),
    http.get(apiUrl('institutions/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('districts/options'), () => HttpResponse.json(page(districtOptions, 9999))),
  );
  return lists;
}

function serveClassrooms(items: Schemas['Classroom'][] = [classroom1a, classroom2b]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('classrooms'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      return HttpResponse.json(page(items));
    }),
    http.get(apiUrl('classrooms/:id'), ({ params }) => HttpResponse.json(items.find((item) => String(item.id) === params.id))),
    http.get(apiUrl('institutions/options'), () => HttpResponse.json(page(institutionOptions, 9999))),
    http.get(apiUrl('priceLists/groups'), () =>
      HttpResponse.json(
        page<Schemas['PriceListsGroup']>([
          { id: 7, name: 'Basic', defaultForChildren: true, defaultForInstitutionsWorkers: false, forGroupOrders: false },
          { id: 8, name: 'Group orders', defaultForChildren: false, defaultForInstitutionsWorkers: false, forGroupOrders: true },
        ]),
      ),
    ),
  );
  return lists;
}

describe('institutions screen', () => {
  it('lists institutions with kind, district and status, and filters by kind through the URL', async () => {
    signInAs(['ROLE_ADMIN']);
    const lists = serveInstitutions();
    const { user, router } = renderApp('/institutions');
    const table = await screen.findByRole('table', { name: 'Institutions' });
    expect(await within(table).findByRole('cell', { name: 'Primary School no. 12' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Short name'),
      expect.stringContaining('Primary School no. 12SP 12SchoolOchotaWarszawa6Active'),
      expect.stringContaining('Kindergarten no. 5PM 5KindergartenOchotaWarszawa3Inactive'),
    ]);
    expect(within(table).getByRole('link', { name: '6 classrooms of Primary School no. 12' })).toHaveAttribute(
      'href',
      '/classrooms?institutionId=1',
    );

    await user.selectOptions(screen.getByLabelText('Kind'), 'Kindergarten');
    await waitFor(() => expect(lists.at(-1)?.get('kind')).toBe('kindergarten'));
    expect(router.state.location.search).toBe('?kind=kindergarten');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Primary School no. 12' })).not.toBeInTheDocument());
  });

  it('asks before deactivating; OK posts deactivate, activation needs no question', async () => {
    signInAs(['ROLE_ADMIN']);
    serveInstitutions();
    const posted: string[] = [];
    server.use(
      http.post(apiUrl('institutions/:id/:command'), ({ params }) => {
        posted.push(`${String(params.id)}/${String(params.command)}`);
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/institutions');

    await user.click(await screen.findByRole('button', { name: 'Deactivate Primary School no. 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the institution?' });
    expect(dialog).toHaveTextContent('Parents and workers will no longer be able to choose “Primary School no. 12”.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Primary School no. 12' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate the institution?' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(posted).toEqual(['1/deactivate']));
    expect(await screen.findByText('“Primary School no. 12” has been deactivated.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Activate Kindergarten no. 5' }));
    await waitFor(() => expect(posted).toEqual(['1/deactivate', '2/activate']));
  });

  it('shows the refusal to delete an institution in use with what still refers to it', async () => {
    signInAs(['ROLE_ADMIN']);
    serveInstitutions();
    server.use(
      http.delete(apiUrl('institutions/:id'), () =>
        HttpResponse.json(
          {
            message: 'This institution is in use and cannot be deleted. Deactivate it instead.',
            errors: { institution: ['6 classrooms', '12 children'] },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/institutions');
    await user.click(await screen.findByRole('button', { name: 'Remove Primary School no. 12' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/This institution is in use and cannot be deleted/)).toBeInTheDocument();
    expect(screen.getByText(/12 children/)).toBeInTheDocument();
  });

  it('lets an institutions admin read the list without any way to change it', async () => {
    signInAs(['ROLE_INSTITUTIONS_ADMIN']);
    serveInstitutions([school]);
    renderApp('/institutions');
    const table = await screen.findByRole('table', { name: 'Institutions' });
    expect(await within(table).findByRole('cell', { name: 'Primary School no. 12' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '6' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /classrooms of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add institution' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deactivate|Edit|Remove/ })).not.toBeInTheDocument();
  });
});

describe('institution form', () => {
  it('checks the fields first, then shows the server error on its field, then creates and goes back to the list', async () => {
    signInAs(['ROLE_ADMIN']);
    serveInstitutions();
    const bodies: Schemas['InstitutionRequest'][] = [];
    server.use(
      http.post(apiUrl('institutions'), async ({ request }) => {
        const body = (await request.json()) as Schemas['InstitutionRequest'];
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { slug: ['An institution with this slug already exists.'] } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...school, ...body, id: 3 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/institutions/create');
    const form = await screen.findByRole('form', { name: 'New institution' });

    await user.type(within(form).getByLabelText(/^Name/), 'Workplace canteen');
    await user.type(within(form).getByLabelText(/^Short name/), 'ZK');
    await user.type(within(form).getByLabelText(/^Registration identifier/), 'Bad_Slug');
    await user.type(within(form).getByLabelText('Post code'), '00000');
    await user.type(within(form).getByLabelText('Bank account for regular payments'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Use lowercase letters, digits and single hyphens only, e.g. sp12-warszawa.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a post code in the format 00-000.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid 26-digit bank account number.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Kind/)).toHaveAccessibleDescription('This field is required.');
    expect(bodies).toHaveLength(0);

    const slug = within(form).getByLabelText(/^Registration identifier/);
    await user.clear(slug);
    await user.type(slug, 'sp12-warszawa');
    await user.selectOptions(within(form).getByLabelText(/^Kind/), 'Workplace');
    await user.selectOptions(within(form).getByLabelText('District'), 'Ochota');
    await user.clear(within(form).getByLabelText('Post code'));
    await user.type(within(form).getByLabelText('Post code'), '05-800');
    await user.clear(within(form).getByLabelText('Bank account for regular payments'));
    await user.type(within(form).getByLabelText('Bank account for regular payments'), '61 1090 1014 0000 0712 1981 2874');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Registration identifier/)).toHaveAccessibleDescription(
        expect.stringContaining('An institution with this slug already exists.'),
      ),
    );

    await user.clear(slug);
    await user.type(slug, 'zk-pruszkow');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/institutions'));
    expect(bodies.at(-1)).toEqual({
      name: 'Workplace canteen',
      shortName: 'ZK',
      slug: 'zk-pruszkow',
      kind: 'workplace',
      districtId: 5,
      street: '',
      postCode: '05-800',
      city: '',
      termsUrl: '',
      orderingNote: '',
      regularPaymentsBankAccountNumber: VALID_NRB,
      hideGrammages: false,
      invoiceBuyerName: '',
      invoiceBuyerTaxId: '',
      invoiceBuyerStreet: '',
      invoiceBuyerPostCode: '',
      invoiceBuyerCity: '',
      invoiceBuyerIsPublicBody: false,
    });
  });

  it("takes a gmina as the monthly invoice's buyer: its NIP checked, sent as 10 digits", async () => {
    signInAs(['ROLE_ADMIN']);
    serveInstitutions();
    const bodies: Schemas['InstitutionRequest'][] = [];
    server.use(
      http.post(apiUrl('institutions'), async ({ request }) => {
        const body = (await request.json()) as Schemas['InstitutionRequest'];
        bodies.push(body);
        return HttpResponse.json({ ...school, ...body, id: 3 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/institutions/create');
    const form = await screen.findByRole('form', { name: 'New institution' });

    await user.type(within(form).getByLabelText(/^Name/), 'SP 3');
    await user.type(within(form).getByLabelText(/^Short name/), 'SP3');
    await user.type(within(form).getByLabelText(/^Registration identifier/), 'sp3');
    await user.selectOptions(within(form).getByLabelText(/^Kind/), 'School');
    await user.type(within(form).getByLabelText("Buyer's name"), 'Gmina Łódź');
    await user.type(within(form).getByLabelText("Buyer's tax ID (NIP)"), '725-101');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the tax ID: 10 digits.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(within(form).getByLabelText("Buyer's tax ID (NIP)"));
    await user.type(within(form).getByLabelText("Buyer's tax ID (NIP)"), '725-101-87-45');
    await user.click(within(form).getByLabelText(/The buyer is a public body/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ invoiceBuyerName: 'Gmina Łódź', invoiceBuyerTaxId: '7251018745', invoiceBuyerIsPublicBody: true }),
    );
  });

  it('loads an institution into the edit form and PUTs the whole object', async () => {
    signInAs(['ROLE_ADMIN']);
    serveInstitutions();
    let put: unknown = null;
    server.use(
      http.put(apiUrl('institutions/1'), async ({ request }) => {
        put = await request.json();
        return HttpResponse.json(school);
      }),
    );
    const { user } = renderApp('/institutions/1/edit');
    const form = await screen.findByRole('form', { name: 'Edit institution' });
    const name = await within(form).findByLabelText(/^Name/);
    expect(name).toHaveValue('Primary School no. 12');
    await user.click(within(form).getByLabelText('Hide grammages'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toMatchObject({ name: 'Primary School no. 12', kind: 'school', districtId: 5, hideGrammages: true }));
  });
});

describe('classrooms screen', () => {
  it('removes the selected classrooms at once after asking, and shows which ones still have children when refused', async () => {
    signInAs(['ROLE_ADMIN']);
    serveClassrooms();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('classrooms/bulkDelete/:ids'), ({ params }) => {
        deleted.push(String(params.ids));
        if (deleted.length === 1) {
          return HttpResponse.json(
            {
              message: 'Some classrooms still have children. Move the children to other classrooms first.',
              errors: { classrooms: ['2b (SP 12): 4 children'] },
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/classrooms');
    const table = await screen.findByRole('table', { name: 'Classrooms' });
    expect(await within(table).findByRole('cell', { name: '2b' })).toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Remove 2 classrooms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Do you really want to remove 2 classrooms?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['11,12']));
    expect(await screen.findByText(/2b \(SP 12\): 4 children/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove 2 classrooms' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm removal' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['11,12', '11,12']));
    expect(await screen.findByText('2 classrooms have been removed.')).toBeInTheDocument();
  });

  it('filtered by an institution, offers to remove all its classrooms and presets it in the create form', async () => {
    signInAs(['ROLE_ADMIN']);
    const lists = serveClassrooms();
    const reset: string[] = [];
    server.use(
      http.post(apiUrl('institutions/:id/classrooms/reset'), ({ params }) => {
        reset.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = renderApp('/classrooms?institutionId=1');
    await waitFor(() => expect(lists.at(-1)?.get('institutionId')).toBe('1'));

    await user.click(await screen.findByRole('button', { name: 'Remove all classrooms of the institution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove all classrooms?' });
    expect(dialog).toHaveTextContent('Every classroom of “Primary School no. 12” will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Remove all classrooms of the institution' }));
    await waitFor(() => expect(reset).toEqual(['1']));

    await user.click(screen.getByRole('link', { name: 'Add classroom' }));
    const form = await screen.findByRole('form', { name: 'New classroom' });
    await waitFor(() => expect(within(form).getByLabelText(/^Institution/)).toHaveValue('1'));
    expect(router.state.location.search).toBe('?institutionId=1');
  });
});

describe('classroom form', () => {
  it('requires a price lists group before making it the default for members, then creates the classroom', async () => {
    signInAs(['ROLE_ADMIN']);
    serveClassrooms();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('classrooms'), async ({ request }) => {
        const body = (await request.json()) as Schemas['ClassroomRequest'];
        bodies.push(body);
        return HttpResponse.json({ ...classroom1a, ...body, id: 20 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/classrooms/create');
    const form = await screen.findByRole('form', { name: 'New classroom' });
    await user.selectOptions(await within(form).findByLabelText(/^Institution/), 'Kindergarten no. 5');
    await user.type(within(form).getByLabelText(/^Name/), 'Ladybirds');
    await user.click(within(form).getByLabelText('Default price lists group for its members'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText("Choose the classroom's price lists group to make it the default for its members.")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    const groups = within(form).getByLabelText('Price lists group');
    expect(within(groups).queryByRole('option', { name: 'Group orders' })).not.toBeInTheDocument();
    await user.selectOptions(groups, 'Basic');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classrooms'));
    expect(bodies).toEqual([
      { institutionId: 2, name: 'Ladybirds', relatedPriceListsGroupId: 7, hasDefaultPriceListsGroupForMembers: true },
    ]);
  });
});

describe('districts screen', () => {
  it('lists districts with their institutions and adds one in a modal', async () => {
    signInAs(['ROLE_ADMIN']);
    const created: unknown[] = [];
    server.use(
      http.get(apiUrl('districts'), () => HttpResponse.json(page<Schemas['District']>([{ id: 5, name: 'Ochota', institutionsCount: 2 }]))),
      http.post(apiUrl('districts'), async ({ request }) => {
        const body = (await request.json()) as Schemas['DistrictRequest'];
        created.push(body);
        return HttpResponse.json({ id: 6, institutionsCount: 0, ...body }, { status: 201 });
      }),
    );
    const { user } = renderApp('/districts');
    const table = await screen.findByRole('table', { name: 'Districts' });
    expect(await within(table).findByRole('cell', { name: 'Ochota' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add district' }));
    const dialog = await screen.findByRole('dialog', { name: 'New district' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Mokotów');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual([{ name: 'Mokotów' }]));
  });
});
