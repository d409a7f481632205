import type { RouteElements } from '@/app/routes/route-elements';
import { AuthCallbackPage } from './pages/AuthCallbackPage';
import { LandingPage } from './pages/LandingPage';
import { RegisterPage } from './register/pages/RegisterPage';

export const routeElements: RouteElements = {
  'auth.login': <LandingPage />,
  'auth.callback': <AuthCallbackPage />,
  'auth.register': <RegisterPage />,
  'auth.register.institution': <RegisterPage />,
};
