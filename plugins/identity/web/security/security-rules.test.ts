import { describe, expect, it } from 'vitest';
import { memberSecurity, ownContact, securityLevel } from './member-security';
import { securityItems } from './security-items';
import { antiCodeProblems, contactCodeProblems, EMPTY_REAUTH, loginPasswordProblems, reauthBody, reauthProblems, tradePwdProblems } from './security-rules';

describe('security form rules', () => {
  it('asks for the transaction password, six digits, entered twice alike', () => {
    expect(tradePwdProblems('', '')).toEqual({ tradePwd: 'identity:tradePwdRequired' });
    expect(tradePwdProblems('12345', '12345')).toEqual({ tradePwd: 'identity:tradePwdSixDigits' });
    expect(tradePwdProblems('12345a', '12345a')).toEqual({ tradePwd: 'identity:tradePwdSixDigits' });
    expect(tradePwdProblems('123456', '123465')).toEqual({ confirmTradePwd: 'identity:passwordMismatch' });
    expect(tradePwdProblems('123456', '123456')).toEqual({});
  });

  it('takes 4–20 letters or digits as the anti-phishing code', () => {
    expect(antiCodeProblems('abc')).toEqual({ antiCode: 'identity:antiCodeRule' });
    expect(antiCodeProblems('ab c1')).toEqual({ antiCode: 'identity:antiCodeRule' });
    expect(antiCodeProblems('A'.repeat(21))).toEqual({ antiCode: 'identity:antiCodeRule' });
    expect(antiCodeProblems(' Blue42 ')).toEqual({});
  });

  it('checks the login password change with the login-password rule', () => {
    expect(loginPasswordProblems({ oldPassword: '', newPassword: 'abc', newPassword1: 'abc' })).toEqual({
      oldPassword: 'identity:security.passwordRequired',
      newPassword: 'identity:passwordRule',
    });
    expect(loginPasswordProblems({ oldPassword: 'Old-pass1', newPassword: 'Old-pass1', newPassword1: 'Old-pass1' })).toEqual({ newPassword: 'identity:passwordSame' });
    expect(loginPasswordProblems({ oldPassword: 'Old-pass1', newPassword: 'New-pass2', newPassword1: 'New-pass3' })).toEqual({ newPassword1: 'identity:passwordMismatch' });
    expect(loginPasswordProblems({ oldPassword: 'Old-pass1', newPassword: 'New-pass2', newPassword1: 'New-pass2' })).toEqual({});
  });

  it('re-authenticates with the password or a code, plus the Google code when bound', () => {
    expect(reauthProblems(EMPTY_REAUTH, false)).toEqual({ password: 'identity:security.passwordRequired' });
    expect(reauthProblems({ ...EMPTY_REAUTH, method: 'code', code: '12' }, true)).toEqual({ code: 'identity:codeFormat', googleCode: 'identity:googleCodeInvalid' });
    const input = { ...EMPTY_REAUTH, password: 'pw', code: '111111', googleCode: '222222', signOutOthers: true };
    expect(reauthBody(input, true)).toEqual({ password: 'pw', googleCode: '222222', signOutOthers: true });
    expect(reauthBody({ ...input, method: 'code' }, false)).toEqual({ code: '111111', signOutOthers: true });
  });

  it('asks for the old contact code only when a contact is replaced', () => {
    expect(contactCodeProblems('123456', '', false)).toEqual({});
    expect(contactCodeProblems('123456', '', true)).toEqual({ oldCode: 'identity:codeFormat' });
  });
});

describe('member security state', () => {
  const user = { id: '1', uid: '48213377', email: 'anna@example.com', phone: '1701234567', area_code: '49', googleBound: true, tradePwdSet: false, antiCodeSet: true, antiCode: 'Blue42' };

  it('counts the factors that are set', () => {
    const state = memberSecurity(user);
    expect(securityLevel(state)).toEqual({ set: 4, total: 5, level: 'medium' });
    expect(securityLevel(memberSecurity({ id: '1', uid: '1', email: 'a@b.example' }))).toEqual({ set: 1, total: 5, level: 'low' });
  });

  it('sends verify codes to the email first', () => {
    expect(ownContact(memberSecurity(user))).toEqual({ kind: 'email', email: 'anna@example.com' });
    expect(ownContact(memberSecurity({ ...user, email: undefined }))).toEqual({ kind: 'phone', areaCode: '49', phone: '1701234567' });
  });

  it('lists the factors with masked contacts and the right actions', () => {
    const items = securityItems(memberSecurity(user));
    expect(items.map((item) => [item.key, item.set, item.actionKey])).toEqual([
      ['email', true, 'security.change'],
      ['phone', true, 'security.change'],
      ['google', true, 'security.unbind'],
      ['loginPwd', true, 'security.change'],
      ['tradePwd', false, 'security.set'],
      ['antiCode', true, 'security.change'],
    ]);
    expect(items[0]!.detail).toBe('an***om');
    expect(items[1]!.detail).toBe('+49 170***4567');
  });
});
