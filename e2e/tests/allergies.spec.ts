import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn, uniqueSuffix } from './helpers';

// Issue 30, "Never drop an allergy silently": changing a child's diet to one that does not allow allergen changes
// asks before removing the child's allergies and note; cancelling changes nothing; confirming removes them and the
// activity list says so in words. The child is made for this test (the demo children keep their allergies).

const ADMIN = 'admin@demo.kantyna.pl';
const NOTE = 'Bez orzechów laskowych';

type Json = Record<string, unknown>;
interface Child {
  id: number;
  firstName: string;
  lastName: string;
  dietId: number;
  allergies: number[];
  allergiesNote: string;
}
interface Allergen {
  id: number;
  number: number | null;
  name: string;
}
interface Diet {
  id: number;
  name: string;
  allowChangingAllergens: boolean;
  institutionsIds: number[];
}

async function call<T = Json>(page: Page, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([bearer, verb, url, payload]) => {
      const response = await fetch(`/api/frontend/${url}`, {
        method: verb,
        headers: { authorization: `Bearer ${bearer}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, json: await response.json() };
    },
    [token, method, path, body] as const,
  );
}

/** A demo child's parent and classroom, a diet that allows allergens there and one that forbids them, two allergens;
 * then a new child with those allergies and a note. */
async function childWithAllergies(page: Page, token: string) {
  const list = await call<{ items: { parentId: number; institutionId: number; classroomId: number }[] }>(page, token, 'GET', 'children?perPage=1');
  const [sibling] = list.json.items;
  if (!sibling) throw new Error('the demo has no children');
  const diets = (await call<{ items: Diet[] }>(page, token, 'GET', 'diets?perPage=9999')).json.items;
  const served = diets.filter((diet) => diet.institutionsIds.length === 0 || diet.institutionsIds.includes(sibling.institutionId));
  const allowing = served.find((diet) => diet.allowChangingAllergens);
  const forbidding = served.find((diet) => !diet.allowChangingAllergens);
  if (!allowing || !forbidding) throw new Error('the demo lacks a diet allowing or forbidding allergen changes');
  const allergens = (await call<{ items: Allergen[] }>(page, token, 'GET', 'allergens?perPage=9999')).json.items.slice(0, 2);
  const created = await call<Child>(page, token, 'POST', 'children', {
    firstName: 'Alergik',
    lastName: `Testowy${uniqueSuffix()}`,
    parentId: sibling.parentId,
    institutionId: sibling.institutionId,
    classroomId: sibling.classroomId,
    dietId: allowing.id,
    allergies: allergens.map((allergen) => allergen.id),
    allergiesNote: NOTE,
  });
  expect(created.status).toBe(201);
  return { child: created.json, allergens, allowing, forbidding };
}

test('changing the diet to one that forbids allergens asks before removing them, and the activity says it in words', async ({ page }) => {
  await signedIn(page, ADMIN);
  const token = await apiToken(page, ADMIN);
  const { child, allergens, allowing, forbidding } = await childWithAllergies(page, token);
  const labels = allergens.map((allergen) => (allergen.number ? `${allergen.number}. ${allergen.name}` : allergen.name));
  const stored = async () => (await call<Child>(page, token, 'GET', `children/${child.id}`)).json;

  await page.goto(`/children/${child.id}/edit/list`);
  const form = page.getByRole('form', { name: 'Edycja dziecka' });
  await expect(form.getByRole('textbox', { name: 'Uwagi o alergiach' })).toHaveValue(NOTE);
  await form.getByRole('combobox', { name: 'Dieta' }).selectOption({ label: forbidding.name });
  await expect(form.getByRole('textbox', { name: 'Uwagi o alergiach' })).toBeHidden();
  await form.getByRole('button', { name: 'Zapisz' }).click();

  // The dialog names what would go; cancelling sends nothing.
  let dialog = page.getByRole('dialog', { name: 'Usunąć alergie?' });
  await expect(dialog).toContainText(`Dieta ${forbidding.name} nie pozwala na zmianę alergenów.`);
  await expect(dialog.getByRole('listitem')).toHaveText([...labels, `uwagi o alergiach: ${NOTE}`]);
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/children/${child.id}/edit/list$`));
  const kept = await stored();
  expect([kept.dietId, [...kept.allergies].sort(), kept.allergiesNote]).toEqual([
    allowing.id,
    allergens.map((allergen) => allergen.id).sort(),
    NOTE,
  ]);

  // Confirming removes them.
  await form.getByRole('button', { name: 'Zapisz' }).click();
  dialog = page.getByRole('dialog', { name: 'Usunąć alergie?' });
  await dialog.getByRole('button', { name: 'Usuń i zapisz' }).click();
  await expect(page.getByText(`Dziecko '${child.firstName} ${child.lastName}' zostało zapisane.`)).toBeVisible();
  const cleared = await stored();
  expect([cleared.dietId, cleared.allergies, cleared.allergiesNote]).toEqual([forbidding.id, [], '']);

  // The activity list says what was removed, why, and that it was confirmed.
  await page.goto('/users/activity');
  const table = page.getByRole('table', { name: 'Aktywność użytkowników' });
  const row = table.getByRole('row').filter({ hasText: `Dziecko: ${child.firstName} ${child.lastName}` }).filter({ hasText: 'Usunięto alergie' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(
    `Usunięto alergie, bo dieta ${forbidding.name} nie pozwala na zmianę alergenów (potwierdzono): ${allergens.map((allergen) => allergen.name).join(', ')}`,
  );
  await expect(row).toContainText(`Uwagi o alergiach: ${NOTE} → (brak)`);
});
