import { settingsEndpoint } from './settings-endpoint';

export interface PresencesMarkingConfig {
  allowAnyDiets: boolean;
  allowNotes: boolean;
  allowPrepaidOrders: boolean;
  allowOnlyOneDietAndMealType: boolean;
  allowSubscribedPayments: boolean;
  requireLastMonthToBePaid: boolean;
}

export const presencesMarkingConfigEndpoint = settingsEndpoint<PresencesMarkingConfig>('presencesMarkingConfig');
