import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type InvoicesConfigForUsers = components['schemas']['InvoicesConfigForUsers'];
type InvoicesConfigForUsersBody = components['schemas']['InvoicesConfigForUsersRequest'];

export const invoicesConfigForUsersEndpoint = settingsEndpoint<InvoicesConfigForUsers, InvoicesConfigForUsersBody>('invoicesConfigForUsers');
