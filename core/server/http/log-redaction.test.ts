import { describe, expect, it } from 'vitest';
import { parseFormBody, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the values of credential parameters and keeps the rest', () => {
    const url = redactUrl('/api/blade-auth/oauth/token?tenantId=000000&username=a%40b.co&password=hunter22&grant_type=password');
    expect(url).toContain('password=***');
    expect(url).not.toContain('hunter22');
    expect(url).toContain('tenantId=000000');
    expect(redactUrl('/x?refresh_token=abc&type=account')).not.toContain('abc');
  });

  it('leaves URLs without secrets untouched', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/a?b=1&c=2')).toBe('/a?b=1&c=2');
  });
});

describe('parseFormBody', () => {
  it('reads url-encoded fields', () => {
    expect(parseFormBody('grant_type=password&username=a%40b.co')).toEqual({ grant_type: 'password', username: 'a@b.co' });
  });
});
