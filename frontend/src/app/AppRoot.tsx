import { Outlet } from 'react-router';
import { UnseenAnnouncementsDialog } from '@/components/announcements/UnseenAnnouncementsDialog';
import { Toasts } from '@/components/toasts/Toasts';
import { VersionBanner } from '@/components/version-banner/VersionBanner';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { useSession } from '@/lib/session/session-context';
import { useAnnouncementsOnNavigate, useScrollRules } from './routes/navigation-effects';

function Shell() {
  const { user } = useSession();
  useScrollRules();
  useAnnouncementsOnNavigate();
  return (
    <>
      <VersionBanner />
      <Outlet />
      {user && <UnseenAnnouncementsDialog />}
      <Toasts placement={user?.notificationsSettings.notificationsPlacement} />
    </>
  );
}

/** Root route element: the session needs the router (logout navigates), so it lives inside it. */
export function AppRoot() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}
