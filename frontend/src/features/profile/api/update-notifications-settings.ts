import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { useUpdateCurrentUser } from './use-update-current-user';

export type NotificationsSettingsBody = components['schemas']['NotificationsSettingsRequest'];
type NotificationsSettings = components['schemas']['NotificationsSettings'];

export const updateNotificationsSettings = async (
  body: NotificationsSettingsBody,
): Promise<{ notificationsSettings: NotificationsSettings }> => ({
  notificationsSettings: expectOk(await api.put<NotificationsSettings>('common/account/notificationsSettings', body)),
});

export const useUpdateNotificationsSettings = () => useUpdateCurrentUser(updateNotificationsSettings);
