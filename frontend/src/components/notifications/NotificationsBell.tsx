import { Badge, Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import {
  useMarkNotificationsRead,
  useUnreadNotifications,
  type AppNotification,
} from '@/lib/notifications/get-unread-notifications';

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zm.995-14.901a1 1 0 1 0-1.99 0A5.002 5.002 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901z" />
    </svg>
  );
}

function NotificationItem({ notification }: { notification: AppNotification }) {
  const { i18n } = useTranslation();
  const unread = notification.readAt === null;
  const content = (
    <>
      <div className={unread ? 'fw-semibold' : undefined}>{notification.title}</div>
      <div className="small text-wrap">{notification.text}</div>
      <div className="small text-body-secondary">{formatDateTime(notification.createdAt, i18n.language)}</div>
    </>
  );
  return notification.link ? (
    <Dropdown.Item as={Link} to={notification.link} className="py-2">
      {content}
    </Dropdown.Item>
  ) : (
    <Dropdown.ItemText className="py-2">{content}</Dropdown.ItemText>
  );
}

/**
 * The bell (spec: notifications polled every 5 minutes, page size 5, never for cooks): the unread count on the
 * icon, the latest five in its menu, and "mark all as read"; unread messages (`hasUnreadMessages`) link to /messages.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const query = useUnreadNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = query.data?.unreadNotifications ?? 0;
  const notifications = query.data?.notifications ?? [];
  const hasUnreadMessages = query.data?.hasUnreadMessages ?? false;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <Dropdown align="end" className="me-2">
      <Dropdown.Toggle variant="link" className="nav-link position-relative" aria-label={label} id="notifications-bell">
        <BellIcon />
        {unread > 0 && (
          <Badge pill bg="danger" className="ms-1" aria-hidden="true">
            {unread}
          </Badge>
        )}
        {unread === 0 && hasUnreadMessages && (
          <Badge pill bg="primary" className="ms-1" aria-hidden="true">
            •
          </Badge>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu style={{ width: 320 }} aria-label={t('notifications.title')}>
        <Dropdown.Header className="d-flex align-items-center justify-content-between">
          <span>{t('notifications.title')}</span>
          {unread > 0 && (
            <Button size="sm" variant="link" className="p-0" disabled={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
              {t('notifications.markAllRead')}
            </Button>
          )}
        </Dropdown.Header>
        {hasUnreadMessages && (
          <Dropdown.Item as={Link} to="/messages" className="py-2 fw-semibold">
            {t('notifications.unreadMessages')}
          </Dropdown.Item>
        )}
        {notifications.length === 0 ? (
          <Dropdown.ItemText className="text-body-secondary small">{t('notifications.empty')}</Dropdown.ItemText>
        ) : (
          notifications.map((notification) => <NotificationItem key={notification.id} notification={notification} />)
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
