import type { components } from '@/api/schema';
import { settingsEndpoint } from './settings-endpoint';

type PaymentMethodsConfig = components['schemas']['PaymentMethodsConfig'];
type PaymentMethodsConfigBody = components['schemas']['PaymentMethodsConfigRequest'];

export const paymentMethodsConfigEndpoint = settingsEndpoint<PaymentMethodsConfig, PaymentMethodsConfigBody>('paymentMethodsConfig');
