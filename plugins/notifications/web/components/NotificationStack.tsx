import { IconBell, IconClose } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { NOTIFICATIONS_STORE } from '../ids';
import type { NotificationsStore, ShownNotification } from '../notifications-store';
import { orderTarget } from '../order-target';
import '../notifications.css';

const titleKey = ({ type, isNew }: ShownNotification['message']) => `title.${type}.${isNew ? 'new' : 'changed'}`;

function NotificationCard({ item, onOpen, onClose }: { item: ShownNotification; onOpen(): void; onClose(): void }) {
  const { t } = useTranslation('notifications');
  const { message } = item;
  return (
    <article className={`nt-card${message.link_merchant ? ' nt-card--merchant' : ''}`} data-testid="notification" data-order={message.orderCode}>
      <button type="button" className="nt-card__body" onClick={onOpen}>
        <span className="nt-card__icon" aria-hidden>
          <IconBell />
        </span>
        <span className="nt-card__text">
          <span className="nt-card__title">
            {t(titleKey(message))}
            {message.link_merchant && <span className="nt-card__badge">{t('merchant')}</span>}
          </span>
          <span className="nt-card__content">{message.content}</span>
          <span className="nt-card__order">{t('orderCode', { code: message.orderCode })}</span>
        </span>
      </button>
      <button type="button" className="nt-card__close" aria-label={t('close')} onClick={onClose}>
        <IconClose size="small" />
      </button>
    </article>
  );
}

/** The shell's overlay of order notifications: the newest at the bottom; a click opens the order and closes the card. */
const NotificationStack = observer(function NotificationStack() {
  const root = useRoot();
  const store = root.store<NotificationsStore>(NOTIFICATIONS_STORE);
  const { t } = useTranslation('notifications');
  if (store.items.length === 0) return null;
  return (
    <section className="nt-stack" aria-label={t('regionLabel')} aria-live="polite">
      {store.items.map((item) => (
        <NotificationCard
          key={item.id}
          item={item}
          onOpen={() => {
            store.close(item.id);
            root.navigate(orderTarget(root, item.message));
          }}
          onClose={() => store.close(item.id)}
        />
      ))}
    </section>
  );
});

export default NotificationStack;
