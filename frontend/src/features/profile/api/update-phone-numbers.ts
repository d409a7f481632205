import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { useUpdateCurrentUser } from './use-update-current-user';

/** `phoneNumber2` is '' when unset (the server stores both without spaces). */
export type PhoneNumbersBody = components['schemas']['PhoneNumbersRequest'];
type PhoneNumbers = components['schemas']['PhoneNumbers'];

export const updatePhoneNumbers = async (body: PhoneNumbersBody): Promise<PhoneNumbers> =>
  expectOk(await api.put<PhoneNumbers>('common/account/phoneNumbers', body));

export const useUpdatePhoneNumbers = () => useUpdateCurrentUser(updatePhoneNumbers);
