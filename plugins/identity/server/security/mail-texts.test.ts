import { describe, expect, it } from 'vitest';
import { withAntiPhishingLine } from '../outbox';
import { mailTranslator } from './mail-texts';

describe('mail texts outside a request', () => {
  it('translates identity keys in the given language with placeholders, falling back to English', () => {
    expect(mailTranslator('de')('identity:mailAntiPhishingLine', { antiCode: 'Owl1' })).toBe('Ihr Anti-Phishing-Code: Owl1');
    expect(mailTranslator('xx')('identity:mailAntiPhishingLine', { antiCode: 'Owl1' })).toBe('Your anti-phishing code: Owl1');
    expect(mailTranslator('en')('identity:noSuchKey')).toBe('identity:noSuchKey');
  });

  it('closes a mail with the anti-phishing line only when the member set a code', () => {
    const t = mailTranslator('en');
    expect(withAntiPhishingLine('Body', 'Falcon42', t)).toBe('Body\n\nYour anti-phishing code: Falcon42');
    expect(withAntiPhishingLine('Body', null, t)).toBe('Body');
  });
});
