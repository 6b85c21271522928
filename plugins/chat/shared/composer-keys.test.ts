import { describe, expect, it } from 'vitest';
import { characterCount, composerKeyAction, insertNewline } from './composer-keys';

const key = (key: string, changes: Partial<{ ctrlKey: boolean; shiftKey: boolean; isComposing: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  shiftKey: false,
  isComposing: false,
  ...changes,
});

describe('message box keys', () => {
  it('sends on Enter and adds a line on Ctrl+Enter', () => {
    expect(composerKeyAction(key('Enter'))).toBe('send');
    expect(composerKeyAction(key('Enter', { ctrlKey: true }))).toBe('newline');
  });

  it('leaves Shift+Enter, Enter while an input method composes, and other keys to the text box', () => {
    expect(composerKeyAction(key('Enter', { shiftKey: true }))).toBe('default');
    expect(composerKeyAction(key('Enter', { isComposing: true }))).toBe('default');
    expect(composerKeyAction(key('a', { ctrlKey: true }))).toBe('default');
  });

  it('puts the line break in place of the selection', () => {
    expect(insertNewline('hello world', 5, 6)).toEqual({ value: 'hello\nworld', caret: 6 });
    expect(insertNewline('ab', 2, 2)).toEqual({ value: 'ab\n', caret: 3 });
  });

  it('counts an emoji as one character', () => {
    expect(characterCount('😀😀a')).toBe(3);
  });
});
