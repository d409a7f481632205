import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/toasts/toast-store';
import type { Announcement } from '@/lib/announcements/get-unseen-announcements';
import { downloadFile } from '@/lib/files';
import { translateServerMessage } from '@/lib/i18n';
import { ApiError } from '@/api/client';

/** An announcement's files, each downloaded with the user's token (the server checks that it reaches them). */
export function AnnouncementAttachments({ announcement }: { announcement: Pick<Announcement, 'id' | 'attachments'> }) {
  const { t } = useTranslation('announcements');
  if (announcement.attachments.length === 0) return null;
  return (
    <ul className="list-inline my-2" aria-label={t('fields.attachments')}>
      {announcement.attachments.map((attachment) => (
        <li key={attachment.id} className="list-inline-item">
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() =>
              void downloadFile(`announcements/${announcement.id}/attachments/${attachment.id}/download`, {
                fallbackName: attachment.name,
              }).catch((error: unknown) =>
                notify({
                  type: 'error',
                  message: error instanceof ApiError ? translateServerMessage(error.message) : t('fileFailed'),
                }),
              )
            }
          >
            {attachment.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}
