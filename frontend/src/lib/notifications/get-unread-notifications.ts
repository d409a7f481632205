import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';

export const NOTIFICATIONS_PAGE_SIZE = 5;
export const NOTIFICATIONS_POLL_MS = 5 * 60_000;

export type UnreadNotifications = components['schemas']['UnreadNotifications'];
export type AppNotification = components['schemas']['Notification'];

const UNREAD_KEY = ['notifications', 'unread', { perPage: NOTIFICATIONS_PAGE_SIZE }] as const;

export const getUnreadNotifications = async (): Promise<UnreadNotifications> =>
  expectOk(await api.get<UnreadNotifications>('notifications/unread', { perPage: NOTIFICATIONS_PAGE_SIZE }));

export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_KEY,
    queryFn: getUnreadNotifications,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** The bell's data: the session polls it (never for cooks); the bell only reads the same query. */
export const useUnreadNotifications = (enabled: boolean) => useQuery({ ...unreadNotificationsQueryOptions(), enabled });

/** Marks the caller's notifications read: every unread one, or those of `ids`. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) =>
      expectStatus(await api.post<{ status: boolean }>('notifications/read', ids ? { ids } : {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
