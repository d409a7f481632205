import { queryOptions } from '@tanstack/react-query';
import { api, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';

export type Announcement = components['schemas']['Announcement'];
/** The announcements valid today that reach the user and that they have not marked seen, oldest first. */
export type UnseenAnnouncements = components['schemas']['UnseenAnnouncements'];

export const UNSEEN_ANNOUNCEMENTS_KEY = ['announcements', 'unseen'] as const;

export const getUnseenAnnouncements = async (): Promise<UnseenAnnouncements> =>
  expectOk(await api.get<UnseenAnnouncements>('announcements/unseen'));

export const unseenAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: UNSEEN_ANNOUNCEMENTS_KEY, queryFn: getUnseenAnnouncements, staleTime: 0 });

/** The shown announcements become seen (the server's one statement); one published meanwhile stays unseen. */
export const markAnnouncementsSeen = async (ids: number[]): Promise<{ status: boolean }> =>
  expectStatus(await api.post<{ status: boolean }>('announcements/markAllAsSeen', { ids }));
