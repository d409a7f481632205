import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server, type Schemas } from '@/test/server';

const page = <T,>(items: T[], perPage = 20) => ({ items, total: items.length, page: 1, perPage });

const chess: Schemas['ChildrenGroup'] = {
  id: 5,
  name: 'Szachy',
  classroomsIds: [11],
  classrooms: [{ id: 11, name: '1A', institutionId: 1, institutionName: 'SP 1' }],
  childrenIds: [21],
  childrenCount: 1,
};
const empty: Schemas['ChildrenGroup'] = { id: 6, name: 'Taniec', classroomsIds: [], classrooms: [], childrenIds: [], childrenCount: 0 };
const member = (id: number, firstName: string, via: 'child' | 'classroom'): Schemas['ChildrenGroupMember'] => ({
  id,
  firstName,
  lastName: 'Nowak',
  institutionId: 1,
  institutionName: 'SP 1',
  classroomId: 11,
  classroomName: '1A',
  parentId: 3,
  parentName: 'Jan Nowak',
  isActive: true,
  via,
});
const childOption = (value: number, text: string): Schemas['ChildOption'] => ({
  value,
  text,
  institutionId: 1,
  classroomId: 11,
  parentId: 3,
  cardNumber: null,
  isActive: true,
});

function serveGroups() {
  server.use(
    http.get(apiUrl('children-groups'), () => HttpResponse.json(page([chess, empty]))),
    http.get(apiUrl('children-groups/:id'), ({ params }) => HttpResponse.json([chess, empty].find((group) => String(group.id) === params.id))),
    http.get(apiUrl('children-groups/:id/members'), () =>
      HttpResponse.json(page([member(21, 'Ala', 'child'), member(22, 'Bartek', 'classroom')])),
    ),
    http.get(apiUrl('children/options'), () =>
      HttpResponse.json(page([childOption(21, 'Nowak Ala'), childOption(22, 'Nowak Bartek')], 9999)),
    ),
    http.get(apiUrl('classrooms'), () => HttpResponse.json(page([], 9999))),
  );
}

describe('children groups', () => {
  it('lists groups and asks before deleting one with children, saying how many', async () => {
    signIn();
    serveGroups();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('children-groups/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/childrenGroups');
    const table = await screen.findByRole('table', { name: 'Children groups' });
    expect(await within(table).findByRole('link', { name: 'Szachy' })).toHaveAttribute('href', '/childrenGroups/5');
    expect(within(table).getByRole('cell', { name: 'SP 1 – 1A' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Szachy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('1 child is assigned to “Szachy”. Remove the group? The child will stay, without a group.');
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveClass('btn-danger');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['5']));
  });

  it('shows members with how they belong and sets the group’s children', async () => {
    signIn();
    serveGroups();
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl('children-groups/:id/children'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...chess, childrenIds: [21, 22], childrenCount: 2 });
      }),
    );
    const { user } = renderApp('/childrenGroups/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Szachy' })).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Members' });
    expect(await within(members).findByRole('cell', { name: 'Nowak Bartek' })).toBeInTheDocument();
    expect(within(members).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('Nowak AlaSP 11AJan NowakAssignment'),
      expect.stringContaining('Nowak BartekSP 11AJan NowakClassroom'),
    ]);

    const editor = screen.getByRole('form', { name: 'Children of the group' });
    await user.click(within(editor).getByRole('button', { name: /Children/ }));
    await user.click(await screen.findByRole('option', { name: 'Nowak Bartek' }));
    await user.click(within(editor).getByRole('button', { name: 'Save children' }));
    await waitFor(() => expect(bodies).toEqual([{ childrenIds: [21, 22] }]));
    expect(await screen.findByText('The group’s children have been saved.')).toBeInTheDocument();
  });
});
