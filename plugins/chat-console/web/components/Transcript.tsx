import { Button, Select, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, useOperatorSession } from '../../../console-core/shared/kit';
import { CONTENT_TYPE, type DeskMessage } from '../../../chat/shared/types';
import { useBottomFollow } from '../../../chat/shared/use-bottom-follow';
import type { DeskStore } from '../desk-store';
import { ReplyBox } from './ReplyBox';

function TranscriptItem({ message, onImageLoad }: { message: DeskMessage; onImageLoad: () => void }) {
  const { t } = useTranslation('chat-console');
  if (message.sender === 'system') {
    return (
      <li className="chc-msg chc-msg--system" data-sender="system">
        {t(message.content, { defaultValue: message.content })} · {formatTime(message.create_time)}
      </li>
    );
  }
  const image = message.content_type === CONTENT_TYPE.image && message.content.startsWith('/api/');
  return (
    <li className={`chc-msg chc-msg--${message.sender}`} data-sender={message.sender}>
      <span className="chc-msg__who">
        {message.sender === 'agent' ? (message.operatorName ?? t('agent')) : t('memberLabel')} · {formatTime(message.create_time)}
      </span>
      <div className={image ? 'chc-msg__bubble chc-msg__bubble--image' : 'chc-msg__bubble'}>
        {image ? (
          <a href={message.content} target="_blank" rel="noreferrer">
            <img className="chc-msg__image" src={message.content} alt={t('imagePreview')} onLoad={onImageLoad} />
          </a>
        ) : (
          message.content
        )}
      </div>
    </li>
  );
}

/** The open conversation: who and how it stands, its actions, the transcript and the reply box. */
export const Transcript = observer(function Transcript({ store }: { store: DeskStore }) {
  const { t } = useTranslation('chat-console');
  const session = useOperatorSession();
  const { list, atBottom, onScroll, follow: toBottom } = useBottomFollow<HTMLOListElement>();
  const lastId = store.transcript.at(-1)?.id;
  useLayoutEffect(() => {
    atBottom.current = true;
    toBottom();
  }, [lastId]);

  const conversation = store.selected;
  if (!conversation) return <section className="chc-transcript chc-transcript--none">{t('pickConversation')}</section>;
  const canReply = session.can('chat.reply');
  const mine = conversation.assignedTo?.id === session.operator?.id;
  return (
    <section className="chc-transcript" aria-label={t('transcriptTitle')} data-testid="chat-transcript">
      <header className="chc-transcript__head">
        <div>
          <h2 className="chc-subtitle">{t('member', { uid: conversation.memberUid })}</h2>
          <span className="chc-muted">
            <Tag size="small" color={conversation.status === 'open' ? 'orange' : 'grey'}>
              {t(`status.${conversation.status}`)}
            </Tag>{' '}
            {conversation.assignedTo ? t('assignedTo', { name: conversation.assignedTo.name }) : t('unassigned')}
          </span>
        </div>
        {canReply && (
          <div className="cc-actions">
            {!mine && (
              <Button theme="solid" onClick={() => void store.take()}>
                {t('take')}
              </Button>
            )}
            <Select
              placeholder={t('assignTo')}
              aria-label={t('assignTo')}
              style={{ width: 180 }}
              value={undefined}
              optionList={store.agents.map((agent) => ({ value: agent.id, label: `${agent.name} (${agent.openConversations})` }))}
              onChange={(value) => void store.assign(String(value))}
            />
            {conversation.status === 'open' && (
              <Button type="danger" onClick={() => void store.close()}>
                {t('close')}
              </Button>
            )}
          </div>
        )}
      </header>
      <ol className="chc-transcript__items" ref={list} onScroll={onScroll}>
        {store.transcriptHasMore && (
          <li className="chc-transcript__more">
            <Button size="small" theme="borderless" onClick={() => void store.loadOlder()}>
              {t('loadOlder')}
            </Button>
          </li>
        )}
        {store.transcript.map((message) => (
          <TranscriptItem key={message.id} message={message} onImageLoad={toBottom} />
        ))}
      </ol>
      {canReply && <ReplyBox store={store} />}
    </section>
  );
});
