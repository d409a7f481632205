import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import {
  UNSEEN_ANNOUNCEMENTS_KEY,
  markAnnouncementsSeen,
  unseenAnnouncementsQueryOptions,
  type UnseenAnnouncements,
} from '@/lib/announcements/get-unseen-announcements';
import { formatDate } from '@/lib/format';
import { AnnouncementAttachments } from './AnnouncementAttachments';
import { RichText } from './RichText';

const NOTHING_UNSEEN: UnseenAnnouncements = { items: [], total: 0, page: 1, perPage: 50 };

/**
 * The unseen announcements, shown once: the shell fetches them after each navigation (navigation-effects.ts) and
 * this dialog shows what came; "Mark as read" (or closing it) marks those shown seen on the server and closes.
 */
export function UnseenAnnouncementsDialog() {
  const { t } = useTranslation('announcements');
  const titleId = useId();
  const queryClient = useQueryClient();
  // Only reads what the navigation fetched: it never asks on its own.
  const unseen = useQuery({ ...unseenAnnouncementsQueryOptions(), enabled: false });
  const markSeen = useMutation({
    mutationFn: markAnnouncementsSeen,
    onSettled: () => queryClient.setQueryData(UNSEEN_ANNOUNCEMENTS_KEY, NOTHING_UNSEEN),
  });
  const items = unseen.data?.items ?? [];
  if (items.length === 0) return null;
  const close = () => markSeen.mutate(items.map((announcement) => announcement.id));
  return (
    <Modal show onHide={close} aria-labelledby={titleId} size="lg" backdrop="static">
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('unseenTitle', { count: items.length })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {items.map((announcement) => (
          <article key={announcement.id} className="mb-4" aria-label={announcement.title}>
            <h3 className="h5 mb-1">{announcement.title}</h3>
            <p className="small text-body-secondary mb-2">{formatDate(announcement.validFrom)}</p>
            <RichText html={announcement.text} />
            <AnnouncementAttachments announcement={announcement} />
          </article>
        ))}
      </Modal.Body>
      <Modal.Footer>
        <FormActionButton pending={markSeen.isPending} onClick={close}>
          {t('markAllAsSeen')}
        </FormActionButton>
      </Modal.Footer>
    </Modal>
  );
}
