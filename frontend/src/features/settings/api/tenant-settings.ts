import type { components } from '@/api/schema';
import { settingsEndpoint } from '@/lib/settings/settings-endpoint';

type GeneralSettings = components['schemas']['GeneralSettings'];
type GeneralSettingsBody = components['schemas']['GeneralSettingsRequest'];

/** The general section (`GeneralSettings` in the schema); `uploadMaxFileSize` is in bytes. */
export const tenantSettingsEndpoint = settingsEndpoint<GeneralSettings, GeneralSettingsBody>('tenant/settings');
