import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { UrlTabs } from '@/components/UrlTabs';
import { useUrlTab } from '@/components/use-url-tab';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session/session-context';
import { MESSAGE_FOLDERS, useMessages, type Message } from '../api/messages';
import { ComposeMessage } from '../components/ComposeMessage';
import { MessageView } from '../components/MessageView';

const FILTERS = ['unread'] as const;

type Compose = { replyTo: Message | null } | null;

/**
 * `/messages`: the received, sent and closed folders as tabs, unread ones marked; `?message=` opens one (the bell's
 * links point there) and marks it read. Staff write to one person or to many; everyone answers what they received.
 */
export function MessagesPage() {
  const { t, i18n } = useTranslation(['messages', 'routes']);
  const { user } = useSession();
  const writes = user?.abilities.includes('messages.write') ?? false;
  const folder = useUrlTab(MESSAGE_FOLDERS);
  const table = useTableState({ filters: FILTERS });
  const list = useMessages(folder, table.params);
  const [searchParams, setSearchParams] = useSearchParams();
  const [compose, setCompose] = useState<Compose>(null);
  const openId = Number(searchParams.get('message')) || null;
  const opened = list.data?.items.find((message) => message.id === openId) ?? null;
  const open = (id: number | null) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id === null) next.delete('message');
      else next.set('message', String(id));
      return next;
    });
  const title = t('routes:areas.messages');
  const unread = (row: Message) => folder !== 'sent' && row.readAt === null;

  const columns: Column<Message>[] = [
    { key: 'createdAt', header: t('fields.createdAt'), cell: (row) => formatDateTime(row.createdAt, i18n.language), className: 'text-nowrap' },
    {
      key: 'subject',
      header: t('fields.subject'),
      cell: (row) => (
        <>
          <Button variant="link" className={`p-0 text-start${unread(row) ? ' fw-bold' : ''}`} onClick={() => open(row.id)}>
            {row.subject}
          </Button>
          {unread(row) && (
            <Badge bg="primary" className="ms-2">
              {t('unreadBadge')}
            </Badge>
          )}
        </>
      ),
    },
    folder === 'sent'
      ? {
          key: 'receivers',
          header: t('fields.receivers'),
          cell: (row) => row.receiver?.fullName ?? t('peopleCount', { count: row.receiversCount }),
        }
      : { key: 'sender', header: t('fields.sender'), cell: (row) => row.sender.fullName },
    {
      key: 'attachments',
      header: t('fields.attachments'),
      cell: (row) => (row.attachments.length > 0 ? row.attachments.length : ''),
      className: 'text-end',
    },
  ];
  if (folder === 'sent') {
    columns.push({
      key: 'read',
      header: t('fields.read'),
      cell: (row) => `${row.readCount ?? 0} / ${row.receiversCount}`,
      className: 'text-end',
    });
  }
  const filters =
    folder === 'sent' ? undefined : (
      <FilterSelect
        label={t('fields.state')}
        value={table.filters.unread ?? ''}
        options={[
          { value: 'true', text: t('unreadOnly') },
          { value: 'false', text: t('readOnly') },
        ]}
        onChange={(value) => table.setFilter('unread', value)}
      />
    );

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          writes && (
            <Button onClick={() => setCompose({ replyTo: null })} disabled={compose !== null}>
              {t('newMessage')}
            </Button>
          )
        }
      />
      {compose && <ComposeMessage key={compose.replyTo?.id ?? 'new'} replyTo={compose.replyTo} onDone={() => setCompose(null)} />}
      <UrlTabs tabs={MESSAGE_FOLDERS} active={folder} label={t('folders.label')} title={(tab) => t(`folders.${tab}`)} />
      <DataTable label={t(`folders.${folder}`)} columns={columns} query={list} state={table} filters={filters} rowClassName={(row) => (unread(row) ? 'table-info' : undefined)} />
      {opened && (
        <MessageView
          key={opened.id}
          message={opened}
          folder={folder}
          canReply={folder !== 'sent' && opened.sender.id !== user?.id}
          onReply={() => setCompose({ replyTo: opened })}
          onHide={() => open(null)}
        />
      )}
    </section>
  );
}
