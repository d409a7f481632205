import { useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-context';
import { FormActionButton } from '@/components/FormActionButton';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { fetchFile, openFile } from '@/lib/files';
import { formatDateTime } from '@/lib/format';
import { translateServerMessage } from '@/lib/i18n';
import { useAnswerTicket, useCloseTicket, useTicket } from '../api/tickets';

const TEXT_MAX = 5000;

function failed(error: unknown, fallback: string): void {
  notify({ type: 'error', message: error instanceof ApiError ? translateServerMessage(error.message) : fallback });
}

function Entry({ author, text, createdAt }: { author: string; text: string; createdAt: string }) {
  const { i18n } = useTranslation();
  return (
    <article className="border-bottom py-2">
      <div className="small text-body-secondary">
        <strong className="text-body">{author}</strong> · {formatDateTime(createdAt, i18n.language)}
      </div>
      <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </p>
    </article>
  );
}

/** One ticket: the author's text, the answers in order, answering and closing (confirmed) while it is open. */
export function TicketConversation({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('tickets');
  const ticket = useTicket(id);
  const answer = useAnswerTicket(id);
  const close = useCloseTicket(id);
  const confirm = useConfirm();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  if (ticket.isPending) return <LoadingSpinner />;
  if (ticket.isError) return <QueryError error={ticket.error} onRetry={ticket.refetch} />;
  const data = ticket.data;
  const isOpen = data.state === 'open';

  const send = () => {
    if (!text.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    answer.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        notify({ type: 'success', message: t('answerSent') });
      },
      onError: (error) => failed(error, t('answerFailed')),
    });
  };
  const closeTicket = async () => {
    const confirmed = await confirm({ title: t('closeConfirmTitle'), body: t('closeConfirm', { subject: data.subject }), confirmLabel: t('close') });
    if (!confirmed) return;
    close.mutate(undefined, {
      onSuccess: () => notify({ type: 'success', message: t('closed') }),
      onError: (error) => failed(error, t('closeFailed')),
    });
  };

  return (
    <Card as="section" className="mt-4" aria-label={t('conversationOf', { subject: data.subject })}>
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h5 mb-0 me-auto">{data.subject}</h2>
        <Badge bg={isOpen ? 'primary' : 'secondary'}>{t(`states.${data.state}`)}</Badge>
        <Badge bg="light" text="dark">
          {t(`categories.${data.category}`, { defaultValue: data.category })}
        </Badge>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          {t('hide')}
        </Button>
      </Card.Header>
      <Card.Body>
        {data.institution && <p className="small text-body-secondary mb-2">{data.institution.name}</p>}
        <Entry author={data.author.fullName} text={data.text} createdAt={data.createdAt} />
        {data.attachments.length > 0 && (
          <ul className="list-inline my-2" aria-label={t('fields.attachments')}>
            {data.attachments.map((attachment) => (
              <li key={attachment.id} className="list-inline-item">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() =>
                    void openFile(() => fetchFile(`tickets/${id}/attachments/${attachment.id}`, { fallbackName: attachment.name })).catch(
                      (error: unknown) => failed(error, t('fileFailed')),
                    )
                  }
                >
                  {attachment.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {data.messages.map((message) => (
          <Entry key={message.id} author={message.author.fullName} text={message.text} createdAt={message.createdAt} />
        ))}
        {isOpen ? (
          <Form
            noValidate
            className="mt-3"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <Form.Group controlId={`ticket-${id}-answer`} className="mb-2">
              <Form.Label>{t('answer')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={4}
                maxLength={TEXT_MAX}
                value={text}
                isInvalid={invalid}
                onChange={(event) => setText(event.target.value)}
              />
              <Form.Control.Feedback type="invalid">{t('common:validation.required')}</Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex gap-2">
              <FormActionButton type="submit" pending={answer.isPending}>
                {t('sendAnswer')}
              </FormActionButton>
              <FormActionButton type="button" variant="outline-danger" pending={close.isPending} onClick={() => void closeTicket()}>
                {t('close')}
              </FormActionButton>
            </div>
          </Form>
        ) : (
          <p className="mt-3 mb-0 text-body-secondary">
            {t('closedBy', {
              name: data.closedBy?.fullName ?? '',
              date: formatDateTime(data.closedAt, i18n.language),
            })}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
