import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

interface StatusBarProps {
  online: boolean;
  queued: number;
  lastSync: string | null;
  rosterSize: number | null;
  followUps: number;
  onSync: () => void;
}

/** Always on screen: online or not, how many scans wait to be sent, when the device last talked to the server. */
export function StatusBar({ online, queued, lastSync, rosterSize, followUps, onSync }: StatusBarProps) {
  const { t, i18n } = useTranslation('terminal');
  return (
    <div
      role="status"
      aria-label={t('status.label')}
      className={`d-flex flex-wrap align-items-center gap-3 px-3 py-2 mb-3 rounded border ${online ? 'bg-body-tertiary' : 'bg-warning-subtle border-warning'}`}
      style={{ position: 'sticky', top: 0, zIndex: 2 }}
    >
      <Badge bg={online ? 'success' : 'danger'} className="fs-6">
        {online ? t('status.online') : t('status.offline')}
      </Badge>
      <span className={queued > 0 ? 'fw-semibold' : undefined}>{t('status.waiting', { count: queued })}</span>
      <span className="text-body-secondary">
        {lastSync ? t('status.lastSync', { time: formatDateTime(lastSync, i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) }) : t('status.neverSynced')}
      </span>
      <span className="text-body-secondary">{rosterSize === null ? t('status.noRoster') : t('status.roster', { count: rosterSize })}</span>
      {followUps > 0 && <Badge bg="warning" text="dark">{t('status.followUps', { count: followUps })}</Badge>}
      {queued > 0 && (
        <Button size="sm" variant="outline-primary" onClick={onSync}>
          {t('status.sendNow')}
        </Button>
      )}
    </div>
  );
}
