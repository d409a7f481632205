import { useMutation } from '@tanstack/react-query';
import { api, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';

type DeleteAccountBody = components['schemas']['DeleteAccountRequest'];
type Status = components['schemas']['Status'];

export const deleteAccount = async (password: DeleteAccountBody['password']): Promise<Status> =>
  expectStatus(await api.post<Status>('auth/deleteAccount', { password } satisfies DeleteAccountBody));

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
