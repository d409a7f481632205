import { api, expectOk } from '@/api/client';
import { useUpdateCurrentUser } from './use-update-current-user';

export interface PhoneNumbers {
  phoneNumber: string;
  phoneNumber2: string | null;
}

export const updatePhoneNumbers = async (body: PhoneNumbers): Promise<PhoneNumbers> =>
  expectOk(await api.put<PhoneNumbers>('common/account/phoneNumbers', body));

export const useUpdatePhoneNumbers = () => useUpdateCurrentUser(updatePhoneNumbers);
