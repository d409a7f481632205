import { useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, expectOk } from '@/api/client';

export type PaymentFee = components['schemas']['Fee'];
export type PayResponse = components['schemas']['PayResponse'];
export type Payment = components['schemas']['Payment'];

/** While a payment is pending, /payments/paid asks again this often (the provider's notification may be late). */
export const PAYMENT_POLL_MS = 2000;

export const paymentKeys = {
  fee: (amount: string) => ['payments', 'fee', amount] as const,
  payment: (id: number) => ['payments', id] as const,
};

/** The server's fee for a top-up of `amount` (one rule: the fees settings), asked only for a valid amount. */
export const usePaymentFee = (amount: string | null) =>
  useQuery({
    queryKey: paymentKeys.fee(amount ?? ''),
    queryFn: async () => expectOk(await api.get<PaymentFee>('payments/fee', { amount })),
    enabled: amount !== null,
  });

/** The online providers, in the order /billing offers them. */
export const ONLINE_PROVIDERS = ['przelewy24', 'tpay', 'autopay'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];

export const usePay = () =>
  useMutation({
    mutationFn: async ({ amount, provider }: { amount: string; provider: OnlineProvider }) =>
      expectOk(await api.post<PayResponse>('payments/pay', { amount: { amount, currency: 'PLN' }, provider })),
  });

export const usePayment = (id: number | null) =>
  useQuery({
    queryKey: paymentKeys.payment(id ?? 0),
    queryFn: async () => expectOk(await api.get<Payment>(`payments/${id}`)),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PAYMENT_POLL_MS : false),
  });

/** Leaves the SPA for the provider's paywall (a full page load: the provider's site, or the local fake's). */
export function goToPaywall(url: string): void {
  window.location.assign(url);
}
