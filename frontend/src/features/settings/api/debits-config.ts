import type { Money } from '@/lib/money';
import { settingsEndpoint } from './settings-endpoint';

export interface DebitsConfig {
  applyAllowedDebit: boolean;
  allowedDebit: Money;
}

export const debitsConfigEndpoint = settingsEndpoint<DebitsConfig>('debitsConfig');
