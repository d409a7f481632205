import { settingsEndpoint } from './settings-endpoint';

export interface InvoicesConfig {
  invoicesEnabled: boolean;
  numberingPattern: string;
  paymentDueDays: number;
  defaultVatRate: string;
}

export const invoicesConfigEndpoint = settingsEndpoint<InvoicesConfig>('invoicesConfig');
