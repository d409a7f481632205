import { useMutation } from '@tanstack/react-query';
import { api, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import { sessionStore } from '@/lib/session-store';

export type PasswordChangeBody = components['schemas']['ChangePasswordRequest'];
type PasswordChangeResult = components['schemas']['ChangePasswordResult'];

/** The server always answers `{status: true, token}`. */
export const updatePassword = async (body: PasswordChangeBody): Promise<PasswordChangeResult> =>
  expectStatus(await api.put<PasswordChangeResult>('common/account/password', body));

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: updatePassword,
    // The server revokes every earlier token on a password change, this one included; the fresh token is the session's new key.
    onSuccess: ({ token }) => sessionStore.storeToken(token),
  });
