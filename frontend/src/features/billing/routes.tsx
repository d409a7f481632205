import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const BillingPage = lazyPage(() => import('./pages/BillingPage'), 'BillingPage');
const PaymentPaidPage = lazyPage(() => import('./pages/PaymentPaidPage'), 'PaymentPaidPage');
const PayuPaidRedirect = lazyPage(() => import('./pages/PayuPaidRedirect'), 'PayuPaidRedirect');

export const routeElements: RouteElements = {
  billing: <BillingPage />,
  'payments.paid': <PaymentPaidPage />,
  'payu.paid': <PayuPaidRedirect />,
};
