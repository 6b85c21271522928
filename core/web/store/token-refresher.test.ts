// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_CHECK_MS } from '../../shared';
import { createTestRoot, type RecordedRequest } from '../testing/test-root';
import { PROFILE_PATH, TOKEN_PATH } from './session-store';

const PROFILE = '/api/mjkj-web' + PROFILE_PATH;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('token refresher', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signedIn(tokenTime = 60) {
    const setup = createTestRoot({ site: { api: { head: 'mjkj-web', clientId: 'c', clientSecret: 's', tenantId: '000000', tokenTime } } });
    const { root, api } = setup;
    await root.hydrate();
    await root.loadBoot();
    api.answers[PROFILE] = { uid: 'U100', email: 'a@b.de', supported: 0 };
    root.start();
    await root.session.login({ access_token: 'access-1', refresh_token: 'refresh-1', user_id: '7', account: 'U100' });
    return setup;
  }

  it('logs in: tokens, merged profile, then isLogin; the timer starts', async () => {
    const { root } = await signedIn();
    expect(root.session.isLogin).toBe(true);
    expect(root.session.accessToken).toBe('access-1');
    expect(root.session.user).toMatchObject({ id: '7', uid: 'U100', email: 'a@b.de' });
    expect(root.tokenRefresher.started).toBe(true);
    root.dispose();
  });

  it('does not refresh before the token time, refreshes once when due, then reloads the profile', async () => {
    // boot tokenTime (3600) overrides the site's when present; here the server says 60.
    const { root, api } = await signedIn();
    root.boot!.site.tokenTime = 60;
    const tokenCalls = () => api.requests.filter((r) => r.url.pathname === TOKEN_PATH);
    const hold = deferred<unknown>();
    let seen: RecordedRequest | null = null;
    api.answers[TOKEN_PATH] = (request: RecordedRequest) => {
      seen = request;
      return hold.promise;
    };

    await vi.advanceTimersByTimeAsync(50_000);
    expect(tokenCalls()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_CHECK_MS); // age 60 s: due
    expect(tokenCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3 * TOKEN_REFRESH_CHECK_MS); // checks while the refresh is pending
    expect(tokenCalls()).toHaveLength(1);

    expect(seen!.method).toBe('POST');
    expect(Object.fromEntries(seen!.url.searchParams)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      type: 'account',
      tenantId: '000000',
      scope: 'all',
    });
    expect(seen!.headers.get('Tenant-Id')).toBe('000000');

    const profileCallsBefore = api.paths().filter((p) => p === PROFILE).length;
    api.answers[PROFILE] = { uid: 'U100', email: 'new@b.de' };
    hold.resolve({ access_token: 'access-2', refresh_token: 'refresh-2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(root.session.accessToken).toBe('access-2');
    expect(root.session.refreshToken).toBe('refresh-2');
    expect(api.paths().filter((p) => p === PROFILE).length).toBe(profileCallsBefore + 1);
    expect(api.paths().lastIndexOf(PROFILE)).toBeGreaterThan(api.paths().lastIndexOf(TOKEN_PATH));
    expect(root.session.user?.email).toBe('new@b.de');

    // The new token is fresh again: nothing until another 60 s have passed.
    await vi.advanceTimersByTimeAsync(50_000);
    expect(tokenCalls()).toHaveLength(1);
    root.dispose();
  });

  it('uses the site token time when the server gives none', async () => {
    const { root, api } = await signedIn(30);
    root.boot!.site.tokenTime = 0;
    api.answers[TOKEN_PATH] = { access_token: 'a2', refresh_token: 'r2' };
    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.paths()).not.toContain(TOKEN_PATH);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.paths().filter((p) => p === TOKEN_PATH)).toHaveLength(1);
    root.dispose();
  });

  it('stops on logout', async () => {
    const { root, api } = await signedIn();
    root.boot!.site.tokenTime = 60;
    api.answers[TOKEN_PATH] = { access_token: 'a2', refresh_token: 'r2' };
    root.session.logout();
    expect(root.session.isLogin).toBe(false);
    expect(root.session.accessToken).toBe('');
    expect(root.session.user).toBeNull();
    expect(root.tokenRefresher.started).toBe(false);
    expect(window.location.pathname).toBe('/');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(api.paths()).not.toContain(TOKEN_PATH);
    root.dispose();
  });

  it('a 401 from any call ends the session', async () => {
    const { root, api } = await signedIn();
    api.answers['/api/mjkj-web/coin/assets/getWalletAccount'] = () => Response.json({ code: 401, msg: 'expired' }, { status: 401 });
    await expect(root.http.get('/coin/assets/getWalletAccount')).rejects.toMatchObject({ code: 401 });
    expect(root.session.isLogin).toBe(false);
    expect(root.tokenRefresher.started).toBe(false);
    root.dispose();
  });
});
