import { useEffect, useRef } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { notify } from '@/components/toasts/toast-store';
import { formatDateTime } from '@/lib/format';
import { translateServerMessage } from '@/lib/i18n';
import { downloadAttachment, useMarkMessages, type Message, type MessageFolder } from '../api/messages';

function failed(error: unknown, fallback: string): void {
  notify({ type: 'error', message: error instanceof ApiError ? translateServerMessage(error.message) : fallback });
}

interface MessageViewProps {
  message: Message;
  folder: MessageFolder;
  /** Whether the reader may answer it (a received message from someone else). */
  canReply: boolean;
  onReply: () => void;
  onHide: () => void;
}

/** One message, opened: marked read on opening (received and closed folders), its files, answering and moving it. */
export function MessageView({ message, folder, canReply, onReply, onHide }: MessageViewProps) {
  const { t, i18n } = useTranslation('messages');
  const mark = useMarkMessages();
  const marked = useRef(false);
  const unread = folder !== 'sent' && message.readAt === null;

  useEffect(() => {
    if (!unread || marked.current) return;
    marked.current = true;
    mark.mutate({ ids: [message.id] });
  }, [unread, message.id, mark]);

  const move = (closed: boolean) =>
    mark.mutate(
      { ids: [message.id], closed },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t(closed ? 'movedToClosed' : 'movedToReceived') });
          onHide();
        },
        onError: (error) => failed(error, t('actionFailed')),
      },
    );

  const people =
    folder === 'sent'
      ? t('to', { name: message.receiver?.fullName ?? t('peopleCount', { count: message.receiversCount }) })
      : t('from', { name: message.sender.fullName });

  return (
    <Card as="section" className="mt-4" aria-label={t('messageOf', { subject: message.subject })}>
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h5 mb-0 me-auto">{message.subject}</h2>
        <Button size="sm" variant="outline-secondary" onClick={onHide}>
          {t('hide')}
        </Button>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary mb-2">
          {people} · {formatDateTime(message.createdAt, i18n.language)}
          {folder === 'sent' && ` · ${t('readBy', { count: message.readCount ?? 0, total: message.receiversCount })}`}
        </p>
        {message.rich ? (
          // Sanitized by the server (nh3: formatting and links only, nothing that runs).
          <div className="message-text" dangerouslySetInnerHTML={{ __html: message.text }} />
        ) : (
          <p style={{ whiteSpace: 'pre-wrap' }}>{message.text}</p>
        )}
        {message.attachments.length > 0 && (
          <ul className="list-inline my-2" aria-label={t('fields.attachments')}>
            {message.attachments.map((attachment) => (
              <li key={attachment.id} className="list-inline-item">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => void downloadAttachment(message.id, attachment).catch((error: unknown) => failed(error, t('fileFailed')))}
                >
                  {t('download', { name: attachment.name })}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="d-flex flex-wrap gap-2 mt-3">
          {canReply && (
            <Button size="sm" onClick={onReply}>
              {t('reply')}
            </Button>
          )}
          {folder === 'received' && (
            <Button size="sm" variant="outline-secondary" disabled={mark.isPending} onClick={() => move(true)}>
              {t('close')}
            </Button>
          )}
          {folder === 'closed' && (
            <Button size="sm" variant="outline-secondary" disabled={mark.isPending} onClick={() => move(false)}>
              {t('reopen')}
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
