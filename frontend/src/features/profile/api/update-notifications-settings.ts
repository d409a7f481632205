import { api, expectOk } from '@/api/client';
import type { NotificationsSettings } from '@/features/auth/api/get-current-user';
import { useUpdateCurrentUser } from './use-update-current-user';

export const updateNotificationsSettings = async (
  body: NotificationsSettings,
): Promise<{ notificationsSettings: NotificationsSettings }> => ({
  notificationsSettings: expectOk(await api.put<NotificationsSettings>('common/account/notificationsSettings', body)),
});

export const useUpdateNotificationsSettings = () => useUpdateCurrentUser(updateNotificationsSettings);
