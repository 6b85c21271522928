import { IconImage, IconSend } from '@douyinfe/semi-icons';
import { Button, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX } from '../../../../core/shared';
import type { ChatStore, SendProblem } from '../chat-store';
import { characterCount, composerKeyAction, insertNewline } from '../../shared/composer-keys';

/** The message box: Enter sends, Ctrl+Enter adds a line, one send at a time, images through the picture button. */
export const Composer = observer(function Composer({ store }: { store: ChatStore }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null || !box.current) return;
    box.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const warn = (problem: SendProblem) => Toast.warning(t(problem));

  const submit = async () => {
    const outcome = await store.sendText(text);
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
    const { selectionStart, selectionEnd } = event.currentTarget;
    const next = insertNewline(text, selectionStart, selectionEnd);
    caret.current = next.caret;
    setText(next.value);
  };

  const count = characterCount(text);
  return (
    <div className="chat-composer">
      <textarea
        ref={box}
        className="chat-composer__box"
        value={text}
        rows={3}
        placeholder={t('placeholder')}
        aria-label={t('placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__bar">
        <Button theme="borderless" type="tertiary" icon={<IconImage />} aria-label={t('sendImage')} disabled={store.pending} onClick={() => picker.current?.click()} />
        <input
          ref={picker}
          type="file"
          accept="image/*"
          className="chat-composer__file"
          data-testid="chat-image-input"
          tabIndex={-1}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const outcome = await store.sendImage(file);
            if (!outcome.sent && outcome.problem) warn(outcome.problem);
          }}
        />
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
