export const MASK = '***';
export const EMAIL_MASK_HEAD = 2;
export const EMAIL_MASK_TAIL = 2;
export const PHONE_MASK_HEAD = 3;
export const PHONE_MASK_TAIL = 4;

/**
 * Shows the first `head` and last `tail` characters with '***' between.
 * When the value is too short for that, at least one character is always hidden and no
 * character is shown twice: the visible budget (length - 1) is split, tail getting at most half.
 * Characters are code points, so an emoji is never cut in half.
 */
export function maskMiddle(value: string, head: number, tail: number): string {
  const chars = Array.from(value);
  const n = chars.length;
  if (n === 0) return '';
  let h = head;
  let t = tail;
  if (n <= head + tail) {
    const budget = n - 1;
    t = Math.min(tail, Math.floor(budget / 2));
    h = Math.min(head, budget - t);
  }
  return chars.slice(0, h).join('') + MASK + (t > 0 ? chars.slice(n - t).join('') : '');
}

export function maskEmail(email: string): string {
  return maskMiddle(email, EMAIL_MASK_HEAD, EMAIL_MASK_TAIL);
}

export function maskPhone(phone: string): string {
  return maskMiddle(phone, PHONE_MASK_HEAD, PHONE_MASK_TAIL);
}

/**
 * Masks an account name: anything containing '@' is treated as an email (first 2 + *** + last 2
 * of the whole string), anything else as a phone number (first 3 + *** + last 4).
 * Surrounding whitespace is ignored; an empty account gives ''.
 */
export function maskAccount(account: string): string {
  const value = String(account ?? '').trim();
  return value.includes('@') ? maskEmail(value) : maskPhone(value);
}
