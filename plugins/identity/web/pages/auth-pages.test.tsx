// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, plugin } from '../../../../core/web/testing/fixtures';
import { renderShell } from '../../../../core/web/testing/render-shell';
import en from '../../../../locales/en/identity.json';
import { IDENTITY_PATHS } from '../../shared/types';
import manifest from '../../plugin';
import identityWeb from '../index';

const API = '/api/mjkj-web';
const grant = { access_token: 'access', refresh_token: 'refresh', user_id: '7', uid: '48213377' };
const member = { id: '7', uid: '48213377', email: 'anna@example.com' };
const pages = plugin('pages', {
  routes: [
    { name: 'home.index', path: '/home/index', page: page('home page') },
    { name: 'spot.exchange', path: '/exchange/index', page: page('exchange page') },
  ],
});

const opened: { dispose(): void }[] = [];
afterEach(() => {
  cleanup();
  opened.splice(0).forEach((root) => root.dispose());
  localStorage.clear();
});

async function openAt(path: string) {
  const shell = await renderShell(path, { plugins: [{ manifest, web: identityWeb }, pages] });
  opened.push(shell.root);
  Object.assign(shell.api.answers, { [IDENTITY_PATHS.token]: grant, [API + IDENTITY_PATHS.memberInfo]: member });
  return shell;
}

const typeInto = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const here = () => `${window.location.pathname}${window.location.search}`;

async function logIn() {
  await screen.findByRole('button', { name: en.login.submit });
  typeInto('login-email', 'anna@example.com');
  typeInto('login-password', 'Secret-pass-1');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.login.submit })));
}

describe('LoginPage', () => {
  it('goes back to the page the member came from, query included', async () => {
    const { root } = await openAt('/user/login?redirect=/exchange/index%3Fsymbol%3DETH_BTC');
    await logIn();
    await waitFor(() => expect(here()).toBe('/exchange/index?symbol=ETH_BTC'));
    expect(root.session.isLogin).toBe(true);
  });

  it.each(['/user/login', '/user/login?redirect=//evil.example/x', '/user/login?redirect=https://evil.example/', '/user/login?redirect=/%5Cevil.example'])(
    'goes home from %s: without a return path, or with one leading off the site',
    async (path) => {
      await openAt(path);
      await logIn();
      await waitFor(() => expect(here()).toBe('/home/index'));
    },
  );

  it('passes its return path on to the register page', async () => {
    await openAt('/user/login?redirect=/exchange/index%3Fsymbol%3DETH_BTC');
    const link = await screen.findByRole('link', { name: en.login.toRegister });
    await waitFor(() => expect(link.getAttribute('href')).toBe('/user/register?redirect=/exchange/index%3Fsymbol%3DETH_BTC'));
  });
});

describe('RegisterPage', () => {
  async function signUp() {
    await screen.findByRole('button', { name: en.register.submit });
    typeInto('register-email', 'anna@example.com');
    typeInto('register-code', '123456');
    typeInto('register-password', 'Secret-pass-1');
    typeInto('register-invite', 'AB12CD');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.register.submit })));
  }

  it('signs the new member in and goes back to the page they came from', async () => {
    const { api } = await openAt('/user/register?redirect=/exchange/index%3Fsymbol%3DETH_BTC');
    api.answers[API + IDENTITY_PATHS.register] = { uid: '48213377' };
    expect((await screen.findByRole('link', { name: en.register.toLogin })).getAttribute('href')).toBe(
      '/user/login?redirect=/exchange/index%3Fsymbol%3DETH_BTC',
    );
    await signUp();
    await waitFor(() => expect(here()).toBe('/exchange/index?symbol=ETH_BTC'));
  });

  it('sends the member to log in, keeping the return path, when signing in after registering fails', async () => {
    const { api } = await openAt('/user/register?redirect=/exchange/index%3Fsymbol%3DETH_BTC');
    api.answers[API + IDENTITY_PATHS.register] = { uid: '48213377' };
    api.answers[IDENTITY_PATHS.token] = () => Response.json({ code: 500, success: false, msg: 'busy', data: null }, { status: 500 });
    await signUp();
    await waitFor(() => expect(here()).toBe('/user/login?redirect=/exchange/index%3Fsymbol%3DETH_BTC'));
  });
});
