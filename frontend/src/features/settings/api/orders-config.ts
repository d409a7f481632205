import { settingsEndpoint } from './settings-endpoint';

export interface OrdersConfig {
  cardNumberLength: number;
  diningCardsEnabled: boolean;
  orderDeadlineDaysBefore: number;
  orderDeadlineTime: string;
}

export const ordersConfigEndpoint = settingsEndpoint<OrdersConfig>('ordersConfig');
