import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/toasts/toast-store';
import { balanceQueryOptions } from '@/lib/session/get-balance';
import { isCustomer, type CurrentUser } from '@/lib/session/get-current-user';
import { termsUrlsQueryOptions } from '@/lib/session/get-terms-urls';
import { hiddenGrammagesQueryOptions } from '@/lib/institutions/get-hidden-grammages';
import { unreadNotificationsQueryOptions } from '@/lib/notifications/get-unread-notifications';
import { activeOrdersAmountQueryOptions } from '@/lib/orders/get-active-orders-amount';
import { debitsConfigEndpoint } from '@/lib/settings/debits-config';
import { feesEndpoint } from '@/lib/settings/fees';
import { invoicesConfigEndpoint } from '@/lib/settings/invoices-config';
import { paymentMethodsConfigEndpoint } from '@/lib/settings/payment-methods-config';
import { presencesMarkingConfigEndpoint } from '@/lib/settings/presences-marking-config';
import { formatMoney } from '@/lib/format';
import { isNegativeAmount, type Money } from '@/lib/money';
import { storageKeys } from '@/lib/storage';

/** The spec gives "10" without a unit; minutes is the only reading that is neither spammy nor useless. */
export const NEGATIVE_BALANCE_NOTICE_INTERVAL_MINUTES = 10;

/** Loads what every screen relies on as soon as the user is known (spec §4, Session). */
export function useSessionData(user: CurrentUser | undefined): void {
  const signedIn = user !== undefined;
  const isCook = user?.roles.includes('ROLE_COOK') ?? false;
  const customer = user ? isCustomer(user) : false;
  const admin = user?.roles.includes('ROLE_ADMIN') ?? false;

  useQuery({ ...termsUrlsQueryOptions(), enabled: signedIn });
  useQuery({ ...feesEndpoint.queryOptions(), enabled: signedIn });
  useQuery({ ...hiddenGrammagesQueryOptions(), enabled: signedIn });
  useQuery({ ...invoicesConfigEndpoint.queryOptions(), enabled: signedIn });
  useQuery({ ...paymentMethodsConfigEndpoint.queryOptions(), enabled: signedIn });
  useQuery({ ...presencesMarkingConfigEndpoint.queryOptions(), enabled: signedIn && !isCook });
  useQuery({ ...unreadNotificationsQueryOptions(), enabled: signedIn && !isCook });
  useQuery({ ...debitsConfigEndpoint.queryOptions(), enabled: admin });
  const balance = useQuery({ ...balanceQueryOptions(), enabled: customer });
  useQuery({ ...activeOrdersAmountQueryOptions(), enabled: customer });

  useNegativeBalanceNotice(customer && !balance.isPlaceholderData ? balance.data : undefined);
}

function useNegativeBalanceNotice(balance: Money | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!balance || !isNegativeAmount(balance.amount)) return;
    const lastShown = Number(window.localStorage.getItem(storageKeys.negativeBalanceNoticeShownAt) ?? 0);
    if (Date.now() - lastShown < NEGATIVE_BALANCE_NOTICE_INTERVAL_MINUTES * 60_000) return;
    window.localStorage.setItem(storageKeys.negativeBalanceNoticeShownAt, String(Date.now()));
    notify({ type: 'warning', message: t('negativeBalanceNotice', { balance: formatMoney(balance) }) });
  }, [balance, t]);
}
