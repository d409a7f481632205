import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useMatches } from 'react-router';
import { unseenAnnouncementsQueryOptions } from '@/lib/announcements/get-unseen-announcements';
import { useSession } from '@/lib/session/session-context';
import { canOpen, type RouteRoles } from './route-table';

export interface RouteHandle {
  name: string;
  roles: RouteRoles;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'roles' in value;
}

export function useCurrentRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** Pages between which the scroll position is kept (spec §2): paging through one calendar or ledger. */
const SCROLL_KEEPING_GROUPS: ReadonlyArray<(name: string) => boolean> = [
  (name) => name === 'calendar.presences.child' || name === 'calendar.subjects',
  (name) => name.includes('transactions.parent'),
];

export function keepsScroll(from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return false;
  return SCROLL_KEEPING_GROUPS.some((inGroup) => inGroup(from) && inGroup(to));
}

export function useScrollRules(): void {
  const location = useLocation();
  const handle = useCurrentRouteHandle();
  const previousName = useRef<string | undefined>(undefined);
  const name = handle?.name;
  useEffect(() => {
    if (!keepsScroll(previousName.current, name)) window.scrollTo(0, 0);
    previousName.current = name;
  }, [location.pathname, name]);
}

/** After each navigation a signed-in user holding the route's role gets the unseen announcements. */
export function useAnnouncementsOnNavigate(): void {
  const location = useLocation();
  const handle = useCurrentRouteHandle();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const roles = handle?.roles;
  useEffect(() => {
    if (!user || roles === undefined || roles === null || !canOpen(roles, user.roles)) return;
    queryClient.fetchQuery(unseenAnnouncementsQueryOptions()).catch(() => undefined);
  }, [location.key, user, roles, queryClient]);
}
