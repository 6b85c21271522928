import { Button } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_TYPE, type ChatMessage } from '../../shared/types';
import { useBottomFollow } from '../../shared/use-bottom-follow';
import type { ChatStore } from '../chat-store';

/** Links of the platform's own upload route only: an image message never loads a foreign address. */
const isUploadLink = (content: string) => content.startsWith('/api/');

/** Shows today's messages with the time only, older ones with the date. */
function shortTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const today = date.toDateString() === new Date().toDateString();
  return today
    ? date.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
}

function MessageItem({ message, mine, onImageLoad }: { message: ChatMessage; mine: boolean; onImageLoad: () => void }) {
  const { t, i18n } = useTranslation('chat');
  if (message.sender === 'system') {
    return (
      <li className="chat-msg chat-msg--system" data-sender="system">
        {t(message.content, { defaultValue: message.content })}
      </li>
    );
  }
  const image = message.content_type === CONTENT_TYPE.image && isUploadLink(message.content);
  return (
    <li className={mine ? 'chat-msg chat-msg--mine' : 'chat-msg chat-msg--theirs'} data-sender={message.sender}>
      {!mine && message.sender === 'agent' && <span className="chat-msg__who">{t('agent')}</span>}
      <div className={image ? 'chat-msg__bubble chat-msg__bubble--image' : 'chat-msg__bubble'}>
        {image ? (
          <a href={message.content} target="_blank" rel="noreferrer">
            <img className="chat-msg__image" src={message.content} alt={t('imageAlt')} loading="lazy" onLoad={onImageLoad} />
          </a>
        ) : (
          <span className="chat-msg__text">{message.content}</span>
        )}
      </div>
      <time className="chat-msg__time" dateTime={message.create_time}>
        {shortTime(message.create_time, i18n.language)}
      </time>
    </li>
  );
}

/**
 * The conversation, oldest at the top. It follows new messages while the reader is at the bottom (and always
 * for their own), and keeps the reader's place when older messages load above.
 */
export const MessageList = observer(function MessageList({ store }: { store: ChatStore }) {
  const { t } = useTranslation('chat');
  const { list, atBottom, onScroll, follow: followImage } = useBottomFollow<HTMLDivElement>();
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const last = store.messages.at(-1);
  const firstId = store.messages[0]?.id;

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (olderAnchor.current) {
      element.scrollTop = element.scrollHeight - olderAnchor.current.height + olderAnchor.current.top;
      olderAnchor.current = null;
    }
  }, [firstId]);

  useLayoutEffect(() => {
    const element = list.current;
    if (element && (atBottom.current || (last && store.isMine(last)))) element.scrollTop = element.scrollHeight;
  }, [last, store]);

  const loadMore = () => {
    const element = list.current;
    if (element) olderAnchor.current = { height: element.scrollHeight, top: element.scrollTop };
    void store.loadMore();
  };

  return (
    <div className="chat-list" ref={list} onScroll={onScroll}>
      {store.hasMore && (
        <div className="chat-list__more">
          <Button size="small" theme="borderless" loading={store.loading} onClick={loadMore}>
            {t('loadMore')}
          </Button>
        </div>
      )}
      {store.messages.length === 0 && !store.loading && <p className="chat-list__empty">{t('empty')}</p>}
      <ol className="chat-list__items" aria-live="polite">
        {store.messages.map((message) => (
          <MessageItem key={message.id} message={message} mine={store.isMine(message)} onImageLoad={followImage} />
        ))}
      </ol>
    </div>
  );
});
