import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const AuthCallbackPage = lazyPage(() => import('./pages/AuthCallbackPage'), 'AuthCallbackPage');
const LandingPage = lazyPage(() => import('./pages/LandingPage'), 'LandingPage');
const RegisterPage = lazyPage(() => import('./register/pages/RegisterPage'), 'RegisterPage');

export const routeElements: RouteElements = {
  'auth.login': <LandingPage />,
  'auth.callback': <AuthCallbackPage />,
  'auth.register': <RegisterPage />,
  'auth.register.institution': <RegisterPage />,
};
