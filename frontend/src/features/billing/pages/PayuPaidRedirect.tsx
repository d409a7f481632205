import { Navigate, useLocation } from 'react-router';

/** `/payu/paid` (the spec's paid-confirmation page, no role): the provider's return address of the PayU era. The
 * payment's state is the payer's own, so it is shown at `/payments/paid` with the same query (a visitor without a
 * session signs in first there). */
export function PayuPaidRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/payments/paid${search}`} replace />;
}
