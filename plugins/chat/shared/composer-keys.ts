/** What a key press in the message box does (spec §4): Enter sends, Ctrl+Enter adds a line. */
export type ComposerKeyAction = 'send' | 'newline' | 'default';

export interface ComposerKey {
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  /** True while an input method (Chinese, Japanese, Korean …) is composing: Enter then picks a candidate. */
  isComposing: boolean;
}

export function composerKeyAction(event: ComposerKey): ComposerKeyAction {
  if (event.key !== 'Enter' || event.isComposing) return 'default';
  if (event.ctrlKey) return 'newline';
  // Shift+Enter keeps the text box's own behaviour (a new line).
  if (event.shiftKey) return 'default';
  return 'send';
}

/** The text with a line break in place of the selection, and where the caret goes. */
export function insertNewline(value: string, selectionStart: number, selectionEnd: number): { value: string; caret: number } {
  return { value: `${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`, caret: selectionStart + 1 };
}

/** Characters as the 400-character rule counts them: an emoji counts once. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}
