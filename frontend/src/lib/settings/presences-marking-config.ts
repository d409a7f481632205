import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type PresencesMarkingConfig = components['schemas']['PresencesMarkingConfig'];
type PresencesMarkingConfigBody = components['schemas']['PresencesMarkingConfigRequest'];

export const presencesMarkingConfigEndpoint = settingsEndpoint<PresencesMarkingConfig, PresencesMarkingConfigBody>('presencesMarkingConfig');
