// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestRoot } from '../../../core/web/testing/test-root';
import { createOperatorStore, operatorStorageKey, type OperatorStore } from './operator-store';

// signing in reloads the operator (permissions); tests that care answer /console/me themselves
const server = setupServer(
  http.get('*/api/mjkj-web/console/me', () => HttpResponse.json({ code: 200, success: true, msg: 'success', data: { id: '1', username: 'admin', role: 'admin' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
const created: OperatorStore[] = [];
afterEach(() => {
  created.splice(0).forEach((store) => store.dispose());
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

const envelope = (data: unknown, code = 200, msg = 'success') => ({ code, success: code === 200, msg, data });
const OPERATOR = { id: '1', username: 'admin', role: 'admin' };

function loginAnswers() {
  return http.post('*/api/mjkj-web/console/auth/login', async ({ request }) => {
    const body = (await request.json()) as { username: string; password: string };
    if (body.password !== 'right') return HttpResponse.json(envelope(null, 401, 'Wrong username or password'), { status: 401 });
    return HttpResponse.json(envelope({ access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: OPERATOR }));
  });
}

async function setup(now = () => 1_000_000) {
  const { root, site } = createTestRoot({ fetch: (input, init) => globalThis.fetch(input, init) });
  const store = createOperatorStore(root.http, site, now);
  await waitHydrated(store);
  return { root, site, store };
}

async function waitHydrated(store: OperatorStore) {
  created.push(store);
  for (let i = 0; i < 50 && !store.hydrated; i++) await new Promise((resolve) => setTimeout(resolve, 1));
  expect(store.hydrated).toBe(true);
}

describe('OperatorStore', () => {
  it('signs in, keeps the operator token apart from the member session and persists it under the release prefix', async () => {
    server.use(loginAnswers());
    const { root, site, store } = await setup();
    expect(await store.signIn('admin', 'right')).toBe(true);
    expect(store.isSignedIn).toBe(true);
    expect(store.operator).toEqual(OPERATOR);
    expect(store.expiresAt).toBe(1_000_000 + 3600 * 1000);
    expect(root.session.accessToken).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const saved = JSON.parse(window.localStorage.getItem(operatorStorageKey(site))!);
    expect(operatorStorageKey(site)).toBe('release-test:console-operator');
    expect(saved).toMatchObject({ token: 'operator-token', operator: OPERATOR });

    store.dispose();
    const again = createOperatorStore(root.http, site, () => 1_000_000);
    await waitHydrated(again);
    expect(again.isSignedIn).toBe(true);
    expect(again.operator).toEqual(OPERATOR);
  });

  it('keeps the server message of a failed sign-in', async () => {
    server.use(loginAnswers());
    const { store } = await setup();
    expect(await store.signIn('admin', 'wrong')).toBe(false);
    expect(store.isSignedIn).toBe(false);
    expect(store.error).toBe('Wrong username or password');
    expect(store.pending).toBe(false);
  });

  it('sends its own token to /console/me and signs out when the server refuses it', async () => {
    server.use(loginAnswers());
    const { store } = await setup();
    await store.signIn('admin', 'right');
    let seen = '';
    server.use(
      http.get('*/api/mjkj-web/console/me', ({ request }) => {
        seen = request.headers.get('Blade-Auth') ?? '';
        return HttpResponse.json(envelope({ ...OPERATOR, role: 'auditor' }));
      }),
    );
    await store.refreshProfile();
    expect(seen).toBe('bearer operator-token');
    expect(store.operator?.role).toBe('auditor');

    server.use(http.get('*/api/mjkj-web/console/me', () => HttpResponse.json(envelope(null, 401, 'Please log in'), { status: 401 })));
    await store.refreshProfile();
    expect(store.isSignedIn).toBe(false);
    expect(store.operator).toBeNull();
  });

  it('drops an expired session when it is read back', async () => {
    server.use(loginAnswers());
    let clock = 1_000_000;
    const { root, site, store } = await setup(() => clock);
    await store.signIn('admin', 'right');
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock += 3600 * 1000;
    expect(store.isSignedIn).toBe(false);
    store.dispose();
    const later = createOperatorStore(root.http, site, () => clock);
    await waitHydrated(later);
    expect(later.token).toBe('');
  });

  it('gives console plugins a client that sends the operator token and signs the operator out on 401 only', async () => {
    server.use(loginAnswers());
    const { root, store } = await setup();
    await store.signIn('admin', 'right');
    let seen = '';
    server.use(
      http.get('*/api/mjkj-web/console/thing', ({ request }) => {
        seen = request.headers.get('Blade-Auth') ?? '';
        return HttpResponse.json(envelope({ ok: true }));
      }),
      http.post('*/api/mjkj-web/console/busy', () => HttpResponse.json(envelope(null, 409, 'Already decided'), { status: 409 })),
    );
    expect(await store.http.get('/console/thing')).toEqual({ ok: true });
    expect(seen).toBe('bearer operator-token');
    await expect(store.http.post('/console/busy', {}, { silent: true })).rejects.toMatchObject({ code: 409 });
    expect(store.isSignedIn).toBe(true);

    let loggedOut = false;
    const logout = root.session.logout.bind(root.session);
    root.session.logout = () => {
      loggedOut = true;
      logout();
    };
    server.use(http.get('*/api/mjkj-web/console/thing', () => HttpResponse.json(envelope(null, 401, 'Please log in'), { status: 401 })));
    await expect(store.http.get('/console/thing', { silent: true })).rejects.toMatchObject({ code: 401 });
    expect(store.isSignedIn).toBe(false);
    expect(loggedOut).toBe(false);
  });
});

describe('OperatorStore with TOTP and permissions', () => {
  it('asks for the authenticator code after the password, sends it, then loads the permissions', async () => {
    const sent: Array<Record<string, string>> = [];
    server.use(
      http.post('*/api/mjkj-web/console/auth/login', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        sent.push(body);
        if (!body.code) return HttpResponse.json({ code: 405, success: false, msg: 'Enter the code', data: { field: 'code' } }, { status: 405 });
        return HttpResponse.json(envelope({ access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: OPERATOR, totpBound: true }));
      }),
      http.get('*/api/mjkj-web/console/me', () =>
        HttpResponse.json(envelope({ ...OPERATOR, role: 'support', permissions: ['members.read', 'mailbox.read'], totpBound: true })),
      ),
    );
    const { store } = await setup();
    expect(await store.signIn('admin', 'right')).toBe(false);
    expect(store.codeRequired).toBe(true);
    expect(store.error).toBe('');
    expect(await store.signIn('admin', 'right', '123456')).toBe(true);
    expect(sent.map((body) => body.code)).toEqual([undefined, '123456']);
    expect(store.codeRequired).toBe(false);
    expect(store.can('mailbox.read')).toBe(true);
    expect(store.can('kyc.review')).toBe(false);
    expect(store.needsTotp).toBe(false);
  });

  it('marks the operator as needing TOTP when the server refuses a call for it', async () => {
    server.use(
      http.post('*/api/mjkj-web/console/auth/login', () =>
        HttpResponse.json(envelope({ access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: OPERATOR, totpBound: true })),
      ),
      http.get('*/api/mjkj-web/console/me', () => HttpResponse.json(envelope({ ...OPERATOR, permissions: [], totpBound: true }))),
      http.get('*/api/mjkj-web/console/dev/mailbox', () =>
        HttpResponse.json({ code: 403, success: false, msg: 'Bind an authenticator app', data: { field: 'totp' } }, { status: 403 }),
      ),
    );
    const { store } = await setup();
    expect(await store.signIn('admin', 'right')).toBe(true);
    expect(store.needsTotp).toBe(false);
    await expect(store.http.get('/console/dev/mailbox', { silent: true })).rejects.toMatchObject({ code: 403 });
    expect(store.needsTotp).toBe(true);
    expect(store.isSignedIn).toBe(true);
  });
});
