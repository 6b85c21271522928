import { describe, expect, it } from 'vitest';
import { accountLabel, accountProblem, codeAddress, emailAccount, loginAccount, phoneAccount } from './accounts';

describe('account names', () => {
  it('normalise emails to lower case and area codes to digits', () => {
    expect(emailAccount('  Alice@Example.COM ')).toEqual({ kind: 'email', email: 'alice@example.com' });
    expect(phoneAccount('+49', '1701234567')).toEqual({ kind: 'phone', areaCode: '49', phone: '1701234567' });
  });

  it('name the field at fault', () => {
    expect(accountProblem(emailAccount('not-an-email'))).toEqual({ field: 'email', msgKey: 'identity:emailInvalid' });
    expect(accountProblem(phoneAccount('49', '17x'))).toEqual({ field: 'phone', msgKey: 'identity:phoneFormat' });
    expect(accountProblem(phoneAccount('49', '1701234567'))).toBeNull();
  });

  it('label accounts and address their codes', () => {
    expect(accountLabel(phoneAccount('49', '1701234567'))).toBe('+49 1701234567');
    expect(codeAddress(phoneAccount('49', '1701234567'))).toEqual({ channel: 'sms', to: '+491701234567' });
    expect(codeAddress(emailAccount('a@b.example'))).toEqual({ channel: 'email', to: 'a@b.example' });
  });

  it('read a login name as an email or a phone number', () => {
    expect(loginAccount('Bob@Example.com', '49')).toEqual({ kind: 'email', email: 'bob@example.com' });
    expect(loginAccount('170 1234567', '49')).toEqual({ kind: 'phone', areaCode: '49', phone: '1701234567' });
    expect(loginAccount('+33 612345678', '49')).toEqual({ kind: 'phone', areaCode: '33', phone: '612345678' });
  });
});
