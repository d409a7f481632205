import type { Money } from '@/lib/money';
import { settingsEndpoint } from './settings-endpoint';

export interface FeesConfig {
  id: number;
  addManipulationFee: boolean;
  defaultManipulationFee: Money;
  addPaymentTransactionFee: boolean;
  /** Decimal string: an amount or a percentage depending on the type. */
  paymentTransactionFee: string;
  paymentTransactionFeeType: 'amount' | 'percent';
  orderChargeTime: 'on_marking' | 'in_order_day';
}

export const feesEndpoint = settingsEndpoint<FeesConfig>('fees');
