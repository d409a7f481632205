import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeTenantStatus, makeUser } from './fixtures';

export const apiUrl = (path: string) => `*/api/frontend/${path}`;

const money = (amount: string) => ({ amount, currency: 'PLN' });

/** A signed-in admin on a healthy tenant; tests override what they exercise. */
export const defaultHandlers = [
  http.get(apiUrl('tenant/status'), () => HttpResponse.json(makeTenantStatus())),
  http.get(apiUrl('auth/currentUser'), () => HttpResponse.json(makeUser(['ROLE_ADMIN']))),
  http.get(apiUrl('auth/currentUser/balance'), () => HttpResponse.json(money('10.00'))),
  http.get(apiUrl('orders/totalAmounts'), () => HttpResponse.json(money('0.00'))),
  http.get(apiUrl('auth/termsUrls'), () =>
    HttpResponse.json({ termsAndConditionsUrl: null, privacyPolicyUrl: null, cateringTermsUrl: null }),
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
    }),
  ),
  http.get(apiUrl('institutionSettings/institutions/hiddenGrammages'), () => HttpResponse.json({ institutionsIds: [] })),
  http.get(apiUrl('common/settings/invoicesConfig'), () =>
    HttpResponse.json({ invoicesEnabled: false, numberingPattern: 'FV/{n}/{yyyy}', paymentDueDays: 14, defaultVatRate: '8.00' }),
  ),
  http.get(apiUrl('common/settings/invoicesConfigForUsers'), () =>
    HttpResponse.json({ enableInvoicesForUsers: false, requireInvoiceConfigForUsers: false }),
  ),
  http.get(apiUrl('common/settings/paymentMethodsConfig'), () =>
    HttpResponse.json({
      tpayEnabled: false,
      tpayCollectEnabled: false,
      przelewy24Enabled: false,
      autopayEnabled: false,
      allowOnlinePayments: false,
      allowBankTransfers: true,
      staticBankAccountNumber: null,
      staticBankAccountNumber2: null,
      minimumPaymentAmount: money('10.00'),
    }),
  ),
  http.get(apiUrl('common/settings/presencesMarkingConfig'), () =>
    HttpResponse.json({
      allowAnyDiets: false,
      allowNotes: true,
      allowPrepaidOrders: false,
      allowOnlyOneDietAndMealType: false,
      allowSubscribedPayments: false,
      requireLastMonthToBePaid: false,
    }),
  ),
  http.get(apiUrl('common/settings/ordersConfig'), () =>
    HttpResponse.json({ cardNumberLength: 8, diningCardsEnabled: true, orderDeadlineDaysBefore: 1, orderDeadlineTime: '12:00' }),
  ),
  http.get(apiUrl('common/settings/debitsConfig'), () =>
    HttpResponse.json({ applyAllowedDebit: true, allowedDebit: money('50.00') }),
  ),
  http.get(apiUrl('notifications/unread'), () =>
    HttpResponse.json({ status: true, readAt: null, unreadNotifications: 0, hasUnreadMessages: false, notifications: [] }),
  ),
  http.get(apiUrl('announcements/unseen'), () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })),
  http.get(apiUrl('common/settings/parentsSettings/allowSelfRegistration'), () =>
    HttpResponse.json({ allowSelfRegistration: true }),
  ),
  http.post(apiUrl('auth/logout'), () => HttpResponse.json({ status: true })),
  http.put(apiUrl('auth/currentUser/locale'), async ({ request }) => HttpResponse.json(await request.json())),
  http.get('*/version.json', () => HttpResponse.json({ version: __APP_VERSION__ })),
];

export const server = setupServer(...defaultHandlers);
