import type { Locale } from '@/lib/i18n';
import { settingsEndpoint } from './settings-endpoint';

export interface TenantSettings {
  registerAs: 'parent' | 'institution_worker' | 'both';
  uploadMaxFileSize: number;
  canSeePricesByDefault: boolean;
  defaultLocale: Locale;
}

export const tenantSettingsEndpoint = settingsEndpoint<TenantSettings>('tenant/settings');
