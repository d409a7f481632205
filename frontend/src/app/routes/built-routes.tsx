import type { ReactNode } from 'react';
import { AuthCallbackPage } from '@/features/auth/pages/AuthCallbackPage';
import { LandingPage } from '@/features/auth/pages/LandingPage';
import { RegisterPage } from '@/features/auth/pages/RegisterPage';
import { HomePage } from '@/features/home/pages/HomePage';
import { ProfilePage } from '@/features/profile/pages/ProfilePage';
import { TenantSettingsLayout } from '@/features/settings/pages/TenantSettingsLayout';

/** Pages built so far; every other route of the table renders ComingSoon and stays out of the menu. */
export const builtPages: Readonly<Record<string, () => ReactNode>> = {
  'auth.login': () => <LandingPage />,
  'auth.callback': () => <AuthCallbackPage />,
  'auth.register': () => <RegisterPage />,
  'auth.register.institution': () => <RegisterPage />,
  home: () => <HomePage />,
  profile: () => <ProfilePage />,
  'settings.tenant': () => <TenantSettingsLayout />,
};

export const builtRouteNames: ReadonlySet<string> = new Set(Object.keys(builtPages));
