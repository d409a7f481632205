import { useMutation } from '@tanstack/react-query';
import { api, expectStatus } from '@/api/client';
import type { StatusResponse } from '@/api/types';

export const deleteAccount = async (password: string): Promise<StatusResponse> =>
  expectStatus(await api.post<StatusResponse>('auth/deleteAccount', { password }));

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
