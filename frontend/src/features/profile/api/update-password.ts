import { useMutation } from '@tanstack/react-query';
import { api, expectStatus } from '@/api/client';
import { sessionStore } from '@/lib/session-store';

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export const updatePassword = async (body: PasswordChange): Promise<{ status: boolean; token?: string }> =>
  expectStatus(await api.put<{ status: boolean; token?: string }>('common/account/password', body));

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: updatePassword,
    // The server revokes every other token on a password change; this one is the session's new key.
    onSuccess: ({ token }) => {
      if (token) sessionStore.storeToken(token);
    },
  });
