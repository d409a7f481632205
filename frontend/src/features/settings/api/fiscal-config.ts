import { settingsEndpoint } from './settings-endpoint';

export interface FiscalConfig {
  fiscalizationEnabled: boolean;
}

export const fiscalConfigEndpoint = settingsEndpoint<FiscalConfig>('fiscalConfig');
