import { describe, expect, it } from 'vitest';
import { maskAccount, maskEmail, maskMiddle, maskPhone } from './mask';

describe('maskAccount', () => {
  it.each([
    // email: first 2 and last 2 of the whole string
    ['alice@example.com', 'al***om'],
    ['ab@c.de', 'ab***de'],
    ['a@b.c', 'a@***.c'],
    ['  alice@example.com  ', 'al***om'],
    // phone: first 3 and last 4
    ['+4915112345678', '+49***5678'],
    ['4915112345678', '491***5678'],
    ['13800138000', '138***8000'],
    ['12345678', '123***5678'],
    // anything without '@' follows the phone rule
    ['username1', 'use***ame1'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (input, expected) => {
    expect(maskAccount(input)).toBe(expected);
  });

  it('treats nullish input as empty', () => {
    expect(maskAccount(undefined as never)).toBe('');
    expect(maskAccount(null as never)).toBe('');
  });
});

describe('maskEmail boundaries (head 2, tail 2)', () => {
  it.each([
    ['a', '***'],
    ['ab', 'a***'],
    ['abc', 'a***c'],
    ['abcd', 'ab***d'],
    ['abcde', 'ab***de'],
    ['abcdef', 'ab***ef'],
  ])('%j -> %j', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });
});

describe('maskPhone boundaries (head 3, tail 4)', () => {
  it.each([
    ['1', '***'],
    ['12', '1***'],
    ['123', '1***3'],
    ['1234', '12***4'],
    ['12345', '12***45'],
    ['123456', '123***56'],
    ['1234567', '123***567'],
    ['12345678', '123***5678'],
  ])('%j -> %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });
});

describe('maskMiddle', () => {
  it('never shows a character twice and always hides at least one', () => {
    for (let n = 1; n <= 12; n++) {
      const value = 'abcdefghijkl'.slice(0, n);
      const masked = maskMiddle(value, 3, 4);
      const [head, tail] = masked.split('***') as [string, string];
      expect(head.length + tail.length).toBeLessThan(n);
      expect(value.startsWith(head)).toBe(true);
      expect(value.endsWith(tail)).toBe(true);
    }
  });

  it('works on code points', () => {
    expect(maskMiddle('😀😁😂😃😄😅', 2, 2)).toBe('😀😁***😄😅');
    expect(maskMiddle('😀😁', 2, 2)).toBe('😀***');
  });

  it('supports zero-length head or tail', () => {
    expect(maskMiddle('abcdef', 0, 2)).toBe('***ef');
    expect(maskMiddle('abcdef', 2, 0)).toBe('ab***');
  });
});
