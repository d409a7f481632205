import type { ReactNode } from 'react';
import { CompanyDetailsForm } from '../components/CompanyDetailsForm';
import { SettingsTab } from '../components/SettingsTab';
import { debitsConfigEndpoint } from '../api/debits-config';
import { feesEndpoint } from '../api/fees';
import { fiscalConfigEndpoint } from '../api/fiscal-config';
import { invoicesConfigEndpoint } from '../api/invoices-config';
import { invoicesConfigForUsersEndpoint } from '../api/invoices-config-for-users';
import { ordersConfigEndpoint } from '../api/orders-config';
import { parentsSettingsEndpoint } from '../api/parents-settings';
import { paymentMethodsConfigEndpoint } from '../api/payment-methods-config';
import { presencesMarkingConfigEndpoint } from '../api/presences-marking-config';
import { tenantSettingsEndpoint } from '../api/tenant-settings';
import { BANK_ACCOUNT_MAX_LENGTH, BANK_ACCOUNT_PATTERN } from '@/lib/validation';

export interface SettingsTabDef {
  key: string;
  element: ReactNode;
}

const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

/** The spec's tab order; the first one is where /settings/tenant lands. */
export const settingsTabs: readonly [SettingsTabDef, ...SettingsTabDef[]] = [
  {
    key: 'presences',
    element: (
      <SettingsTab
        sections={[
          {
            endpoint: presencesMarkingConfigEndpoint,
            fields: [
              { name: 'allowAnyDiets', kind: 'checkbox' },
              { name: 'allowNotes', kind: 'checkbox' },
              { name: 'allowPrepaidOrders', kind: 'checkbox' },
              { name: 'allowOnlyOneDietAndMealType', kind: 'checkbox' },
              { name: 'allowSubscribedPayments', kind: 'checkbox' },
              { name: 'requireLastMonthToBePaid', kind: 'checkbox' },
            ],
          },
          {
            endpoint: ordersConfigEndpoint,
            fields: [
              { name: 'diningCardsEnabled', kind: 'checkbox' },
              { name: 'cardNumberLength', kind: 'integer', min: 6, max: 10 },
              { name: 'orderDeadlineDaysBefore', kind: 'integer', min: 0, max: 14 },
              { name: 'orderDeadlineTime', kind: 'time' },
            ],
          },
        ]}
      />
    ),
  },
  {
    key: 'fees',
    element: (
      <SettingsTab
        sections={[
          {
            endpoint: feesEndpoint,
            fields: [
              { name: 'orderChargeTime', kind: 'select', options: ['on_marking', 'in_order_day'] },
              { name: 'addManipulationFee', kind: 'checkbox' },
              { name: 'defaultManipulationFee', kind: 'money' },
              { name: 'addPaymentTransactionFee', kind: 'checkbox' },
              { name: 'paymentTransactionFeeType', kind: 'select', options: ['amount', 'percent'] },
              { name: 'paymentTransactionFee', kind: 'decimal' },
            ],
          },
        ]}
      />
    ),
  },
  {
    key: 'debits',
    element: (
      <SettingsTab
        sections={[
          {
            endpoint: debitsConfigEndpoint,
            fields: [
              { name: 'applyAllowedDebit', kind: 'checkbox' },
              { name: 'allowedDebit', kind: 'money' },
            ],
          },
        ]}
      />
    ),
  },
  { key: 'companyDetails', element: <CompanyDetailsForm /> },
  {
    key: 'users',
    element: (
      <SettingsTab
        sections={[
          {
            endpoint: tenantSettingsEndpoint,
            fields: [
              { name: 'registerAs', kind: 'select', options: ['parent', 'institution_worker', 'both'] },
              { name: 'canSeePricesByDefault', kind: 'checkbox' },
              { name: 'defaultLocale', kind: 'select', options: ['pl', 'en'] },
              { name: 'uploadMaxFileSize', kind: 'integer', min: 1, max: MAX_UPLOAD_BYTES },
            ],
          },
        ]}
      />
    ),
  },
  {
    key: 'fiscalization',
    element: (
      <SettingsTab
        sections={[{ endpoint: fiscalConfigEndpoint, fields: [{ name: 'fiscalizationEnabled', kind: 'checkbox' }] }]}
      />
    ),
  },
  {
    key: 'parents',
    element: (
      <SettingsTab
        sections={[
          {
            endpoint: parentsSettingsEndpoint,
            fields: [
              { name: 'allowSelfRegistration', kind: 'checkbox' },
              { name: 'addRegistrationFee', kind: 'checkbox' },
              { name: 'registrationFee', kind: 'money' },
              { name: 'hideInstitutionsListsFromParents', kind: 'checkbox' },
              { name: 'allowChangingAllergens', kind: 'checkbox' },
              { name: 'allowChangingAllergensNote', kind: 'checkbox' },
              { name: 'allowChangingDiets', kind: 'checkbox' },
              { name: 'allowChangingClassrooms', kind: 'checkbox' },
              { name: 'allowChangingInstitutions', kind: 'checkbox' },
              { name: 'allowChangingCardNumbers', kind: 'checkbox' },
              { name: 'hideIngredients', kind: 'checkbox' },
              { name: 'balancePerChildren', kind: 'checkbox' },
              { name: 'ibanAccountNumberPart', kind: 'text', pattern: /^\d+$/, maxLength: 26 },
            ],
          },
        ]}
      />
    ),
  },
  {
    key: 'payments',
    element: (
      <SettingsTab
        sections={[
          {
            endpoint: paymentMethodsConfigEndpoint,
            fields: [
              { name: 'allowOnlinePayments', kind: 'checkbox' },
              { name: 'tpayEnabled', kind: 'checkbox' },
              { name: 'tpayCollectEnabled', kind: 'checkbox' },
              { name: 'przelewy24Enabled', kind: 'checkbox' },
              { name: 'autopayEnabled', kind: 'checkbox' },
              { name: 'allowBankTransfers', kind: 'checkbox' },
              { name: 'staticBankAccountNumber', kind: 'text', pattern: BANK_ACCOUNT_PATTERN, maxLength: BANK_ACCOUNT_MAX_LENGTH },
              { name: 'staticBankAccountNumber2', kind: 'text', pattern: BANK_ACCOUNT_PATTERN, maxLength: BANK_ACCOUNT_MAX_LENGTH },
              { name: 'minimumPaymentAmount', kind: 'money' },
            ],
          },
        ]}
      />
    ),
  },
  {
    key: 'invoices',
    element: (
      <SettingsTab
        sections={[
          {
            endpoint: invoicesConfigEndpoint,
            fields: [
              { name: 'invoicesEnabled', kind: 'checkbox' },
              { name: 'numberingPattern', kind: 'text', required: true, maxLength: 100 },
              { name: 'paymentDueDays', kind: 'integer', min: 0, max: 365 },
              { name: 'defaultVatRate', kind: 'decimal' },
            ],
          },
          {
            endpoint: invoicesConfigForUsersEndpoint,
            fields: [
              { name: 'enableInvoicesForUsers', kind: 'checkbox' },
              { name: 'requireInvoiceConfigForUsers', kind: 'checkbox' },
            ],
          },
        ]}
      />
    ),
  },
];
