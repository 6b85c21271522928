import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpOptions } from '../../../core/plugin-api';
import defaultSite from '../../../site-configs/default';
import { passwordGrant, sendCode } from './identity-api';

function recordingHttp() {
  const calls: Array<{ method: string; path: string; body?: unknown; options?: HttpOptions }> = [];
  const http: HttpClient = {
    get: async <T>(path: string, options?: HttpOptions) => {
      calls.push({ method: 'GET', path, options });
      return { resendAfter: 60, expiresInMinutes: 10 } as T;
    },
    post: async <T>(path: string, body?: unknown, options?: HttpOptions) => {
      calls.push({ method: 'POST', path, body, options });
      return { access_token: 'a', refresh_token: 'r' } as T;
    },
    upload: async <T>() => ({}) as T,
    download: async () => '',
  };
  return { http, calls };
}

const settings = { deviceId: 'f'.repeat(64) } as never;

describe('identity calls', () => {
  it('asks for a token with the OAuth parameters in the query and the credentials in the body', async () => {
    const { http, calls } = recordingHttp();
    await passwordGrant({ http, site: defaultSite, settings }, { type: 'phone', email: '', areaCode: '33', phone: ' 612345678 ' }, 'Blue-Harbour-42');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/blade-auth/oauth/token',
        body: { username: '612345678', password: 'Blue-Harbour-42', areaCode: '33' },
        options: {
          query: { tenantId: '000000', scope: 'all', type: 'account', grant_type: 'password', deviceId: 'f'.repeat(64) },
          headers: { 'Tenant-Id': '000000' },
          silent: true,
        },
      },
    ]);
    expect(JSON.stringify(calls[0]!.options?.query)).not.toContain('Blue-Harbour-42');
  });

  it('sends a code to the email or the phone number', async () => {
    const { http, calls } = recordingHttp();
    const root = { http, site: defaultSite, settings };
    await sendCode(root, { type: 'email', email: ' a@b.example ', areaCode: '49', phone: '' }, 'register');
    await sendCode(root, { type: 'phone', email: '', areaCode: '49', phone: '1701234567' }, 'register');
    expect(calls.map((call) => [call.path, call.options?.query])).toEqual([
      ['/coin/open/send/email', { email: 'a@b.example', type: 'register' }],
      ['/coin/open/send/sms', { areaCode: '49', phone: '1701234567', type: 'register' }],
    ]);
  });
});
