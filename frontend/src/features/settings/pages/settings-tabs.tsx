import type { ReactNode } from 'react';
import { CompanyDetailsForm } from '../components/CompanyDetailsForm';
import { Przelewy24AccountForm } from '../components/Przelewy24AccountForm';
import { TpayAccountForm } from '../components/TpayAccountForm';
import { AutopayAccountForm } from '../components/AutopayAccountForm';
import { SettingsSection, type SectionActions, type SectionCheck, type SettingsField, type TextRule } from '../components/SettingsSection';
import { RegisterCheckButton } from '../components/RegisterCheckButton';
import { SettingsTab, type SettingsTabSection } from '../components/SettingsTab';
import type { SettingsEndpoint } from '@/lib/settings/settings-endpoint';
import type { SettingsTabKey } from '../settings-tab-keys';
import { debitsConfigEndpoint } from '@/lib/settings/debits-config';
import { feesEndpoint } from '@/lib/settings/fees';
import { fiscalConfigEndpoint } from '../api/fiscal-config';
import { invoicesConfigEndpoint } from '@/lib/settings/invoices-config';
import { invoicesConfigForUsersEndpoint } from '@/lib/settings/invoices-config-for-users';
import { ordersConfigEndpoint } from '@/lib/settings/orders-config';
import { parentsSettingsEndpoint } from '@/lib/settings/parents-settings';
import { paymentMethodsConfigEndpoint } from '@/lib/settings/payment-methods-config';
import { presencesMarkingConfigEndpoint } from '@/lib/settings/presences-marking-config';
import { tenantSettingsEndpoint } from '../api/tenant-settings';
import { toDecimalString } from '@/lib/money';
import { isValidNrb } from '@/lib/nrb';
import { BANK_ACCOUNT_MAX_LENGTH } from '@/lib/validation';

/** Typed by its endpoint: field names, kinds and select options must match the request schema. */
function settingsSection<T extends object, TBody>(
  endpoint: SettingsEndpoint<T, TBody>,
  fields: readonly SettingsField<TBody>[],
  check?: SectionCheck<TBody>,
  actions?: SectionActions,
): SettingsTabSection {
  return {
    key: endpoint.key,
    render: (title) => (
      <SettingsSection key={endpoint.key} endpoint={endpoint} fields={fields} check={check} actions={actions} title={title} />
    ),
  };
}

const NRB_RULE: TextRule = { test: isValidNrb, message: 'nrb' };
const IBAN_PART_RULE: TextRule = { test: (value) => /^\d{0,8}$/.test(value), message: 'ibanPart' };
const PERCENT_MAX = 100;
const PRINTER_URL_RULE: TextRule = { test: (value) => /^https?:\/\/[^\s/]+/.test(value), message: 'printerUrl' };

/** Each tab's content by its key; the order of the tabs is `settingsTabKeys`. */
export const settingsTabElements: Readonly<Record<SettingsTabKey, ReactNode>> = {
  presences: (
    <SettingsTab
      sections={[
        settingsSection(presencesMarkingConfigEndpoint, [
          { name: 'allowAnyDiets', kind: 'checkbox' },
          { name: 'allowNotes', kind: 'checkbox' },
          { name: 'allowPrepaidOrders', kind: 'checkbox' },
          { name: 'allowOnlyOneDietAndMealType', kind: 'checkbox' },
          { name: 'allowSubscribedPayments', kind: 'checkbox' },
          { name: 'requireLastMonthToBePaid', kind: 'checkbox' },
        ]),
        settingsSection(ordersConfigEndpoint, [
          { name: 'diningCardsEnabled', kind: 'checkbox' },
          { name: 'cardNumberLength', kind: 'integer', min: 6, max: 10 },
          { name: 'orderDeadlineDaysBefore', kind: 'integer', min: 0, max: 14 },
          { name: 'orderDeadlineTime', kind: 'time' },
          { name: 'publicHolidaysFreeDays', kind: 'checkbox' },
        ]),
      ]}
    />
  ),
  fees: (
    <SettingsTab
      sections={[
        settingsSection(
          feesEndpoint,
          [
            { name: 'orderChargeTime', kind: 'select', options: ['on_marking', 'in_order_day'] },
            { name: 'addManipulationFee', kind: 'checkbox' },
            { name: 'defaultManipulationFee', kind: 'money' },
            { name: 'addPaymentTransactionFee', kind: 'checkbox' },
            { name: 'paymentTransactionFeeType', kind: 'select', options: ['amount', 'percent'] },
            { name: 'paymentTransactionFee', kind: 'decimal' },
          ],
          // The server's rule: a percentage fee cannot exceed 100.
          (values) =>
            values.paymentTransactionFeeType === 'percent' &&
            Number(toDecimalString(String(values.paymentTransactionFee))) > PERCENT_MAX
              ? { field: 'paymentTransactionFee', message: 'percentMax' }
              : null,
        ),
      ]}
    />
  ),
  debits: (
    <SettingsTab
      sections={[
        settingsSection(debitsConfigEndpoint, [
          { name: 'applyAllowedDebit', kind: 'checkbox' },
          { name: 'allowedDebit', kind: 'money' },
        ]),
      ]}
    />
  ),
  companyDetails: <CompanyDetailsForm />,
  users: (
    <SettingsTab
      sections={[
        settingsSection(tenantSettingsEndpoint, [
          { name: 'registerAs', kind: 'select', options: ['parent', 'institution_worker', 'both'] },
          { name: 'canSeePricesByDefault', kind: 'checkbox' },
          { name: 'defaultLocale', kind: 'select', options: ['pl', 'en'] },
          // 1 to 50 MiB; sent in bytes
          { name: 'uploadMaxFileSize', kind: 'megabytes', min: 1, max: 50 },
        ]),
      ]}
    />
  ),
  fiscalization: (
    <SettingsTab
      sections={[
        settingsSection(
          fiscalConfigEndpoint,
          [
            { name: 'fiscalizationEnabled', kind: 'checkbox' },
            { name: 'fiscalizeFrom', kind: 'date' },
            { name: 'register', kind: 'select', options: ['fake', 'novitus'] },
            { name: 'registerUrl', kind: 'text', maxLength: 200, rules: [PRINTER_URL_RULE] },
            { name: 'taxSymbol', kind: 'select', options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] },
            { name: 'itemName', kind: 'text', required: true, maxLength: 60 },
          ],
          (values) =>
            values.register === 'novitus' && String(values.registerUrl ?? '').trim() === ''
              ? { field: 'registerUrl', message: 'printerUrlRequired' }
              : null,
          (form) => <RegisterCheckButton {...form} />,
        ),
      ]}
    />
  ),
  parents: (
    <SettingsTab
      sections={[
        settingsSection(parentsSettingsEndpoint, [
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
          { name: 'ibanAccountNumberPart', kind: 'text', maxLength: 8, rules: [IBAN_PART_RULE] },
        ]),
      ]}
    />
  ),
  payments: (
    <SettingsTab
      sections={[
        settingsSection(paymentMethodsConfigEndpoint, [
          { name: 'allowOnlinePayments', kind: 'checkbox' },
          { name: 'tpayEnabled', kind: 'checkbox' },
          { name: 'tpayCollectEnabled', kind: 'checkbox' },
          { name: 'przelewy24Enabled', kind: 'checkbox' },
          { name: 'autopayEnabled', kind: 'checkbox' },
          { name: 'allowBankTransfers', kind: 'checkbox' },
          { name: 'staticBankAccountNumber', kind: 'text', maxLength: BANK_ACCOUNT_MAX_LENGTH, rules: [NRB_RULE] },
          { name: 'staticBankAccountNumber2', kind: 'text', maxLength: BANK_ACCOUNT_MAX_LENGTH, rules: [NRB_RULE] },
          { name: 'minimumPaymentAmount', kind: 'money' },
        ]),
        { key: 'przelewy24', render: (title) => <Przelewy24AccountForm key="przelewy24" title={title} /> },
        { key: 'tpay', render: (title) => <TpayAccountForm key="tpay" title={title} /> },
        { key: 'autopay', render: (title) => <AutopayAccountForm key="autopay" title={title} /> },
      ]}
    />
  ),
  invoices: (
    <SettingsTab
      sections={[
        settingsSection(invoicesConfigEndpoint, [
          { name: 'invoicesEnabled', kind: 'checkbox' },
          {
            name: 'numberingPattern',
            kind: 'text',
            required: true,
            maxLength: 60,
            rules: [{ test: (value) => value.includes('{number}'), message: 'numberingPattern' }],
          },
          { name: 'paymentDueDays', kind: 'integer', min: 0, max: 90 },
          { name: 'defaultVatRate', kind: 'select', options: ['0', '5', '8', '23', 'zw'] },
          { name: 'exemptionBasis', kind: 'text', maxLength: 256 },
          { name: 'ksefEnabled', kind: 'checkbox' },
          { name: 'ksefToken', kind: 'secret', maxLength: 512 },
        ], (values) =>
          values.defaultVatRate === 'zw' && String(values.exemptionBasis ?? '').trim() === '' ? { field: 'exemptionBasis', message: 'exemptionBasis' } : null,
        ),
        settingsSection(invoicesConfigForUsersEndpoint, [
          { name: 'enableInvoicesForUsers', kind: 'checkbox' },
          { name: 'requireInvoiceConfigForUsers', kind: 'checkbox' },
        ]),
      ]}
    />
  ),
};
