import { expect, test, type Route } from '@playwright/test';
import { openUserMenu, signedIn } from './helpers';

// The profile page's own chunk (lazyPage in features/profile/routes.tsx), loaded only when the page opens.
const PROFILE_CHUNK = '**/assets/ProfilePage-*.js';

test('a page whose code fails to load reloads once, then offers Try again inside the menu, never the developer page', async ({
  page,
}) => {
  await signedIn(page, 'agnieszka.wojcik@example.pl');
  let profileDocumentLoads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === '/profile') profileDocumentLoads += 1;
  });
  // Unreachable as after a deploy or on a dropped connection, and still so on the page the app's one reload opens.
  const abort = (route: Route) => route.abort();
  await page.route(PROFILE_CHUNK, abort);

  await openUserMenu(page, 'Agnieszka Wójcik');
  await page.getByRole('link', { name: 'Profil', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Nie udało się wyświetlić tej strony' })).toBeVisible();
  await expect(page.getByText('Nie udało się pobrać jej z serwera. Sprawdź połączenie z internetem i spróbuj ponownie.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(profileDocumentLoads).toBe(1);
  await expect(page.getByRole('navigation', { name: 'Menu główne' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Przejdź do strony głównej' })).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error|Hey developer|dynamically imported module/)).toHaveCount(0);

  await page.unroute(PROFILE_CHUNK, abort);
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();

  await expect(page.getByRole('heading', { name: 'Profil', exact: true })).toBeVisible();
  expect(profileDocumentLoads).toBe(2);
  await expect(page.getByRole('heading', { name: 'Nie udało się wyświetlić tej strony' })).toHaveCount(0);
});
