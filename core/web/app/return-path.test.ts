import { describe, expect, it } from 'vitest';
import { returnPathFrom, sameSitePath, withReturnPath } from './return-path';

describe('return path', () => {
  it('takes a path of this site, query and hash included', () => {
    expect(sameSitePath('/exchange/index?symbol=ETH_BTC')).toBe('/exchange/index?symbol=ETH_BTC');
    expect(sameSitePath('/account/entrust/spot#open')).toBe('/account/entrust/spot#open');
    expect(sameSitePath('/')).toBe('/');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'exchange/index',
    '',
    null,
    undefined,
  ])('refuses %j: it would leave the site, or is no path', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });

  it('returns to the current page, or from the login and register pages to the page they carry', () => {
    expect(returnPathFrom('/exchange/index', 'symbol=ETH_BTC')).toBe('/exchange/index?symbol=ETH_BTC');
    expect(returnPathFrom('/account/entrust/spot', '')).toBe('/account/entrust/spot');
    expect(returnPathFrom('/user/login', 'redirect=%2Fexchange%2Findex%3Fsymbol%3DETH_BTC')).toBe('/exchange/index?symbol=ETH_BTC');
    expect(returnPathFrom('/user/register', 'redirect=/wallet')).toBe('/wallet');
    expect(returnPathFrom('/user/login', '')).toBeNull();
    expect(returnPathFrom('/user/login', 'redirect=//evil.example')).toBeNull();
    expect(returnPathFrom('//evil.example', '')).toBeNull();
  });

  it('carries the return path as a query parameter a login page reads back', () => {
    const href = withReturnPath('/user/login', '/exchange/index?symbol=ETH_BTC&x=a b');
    expect(href).toBe('/user/login?redirect=/exchange/index%3Fsymbol%3DETH_BTC%26x%3Da%20b');
    const [path, query] = href.split('?');
    expect(returnPathFrom(path, query)).toBe('/exchange/index?symbol=ETH_BTC&x=a%20b');
    expect(withReturnPath('/user/login', null)).toBe('/user/login');
  });
});
