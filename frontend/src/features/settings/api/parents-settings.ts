import type { Money } from '@/lib/money';
import { settingsEndpoint } from './settings-endpoint';

export interface ParentsSettings {
  registrationFee: Money;
  addRegistrationFee: boolean;
  allowSelfRegistration: boolean;
  hideInstitutionsListsFromParents: boolean;
  ibanAccountNumberPart: string | null;
  allowChangingAllergens: boolean;
  allowChangingAllergensNote: boolean;
  allowChangingDiets: boolean;
  allowChangingClassrooms: boolean;
  allowChangingInstitutions: boolean;
  allowChangingCardNumbers: boolean;
  hideIngredients: boolean;
  balancePerChildren: boolean;
}

export const parentsSettingsEndpoint = settingsEndpoint<ParentsSettings>('parentsSettings');
