import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type DebitsConfig = components['schemas']['DebitsConfig'];
type DebitsConfigBody = components['schemas']['DebitsConfigRequest'];

export const debitsConfigEndpoint = settingsEndpoint<DebitsConfig, DebitsConfigBody>('debitsConfig');
