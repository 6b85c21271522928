import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared';
import { clientAuthorizationHeader, isClientAuthorized } from './client-auth';
import { checkAuth, contentDisposition, isFileResult, routeUrl } from './routes';

describe('route helpers', () => {
  it('mounts paths under /api/{head} and keeps /api/ paths as given', () => {
    expect(routeUrl('mjkj-web', '/coin/open/getSpotSymbols')).toBe('/api/mjkj-web/coin/open/getSpotSymbols');
    expect(routeUrl('mjkj-web', 'coin/x')).toBe('/api/mjkj-web/coin/x');
    expect(routeUrl('mjkj-web', '/api/blade-auth/oauth/token')).toBe('/api/blade-auth/oauth/token');
    expect(routeUrl('h', '/cgform-api/detailData/{formId}/{id}')).toBe('/api/h/cgform-api/detailData/:formId/:id');
  });

  it('builds an RFC 6266 Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition('report.csv')).toBe(`attachment; filename="report.csv"; filename*=UTF-8''report.csv`);
    expect(contentDisposition('Bericht "März".csv', 'inline')).toBe(
      `inline; filename="Bericht _M_rz_.csv"; filename*=UTF-8''Bericht%20%22M%C3%A4rz%22.csv`,
    );
  });

  it('recognises file results', () => {
    expect(isFileResult({ kind: 'file', fileName: 'a', contentType: 'text/plain', body: '' })).toBe(true);
    expect(isFileResult({ kind: 'page' })).toBe(false);
    expect(isFileResult(null)).toBe(false);
  });

  it('checks the auth level against the principal', () => {
    const user = { kind: 'user' as const, id: '1' };
    const operator = { kind: 'operator' as const, id: '1' };
    expect(() => checkAuth(undefined, null)).not.toThrow();
    expect(() => checkAuth('public', null)).not.toThrow();
    expect(() => checkAuth('user', user)).not.toThrow();
    expect(() => checkAuth('operator', operator)).not.toThrow();
    for (const [auth, principal] of [['user', null], ['user', operator], ['operator', user], ['operator', null]] as const) {
      expect(() => checkAuth(auth, principal)).toThrow(ApiError);
    }
  });
});

describe('Basic client authorization', () => {
  const site = { api: { head: 'h', clientId: 'bourse-web', clientSecret: 'bourse-web-public', tenantId: '000000', tokenTime: 3600 } };

  it('accepts the site credentials only', () => {
    expect(isClientAuthorized(clientAuthorizationHeader(site), site)).toBe(true);
    expect(isClientAuthorized(`basic ${Buffer.from('bourse-web:bourse-web-public').toString('base64')}`, site)).toBe(true);
    expect(isClientAuthorized(`Basic ${Buffer.from('bourse-web:wrong').toString('base64')}`, site)).toBe(false);
    expect(isClientAuthorized('Bearer x', site)).toBe(false);
    expect(isClientAuthorized(undefined, site)).toBe(false);
  });
});
