import { Pagination, Radio, RadioGroup, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CONTENT_TYPE, type ConversationStatus, type DeskConversation } from '../../../chat/shared/types';
import { QUEUE_PAGE_SIZE } from '../desk-api';
import type { DeskStore } from '../desk-store';
import { useNow, waitedMinutes } from '../waiting';

const PREVIEW_MAX = 60;

/** The last message in a line: text cut short, an image or a system note by name. */
export function usePreview(): (last: DeskConversation['lastMessage']) => string {
  const { t } = useTranslation('chat-console');
  return (last) => {
    if (!last) return '';
    if (last.contentType === CONTENT_TYPE.image) return t('imagePreview');
    if (last.sender === 'system') return t(last.content, { defaultValue: last.content });
    return last.content.length > PREVIEW_MAX ? `${last.content.slice(0, PREVIEW_MAX)}…` : last.content;
  };
}

/** The queue: open or closed conversations, unassigned first, with waiting time and last message. */
export const QueueList = observer(function QueueList({ store }: { store: DeskStore }) {
  const { t } = useTranslation('chat-console');
  const now = useNow();
  const preview = usePreview();
  return (
    <section className="chc-queue" aria-label={t('queueTitle')}>
      <div className="chc-queue__head">
        <RadioGroup type="button" value={store.status} onChange={(event) => void store.setStatus(event.target.value as ConversationStatus)} aria-label={t('statusFilter')}>
          <Radio value="open">{t('status.open')}</Radio>
          <Radio value="closed">{t('status.closed')}</Radio>
        </RadioGroup>
        <span className="chc-muted">{t('waitingCount', { n: store.waitingCount })}</span>
      </div>
      {store.queue.length === 0 && !store.queueLoading && <p className="chc-muted chc-empty">{t('queueEmpty')}</p>}
      <ul className="chc-queue__items">
        {store.queue.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={store.selected?.id === item.id ? 'chc-queue__item chc-queue__item--selected' : 'chc-queue__item'}
              data-testid="chat-queue-item"
              data-conversation={item.id}
              onClick={() => void store.select(item.id)}
            >
              <span className="chc-queue__line">
                <strong>{t('member', { uid: item.memberUid })}</strong>
                {item.assignedTo ? <Tag size="small">{item.assignedTo.name}</Tag> : <Tag size="small" color="orange">{t('unassigned')}</Tag>}
              </span>
              <span className="chc-queue__last">{preview(item.lastMessage)}</span>
              {item.waitingSince && <span className="chc-queue__waiting">{t('waiting', { n: waitedMinutes(now, item.waitingSince) })}</span>}
            </button>
          </li>
        ))}
      </ul>
      {store.total > QUEUE_PAGE_SIZE && (
        <Pagination size="small" total={store.total} pageSize={QUEUE_PAGE_SIZE} currentPage={store.page} onPageChange={(page) => void store.loadQueue(page)} />
      )}
    </section>
  );
});
