import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type OrdersConfig = components['schemas']['OrdersConfig'];
type OrdersConfigBody = components['schemas']['OrdersConfigRequest'];

export const ordersConfigEndpoint = settingsEndpoint<OrdersConfig, OrdersConfigBody>('ordersConfig');
