import { IconImage, IconSend } from '@douyinfe/semi-icons';
import { Button, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX } from '../../../../core/shared';
import type { ChatStore } from '../chat-store';
import { characterCount } from '../../shared/composer-keys';
import { useMessageBox } from '../../shared/use-message-box';

/** The message box: Enter sends, Ctrl+Enter adds a line, one send at a time, images through the picture button. */
export const Composer = observer(function Composer({ store }: { store: ChatStore }) {
  const { t } = useTranslation('chat');
  const { text, submit, pickImage, textBox, imageInput } = useMessageBox(store, (problem) => Toast.warning(t(problem)));

  const count = characterCount(text);
  return (
    <div className="chat-composer">
      <textarea {...textBox} className="chat-composer__box" rows={3} placeholder={t('placeholder')} aria-label={t('placeholder')} />
      <div className="chat-composer__bar">
        <Button theme="borderless" type="tertiary" icon={<IconImage />} aria-label={t('sendImage')} disabled={store.pending} onClick={pickImage} />
        <input {...imageInput} className="chat-composer__file" data-testid="chat-image-input" />
        <span className={count > CHAT_MESSAGE_MAX ? 'chat-composer__count chat-composer__count--over' : 'chat-composer__count'}>
          {t('counter', { n: count, max: CHAT_MESSAGE_MAX })}
        </span>
        <Button theme="solid" type="primary" icon={<IconSend />} loading={store.pending} disabled={text.length === 0 || store.pending} onClick={() => void submit()}>
          {t('send')}
        </Button>
      </div>
    </div>
  );
});
