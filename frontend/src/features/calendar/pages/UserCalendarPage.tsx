import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { useReceivers } from '@/lib/calendar/receivers';
import { CalendarBoard } from '../components/CalendarBoard';

/** `/calendar/user`: the home of parents and workers — order and cancel meals for their meal receivers. */
export function UserCalendarPage({ layout }: { layout?: 'grid' | 'list' }) {
  const { t } = useTranslation(['calendar', 'routes']);
  const { user } = useSession();
  return (
    <section>
      <PageHeader title={t('routes:areas.calendar_user')} />
      {user ? <UserCalendar user={user} layout={layout} /> : <LoadingSpinner />}
    </section>
  );
}

function UserCalendar({ user, layout }: { user: CurrentUser; layout?: 'grid' | 'list' }) {
  const { t } = useTranslation('calendar');
  const { receivers, isPending, error, refetch } = useReceivers(user);
  if (isPending) return <LoadingSpinner />;
  if (error && receivers.length === 0) {
    return <QueryError error={error} onRetry={refetch} className="mb-3" />;
  }
  if (receivers.length === 0) {
    return (
      <Alert variant="info">
        {t('noReceivers')}
        {/* Only a parent adds receivers (their children); anyone else is told, not sent to a form they cannot open. */}
        {user.roles.includes('ROLE_PARENT') && (
          <>
            {' '}
            <Link to="/children/create">{t('addChild')}</Link>
          </>
        )}
      </Alert>
    );
  }
  return <CalendarBoard receivers={receivers} drafts automarkInfo layout={layout} />;
}
