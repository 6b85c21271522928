import { useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { composerKeyAction, insertNewline } from './composer-keys';
import type { MessageSender, SendProblem } from './message-sender';

/**
 * The message box of the member widget and the agent desk: Enter sends, Ctrl+Enter adds a line where the caret
 * is, a sent text clears the box, and an image goes out as soon as it is picked. Spread `textBox` on the
 * textarea and `imageInput` on a hidden file input that `pickImage` opens.
 */
export function useMessageBox(sender: MessageSender, warn: (problem: SendProblem) => void) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null || !box.current) return;
    box.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const submit = async () => {
    const outcome = await sender.sendText(text);
    if (outcome.sent) setText('');
    else if (outcome.problem) warn(outcome.problem);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction({ key: event.key, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing });
    if (action === 'default') return;
    event.preventDefault();
    if (action === 'send') {
      if (!sender.pending) void submit();
      return;
    }
    const { selectionStart, selectionEnd } = event.currentTarget;
    const next = insertNewline(text, selectionStart, selectionEnd);
    caret.current = next.caret;
    setText(next.value);
  };

  const onImagePicked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const outcome = await sender.sendImage(file);
    if (!outcome.sent && outcome.problem) warn(outcome.problem);
  };

  return {
    text,
    setText,
    submit,
    pickImage: () => picker.current?.click(),
    textBox: { ref: box, value: text, onChange: (event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value), onKeyDown },
    imageInput: { ref: picker, type: 'file', accept: 'image/*', tabIndex: -1, onChange: onImagePicked },
  };
}
