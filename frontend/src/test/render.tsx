import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/api/query-client';
import { createAppRoutes } from '@/app/routes/routes';
import { AppProviders } from '@/app/providers';
import { makeJwt } from './fixtures';

/** Signs in the way /auth/callback does: a token cookie (production name, tenant not demo). */
export function signIn(token: string = makeJwt()): string {
  document.cookie = `token=${token}; path=/`;
  return token;
}

/**
 * The whole app (providers, route table, guards) at `path`. Pages are lazyPage()s: a test file loads only the
 * pages it opens, the first time behind the page spinner, so it finds them with findBy*.
 */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
