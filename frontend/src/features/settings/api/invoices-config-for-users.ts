import { settingsEndpoint } from './settings-endpoint';

export interface InvoicesConfigForUsers {
  enableInvoicesForUsers: boolean;
  requireInvoiceConfigForUsers: boolean;
}

export const invoicesConfigForUsersEndpoint = settingsEndpoint<InvoicesConfigForUsers>('invoicesConfigForUsers');
