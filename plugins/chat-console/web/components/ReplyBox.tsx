import { IconImage, IconSend } from '@douyinfe/semi-icons';
import { Button, Select, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useMessageBox } from '../../../chat/shared/use-message-box';
import type { DeskStore } from '../desk-store';

/** The agent's reply: a canned reply as a start, text (Enter sends, Ctrl+Enter adds a line) or an image. */
export const ReplyBox = observer(function ReplyBox({ store }: { store: DeskStore }) {
  const { t } = useTranslation('chat-console');
  const { text, setText, submit, pickImage, textBox, imageInput } = useMessageBox(store, (problem) => Toast.warning(t(problem)));

  return (
    <div className="chc-reply">
      <Select
        placeholder={t('cannedPick')}
        aria-label={t('cannedPick')}
        style={{ width: '100%' }}
        value={undefined}
        emptyContent={t('cannedNone')}
        optionList={store.canned.map((reply) => ({ value: reply.id, label: reply.title }))}
        onChange={(value) => setText(store.canned.find((reply) => reply.id === value)?.content ?? text)}
      />
      <textarea {...textBox} className="chc-reply__box" rows={3} placeholder={t('replyPlaceholder')} aria-label={t('replyPlaceholder')} />
      <div className="chc-reply__bar">
        <Button icon={<IconImage />} disabled={store.pending} onClick={pickImage}>
          {t('sendImage')}
        </Button>
        <input {...imageInput} className="chc-reply__file" data-testid="chat-reply-image" />
        <Button theme="solid" icon={<IconSend />} loading={store.pending} disabled={text.length === 0 || store.pending} onClick={() => void submit()}>
          {t('send')}
        </Button>
      </div>
    </div>
  );
});
