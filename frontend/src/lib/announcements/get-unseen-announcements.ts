import { queryOptions } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

/** Announcement fields arrive with the announcements issue; until then the server answers an empty page. */
export type UnseenAnnouncements = components['schemas']['EmptyPage'];

export const getUnseenAnnouncements = async (): Promise<UnseenAnnouncements> =>
  expectOk(await api.get<UnseenAnnouncements>('announcements/unseen'));

export const unseenAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: ['announcements', 'unseen'], queryFn: getUnseenAnnouncements, staleTime: 0 });
