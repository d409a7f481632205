import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { components } from '@/api/schema';
import type { Money } from '@/lib/money';
import { makeTenantStatus, makeUser } from './fixtures';

/** The generated API types, so a fixture cannot drift from the serializers. */
export type Schemas = components['schemas'];

export const apiUrl = (path: string) => `*/api/frontend/${path}`;

export const money = (amount: string): Money => ({ amount, currency: 'PLN' });

/** A signed-in admin on a healthy tenant; tests override what they exercise. */
export const defaultHandlers = [
  http.get(apiUrl('tenant/status'), () => HttpResponse.json(makeTenantStatus())),
  http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN']))),
  http.get(apiUrl('auth/currentUser/balance'), () => HttpResponse.json(money('10.00'))),
  http.get(apiUrl('orders/totalAmounts'), () => HttpResponse.json(money('0.00'))),
  http.get(apiUrl('auth/termsUrls'), () =>
    HttpResponse.json({ termsAndConditionsUrl: null, privacyPolicyUrl: null, cateringTermsUrl: null } satisfies Schemas['TermsUrls']),
  ),
  http.get(apiUrl('common/settings/fees'), () =>
    HttpResponse.json({
      id: 1,
      addManipulationFee: false,
      defaultManipulationFee: money('0.00'),
      addPaymentTransactionFee: false,
      paymentTransactionFee: '0.00',
      paymentTransactionFeeType: 'amount',
      orderChargeTime: 'on_marking',
    } satisfies Schemas['Fees']),
  ),
  http.get(apiUrl('institutionSettings/institutions/hiddenGrammages'), () => HttpResponse.json({ institutionsIds: [] } satisfies Schemas['HiddenGrammages'])),
  http.get(apiUrl('common/settings/invoicesConfig'), () =>
    HttpResponse.json({
      invoicesEnabled: false,
      numberingPattern: 'FV/{number}/{month}/{year}',
      paymentDueDays: 14,
      defaultVatRate: '8',
      exemptionBasis: '',
      ksefEnabled: false,
      ksefTokenSet: false,
    } satisfies Schemas['InvoicesConfig']),
  ),
  http.get(apiUrl('common/settings/invoicesConfigForUsers'), () =>
    HttpResponse.json({ enableInvoicesForUsers: false, requireInvoiceConfigForUsers: false } satisfies Schemas['InvoicesConfigForUsers']),
  ),
  http.get(apiUrl('common/settings/paymentMethodsConfig'), () =>
    HttpResponse.json({
      tpayEnabled: false,
      tpayCollectEnabled: false,
      przelewy24Enabled: false,
      autopayEnabled: false,
      allowOnlinePayments: false,
      allowBankTransfers: true,
      staticBankAccountNumber: '',
      staticBankAccountNumber2: '',
      minimumPaymentAmount: money('10.00'),
      przelewy24: { merchantId: 0, posId: 0, crcSet: false, apiKeySet: false, sandbox: true },
      tpay: { merchantId: 0, clientId: '', clientSecretSet: false, securityCodeSet: false, sandbox: true },
      autopay: { serviceId: 0, sharedKeySet: false, sandbox: true },
    } satisfies Schemas['PaymentMethodsConfig']),
  ),
  http.get(apiUrl('common/settings/presencesMarkingConfig'), () =>
    HttpResponse.json({
      allowAnyDiets: false,
      allowNotes: true,
      allowPrepaidOrders: false,
      allowOnlyOneDietAndMealType: false,
      allowSubscribedPayments: false,
      requireLastMonthToBePaid: false,
    } satisfies Schemas['PresencesMarkingConfig']),
  ),
  http.get(apiUrl('common/settings/ordersConfig'), () =>
    HttpResponse.json({
      cardNumberLength: 8,
      diningCardsEnabled: true,
      orderDeadlineDaysBefore: 1,
      orderDeadlineTime: '12:00',
      publicHolidaysFreeDays: true,
      terminalOrdersEnabled: false,
    } satisfies Schemas['OrdersConfig']),
  ),
  http.get(apiUrl('common/settings/debitsConfig'), () =>
    HttpResponse.json({ applyAllowedDebit: true, allowedDebit: money('50.00') } satisfies Schemas['DebitsConfig']),
  ),
  http.get(apiUrl('notifications/unread'), () =>
    HttpResponse.json({
      status: true,
      readAt: null,
      unreadNotifications: 0,
      hasUnreadMessages: false,
      notifications: [],
    } satisfies Schemas['UnreadNotifications']),
  ),
  http.get(apiUrl('announcements/unseen'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 50 } satisfies Schemas['UnseenAnnouncements'])),
  // Fiscal receipts are off unless a test turns them on.
  http.get(apiUrl('common/settings/fiscalizationEnabled'), () =>
    HttpResponse.json({ fiscalizationEnabled: false } satisfies Schemas['FiscalizationEnabled']),
  ),
  http.get(apiUrl('common/settings/parentsSettings/allowSelfRegistration'), () =>
    HttpResponse.json({ allowSelfRegistration: true } satisfies Schemas['AllowSelfRegistration']),
  ),
  // A customer's home (/calendar/user) asks for their meal receivers and their unsent selection.
  http.get(apiUrl('children/options'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 9999 })),
  http.get(apiUrl('calendar/days/markedPresencesDrafts'), () =>
    HttpResponse.json({ id: null, data: null, updatedAt: null } satisfies Schemas['MarkedPresencesDraftOrEmpty']),
  ),
  http.post(apiUrl('auth/logout'), () => HttpResponse.json({ status: true } satisfies Schemas['Status'])),
  http.put(apiUrl('auth/currentUser/locale'), async ({ request }) => HttpResponse.json(await request.json())),
  http.get('*/version.json', () => HttpResponse.json({ version: __APP_VERSION__ })),
];

export const server = setupServer(...defaultHandlers);
