import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type Fees = components['schemas']['Fees'];
type FeesBody = components['schemas']['FeesRequest'];

export const feesEndpoint = settingsEndpoint<Fees, FeesBody>('fees');
