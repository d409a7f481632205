import { queryOptions } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

export const NOTIFICATIONS_PAGE_SIZE = 5;
export const NOTIFICATIONS_POLL_MS = 5 * 60_000;

export type UnreadNotifications = components['schemas']['UnreadNotifications'];

export const getUnreadNotifications = async (): Promise<UnreadNotifications> =>
  expectOk(await api.get<UnreadNotifications>('notifications/unread', { perPage: NOTIFICATIONS_PAGE_SIZE }));

export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread', { perPage: NOTIFICATIONS_PAGE_SIZE }],
    queryFn: getUnreadNotifications,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
