import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type ParentsSettings = components['schemas']['ParentsSettings'];
type ParentsSettingsBody = components['schemas']['ParentsSettingsRequest'];

export const parentsSettingsEndpoint = settingsEndpoint<ParentsSettings, ParentsSettingsBody>('parentsSettings');
