import { queryOptions } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { Page } from '@/api/types';

/** Announcement fields arrive with the announcements issue; the shell only needs the list. */
export interface Announcement {
  id: number;
}

export const getUnseenAnnouncements = async (): Promise<Page<Announcement>> =>
  expectOk(await api.get<Page<Announcement>>('announcements/unseen'));

export const unseenAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: ['announcements', 'unseen'], queryFn: getUnseenAnnouncements, staleTime: 0 });
