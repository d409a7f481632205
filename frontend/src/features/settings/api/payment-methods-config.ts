import type { Money } from '@/lib/money';
import { settingsEndpoint } from './settings-endpoint';

export interface PaymentMethodsConfig {
  tpayEnabled: boolean;
  tpayCollectEnabled: boolean;
  przelewy24Enabled: boolean;
  autopayEnabled: boolean;
  allowOnlinePayments: boolean;
  allowBankTransfers: boolean;
  staticBankAccountNumber: string | null;
  staticBankAccountNumber2: string | null;
  minimumPaymentAmount: Money;
}

export const paymentMethodsConfigEndpoint = settingsEndpoint<PaymentMethodsConfig>('paymentMethodsConfig');
