import { IconClose } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ChatStore } from '../chat-store';
import type { Point, Size } from '../drag-bounds';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

/** The chat dialog: title bar, the conversation and the message box. Escape closes it. */
export const ChatDialog = observer(function ChatDialog({ store, position, size }: { store: ChatStore; position: Point; size: Size }) {
  const { t } = useTranslation('chat');
  const close = () => store.setOpen(false);
  return (
    <section
      className="chat-dialog"
      role="dialog"
      aria-label={t('title')}
      style={{ left: position.x, top: position.y, width: size.width, height: size.height }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <header className="chat-dialog__head">
        <h2 className="chat-dialog__title">{t('title')}</h2>
        <Button theme="borderless" type="tertiary" icon={<IconClose />} aria-label={t('close')} onClick={close} />
      </header>
      <MessageList store={store} />
      <Composer store={store} />
    </section>
  );
});
