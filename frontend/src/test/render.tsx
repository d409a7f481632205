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
