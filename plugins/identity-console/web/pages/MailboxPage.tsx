import { Button, Input, Tag } from '@douyinfe/semi-ui-19';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailboxMessage } from '../../../identity/shared/types';
import { ConsolePageGate, PagedTable, formatTime, usePaged } from '../../../console-core/shared/kit';
import { useConsole } from '../use-console';
import '../identity-console.css';

/** Mailbox pages have a fixed size on the server. */
const MAILBOX_PAGE_SIZE = 20;

function Mailbox() {
  const { t } = useTranslation('identity-console');
  const { api } = useConsole();
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState('');
  const fetchPage = useCallback((page: number) => api.mailbox({ to: filter, page }), [api, filter]);
  const list = usePaged(fetchPage, true);
  const columns = [
    { title: t('time'), dataIndex: 'created_at', render: formatTime },
    { title: t('channel'), dataIndex: 'channel', render: (value: string) => <Tag>{t(`channelName.${value}`)}</Tag> },
    { title: t('recipient'), dataIndex: 'to' },
    { title: t('subject'), dataIndex: 'subject', render: (value: string | null) => value ?? '–' },
    { title: t('message'), dataIndex: 'body', render: (value: string) => <pre className="ic-mail-body">{value}</pre> },
  ];
  return (
    <>
      <h1 className="ic-title">{t('mailboxTitle')}</h1>
      <p>{t('mailboxHint')}</p>
      <form
        className="ic-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter(to.trim());
        }}
      >
        <Input value={to} onChange={setTo} placeholder={t('recipientFilter')} aria-label={t('recipientFilter')} showClear />
        <Button htmlType="submit" type="primary">
          {t('search')}
        </Button>
      </form>
      <PagedTable<MailboxMessage> list={list} columns={columns} pageSize={MAILBOX_PAGE_SIZE} />
    </>
  );
}

export default function MailboxPage() {
  return (
    <ConsolePageGate>
      <Mailbox />
    </ConsolePageGate>
  );
}
