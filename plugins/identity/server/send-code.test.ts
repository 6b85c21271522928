import { describe, expect, it } from 'vitest';
import { composeCodeMessage } from './send-code';

const t = (key: string, params?: Record<string, unknown>) => `${key} ${JSON.stringify(params)}`;
const email = { channel: 'email' as const, to: 'a@b.example' };
const sms = { channel: 'sms' as const, to: '+491701234567' };

describe('what a code request sends', () => {
  it('sends the code for a new sign-up, and for login or reset of an existing account', () => {
    for (const [purpose, accountExists] of [['register', false], ['login', true], ['reset', true]] as const) {
      const message = composeCodeMessage({ purpose, accountExists, code: '123456', address: email }, t, 'Bourse');
      expect(message).toMatchObject({ channel: 'email', to: 'a@b.example' });
      expect(message!.subject).toContain('identity:mailCodeSubject');
      expect(message!.body).toContain('"code":"123456"');
      expect(message!.body).toContain('"minutes":10');
    }
  });

  it('tells an existing account about a sign-up attempt instead of sending a code', () => {
    const mail = composeCodeMessage({ purpose: 'register', accountExists: true, code: '123456', address: email }, t, 'Bourse')!;
    expect(mail.subject).toContain('identity:mailAccountExistsSubject');
    expect(mail.body).toContain('identity:mailAccountExistsBody');
    const text = composeCodeMessage({ purpose: 'register', accountExists: true, code: '123456', address: sms }, t, 'Bourse')!;
    expect(text).toMatchObject({ channel: 'sms', subject: null });
    expect(text.body).toContain('identity:smsAccountExists');
  });

  it('sends nothing for a login or reset code to an unknown account', () => {
    expect(composeCodeMessage({ purpose: 'reset', accountExists: false, code: '123456', address: email }, t, 'Bourse')).toBeNull();
    expect(composeCodeMessage({ purpose: 'login', accountExists: false, code: '123456', address: sms }, t, 'Bourse')).toBeNull();
  });
});
