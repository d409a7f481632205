import type { components } from '@/api/schema';
import { settingsEndpoint } from '@/lib/settings/settings-endpoint';

type FiscalConfig = components['schemas']['FiscalConfig'];
type FiscalConfigBody = components['schemas']['FiscalConfigRequest'];

export const fiscalConfigEndpoint = settingsEndpoint<FiscalConfig, FiscalConfigBody>('fiscalConfig');
