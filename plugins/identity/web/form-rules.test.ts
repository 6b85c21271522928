import { describe, expect, it } from 'vitest';
import { accountInputProblem, codeProblem, inviteCodeInputProblem, newPasswordProblem, passwordStrength } from './form-rules';

const email = (value: string) => ({ type: 'email' as const, email: value, areaCode: '49', phone: '' });
const phone = (areaCode: string, value: string) => ({ type: 'phone' as const, email: '', areaCode, phone: value });

describe('sign-in and sign-up form rules', () => {
  it('check the account by its type', () => {
    expect(accountInputProblem(email(''))).toEqual({ field: 'email', key: 'identity:form.required' });
    expect(accountInputProblem(email('alice@'))).toEqual({ field: 'email', key: 'identity:emailInvalid' });
    expect(accountInputProblem(email(' alice@example.com '))).toBeNull();
    expect(accountInputProblem(phone('49', ''))).toEqual({ field: 'phone', key: 'identity:phoneUpload' });
    expect(accountInputProblem(phone('49', '170-123'))).toEqual({ field: 'phone', key: 'identity:phoneFormat' });
    expect(accountInputProblem(phone('49', '1701234567'))).toBeNull();
  });

  it('check codes, new passwords and invite codes', () => {
    expect(codeProblem('12345')).toBe('identity:codeFormat');
    expect(codeProblem('123456')).toBeNull();
    expect(newPasswordProblem('abc')).toBe('identity:passwordRule');
    expect(newPasswordProblem('pass word1')).toBe('identity:passwordRule');
    expect(newPasswordProblem('Blue-Harbour-42')).toBeNull();
    expect(inviteCodeInputProblem('')).toBeNull(); // the server decides: required unless it is the first member
    expect(inviteCodeInputProblem('AB!')).toBe('identity:inviteCodeInvalid');
    expect(inviteCodeInputProblem('ABCD2345')).toBeNull();
  });

  it('rate password strength', () => {
    expect(passwordStrength('abcdef')).toBe('weak');
    expect(passwordStrength('abc12345')).toBe('fair');
    expect(passwordStrength('Blue-Harbour-42')).toBe('strong');
    expect(passwordStrength('BlueHarbourSky')).toBe('weak');
  });
});
