import { IconImage, IconSend } from '@douyinfe/semi-icons';
import { Button, Select, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { composerKeyAction, insertNewline } from '../../../chat/shared/composer-keys';
import type { DeskStore, ReplyProblem } from '../desk-store';

/** The agent's reply: a canned reply as a start, text (Enter sends, Ctrl+Enter adds a line) or an image. */
export const ReplyBox = observer(function ReplyBox({ store }: { store: DeskStore }) {
  const { t } = useTranslation('chat-console');
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const warn = (problem: ReplyProblem) => Toast.warning(t(problem));

  const submit = async () => {
    const outcome = await store.reply(text);
    if (outcome.sent) setText('');
    else if (outcome.problem) warn(outcome.problem);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction({ key: event.key, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing });
    if (action === 'default') return;
    event.preventDefault();
    if (action === 'send') {
      if (!store.pending) void submit();
      return;
    }
    setText(insertNewline(text, event.currentTarget.selectionStart, event.currentTarget.selectionEnd).value);
  };

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
      <textarea
        className="chc-reply__box"
        rows={3}
        value={text}
        placeholder={t('replyPlaceholder')}
        aria-label={t('replyPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chc-reply__bar">
        <Button icon={<IconImage />} disabled={store.pending} onClick={() => picker.current?.click()}>
          {t('sendImage')}
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          className="chc-reply__file"
          data-testid="chat-reply-image"
          tabIndex={-1}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const outcome = await store.replyImage(file);
            if (!outcome.sent && outcome.problem) warn(outcome.problem);
          }}
        />
        <Button theme="solid" icon={<IconSend />} loading={store.pending} disabled={text.length === 0 || store.pending} onClick={() => void submit()}>
          {t('send')}
        </Button>
      </div>
    </div>
  );
});
