import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type InvoicesConfig = components['schemas']['InvoicesConfig'];
type InvoicesConfigBody = components['schemas']['InvoicesConfigRequest'];

export const invoicesConfigEndpoint = settingsEndpoint<InvoicesConfig, InvoicesConfigBody>('invoicesConfig');
