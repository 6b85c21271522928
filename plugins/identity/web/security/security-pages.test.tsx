// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import manifest from '../../plugin';
import identityWeb from '../index';
import AccountInfoPage from '../account/AccountInfoPage';
import GooglePage from './pages/GooglePage';
import LoginPasswordPage from './pages/LoginPasswordPage';
import TradePasswordPage from './pages/TradePasswordPage';
import SecurityPage from './SecurityPage';

const MEMBER = '/api/mjkj-web/coin/member';
const baseUser = { id: '7', uid: '48213377', email: 'anna@example.com', area_code: '49', googleBound: false, tradePwdSet: false, antiCodeSet: false, antiCode: null };

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

async function renderPage(Page: ComponentType, user: Record<string, unknown> = baseUser) {
  const setup = createTestRoot({ plugins: [{ manifest, web: identityWeb }] });
  setup.root.session.storeGrant({ access_token: 'access', refresh_token: 'refresh', user_id: '7', uid: '48213377' });
  setup.root.session.updateUser(user as never);
  setup.api.answers[`${MEMBER}/getMemberInfo`] = user;
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <Page />
      </RootProvider>,
    );
  });
  return setup;
}

const typeInto = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'security.confirm' }));

describe('TradePasswordPage', () => {
  it('checks six digits and the re-authentication before sending anything', async () => {
    const setup = await renderPage(TradePasswordPage);
    await act(async () => submit());
    expect(await screen.findByText('tradePwdRequired')).toBeTruthy();
    expect(screen.getByText('security.passwordRequired')).toBeTruthy();
    typeInto('trade-pwd', '12a34');
    await act(async () => submit());
    expect(await screen.findByText('tradePwdSixDigits')).toBeTruthy();
    expect(setup.api.paths()).not.toContain(`${MEMBER}/tradePwd`);
  });

  it('sends the password with the re-authentication and "sign out other devices", then reloads the profile', async () => {
    const setup = await renderPage(TradePasswordPage);
    setup.api.answers[`${MEMBER}/tradePwd`] = { signedOut: 1 };
    typeInto('trade-pwd', '482913');
    typeInto('trade-pwd-confirm', '482913');
    typeInto('reauth-password', 'Login-pass-1');
    fireEvent.click(screen.getByText('security.signOutOthers'));
    await act(async () => submit());
    await waitFor(() => expect(setup.api.paths()).toContain(`${MEMBER}/tradePwd`));
    const sent = setup.api.requests.find((request) => request.url.pathname === `${MEMBER}/tradePwd`)!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({ tradePwd: '482913', password: 'Login-pass-1', signOutOthers: true });
    await waitFor(() => expect(setup.api.paths().filter((path) => path === `${MEMBER}/getMemberInfo`)).toHaveLength(1));
    await waitFor(() => expect(window.location.pathname).toBe('/account/center/security'));
  });

  it('shows the server error under the field it names', async () => {
    const setup = await renderPage(TradePasswordPage, { ...baseUser, googleBound: true });
    setup.api.answers[`${MEMBER}/tradePwd`] = () => Response.json({ code: 400, success: false, msg: 'Wrong Google code', data: { field: 'googleCode' } }, { status: 400 });
    typeInto('trade-pwd', '482913');
    typeInto('trade-pwd-confirm', '482913');
    typeInto('reauth-password', 'Login-pass-1');
    typeInto('reauth-google', '123456');
    await act(async () => submit());
    const error = await screen.findByText('Wrong Google code');
    expect(error.closest('.id-row')!.querySelector('#reauth-google')).toBeTruthy();
    expect(window.location.pathname).not.toBe('/account/center/security');
  });
});

describe('LoginPasswordPage', () => {
  it('posts old and new passwords in the body, with the Google code when bound', async () => {
    const setup = await renderPage(LoginPasswordPage, { ...baseUser, googleBound: true });
    setup.api.answers['/api/blade-user/update-password'] = { signedOut: 0 };
    typeInto('old-password', 'Old-pass-1');
    typeInto('new-password', 'short');
    await act(async () => submit());
    expect(await screen.findByText('passwordRule')).toBeTruthy();
    typeInto('new-password', 'New-pass-22');
    typeInto('new-password-1', 'New-pass-22');
    typeInto('reauth-google', '654321');
    await act(async () => submit());
    await waitFor(() => expect(setup.api.paths()).toContain('/api/blade-user/update-password'));
    const sent = setup.api.requests.find((request) => request.url.pathname === '/api/blade-user/update-password')!;
    expect(sent.body).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-22', newPassword1: 'New-pass-22', googleCode: '654321', signOutOthers: false });
    expect(sent.url.search).toBe('');
  });
});

describe('GooglePage', () => {
  it('shows the new secret as QR code and text, then confirms it with its code (action 2)', async () => {
    const setup = await renderPage(GooglePage);
    setup.api.answers[`${MEMBER}/googleVerificationBindingOrReset/246810/2`] = { signedOut: 0 };
    Object.assign(setup.api.answers, {
      [`${MEMBER}/getGoogleVerification/bind`]: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    cleanup();
    await act(async () => {
      render(
        <RootProvider root={setup.root}>
          <GooglePage />
        </RootProvider>,
      );
    });
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.getByAltText('security.googleQrAlt').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    typeInto('google-code', '246810');
    typeInto('reauth-password', 'Login-pass-1');
    await act(async () => submit());
    await waitFor(() => expect(setup.api.paths()).toContain(`${MEMBER}/googleVerificationBindingOrReset/246810/2`));
    const sent = setup.api.requests.find((request) => request.url.pathname.startsWith(`${MEMBER}/googleVerificationBindingOrReset`))!;
    expect(sent.url.searchParams.get('password')).toBe('Login-pass-1');
  });

  it('removes a bound authenticator with its current code (action 1) and asks no second Google code', async () => {
    const setup = await renderPage(GooglePage, { ...baseUser, googleBound: true });
    setup.api.answers[`${MEMBER}/googleVerificationBindingOrReset/135790/1`] = { signedOut: 0 };
    expect(document.getElementById('reauth-google')).toBeNull();
    expect(setup.api.paths()).not.toContain(`${MEMBER}/getGoogleVerification/bind`);
    typeInto('google-code', '135790');
    typeInto('reauth-password', 'Login-pass-1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.unbind' })));
    await waitFor(() => expect(setup.api.paths()).toContain(`${MEMBER}/googleVerificationBindingOrReset/135790/1`));
  });
});

describe('SecurityPage and AccountInfoPage', () => {
  it('lists the factors with their state and opens the page of a factor', async () => {
    const setup = await renderPage(SecurityPage, { ...baseUser, tradePwdSet: true });
    const rows = [...document.querySelectorAll('.id-sec-item')];
    expect(rows.map((row) => row.getAttribute('data-factor'))).toEqual(['email', 'phone', 'google', 'loginPwd', 'tradePwd', 'antiCode']);
    expect(rows[0]!.textContent).toContain('an***om');
    fireEvent.click(rows[5]!.querySelector('button')!);
    expect(window.location.pathname).toBe('/account/center/setting/anti-code');
  });

  it('shows the uid, the masked email, the default avatar and the security summary', async () => {
    await renderPage(AccountInfoPage, { ...baseUser, phone: '1701234567', is_merchant: 2, antiCodeSet: true });
    expect(screen.getByTestId('account-uid').textContent).toContain('48213377');
    expect(screen.getAllByText('an***om').length).toBeGreaterThan(0);
    expect(screen.getByText('+49 170***4567')).toBeTruthy();
    expect(screen.getByText('account.merchantYes')).toBeTruthy();
    expect(document.querySelector('.id-account__avatar img')!.getAttribute('src')).toBe('/static/avatar-default.svg');
    expect(document.querySelectorAll('.id-account__factor--on')).toHaveLength(3);
  });
});
