// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../../../core/web/testing/render-shell';
import { useMswServer } from '../../../../tests/support/msw-server';
import manifest from '../../plugin';
import webPlugin from '../index';

const server = useMswServer();

const envelope = (data: unknown, code = 200, msg = 'success') => ({ code, success: code === 200, msg, data });
const OPERATOR = { id: '1', username: 'admin', role: 'superadmin' };

function consoleApi() {
  return [
    http.post('*/api/mjkj-web/console/auth/login', async ({ request }) => {
      const body = (await request.json()) as { password: string };
      if (body.password !== 'right') return HttpResponse.json(envelope(null, 401, 'Wrong username or password'), { status: 401 });
      return HttpResponse.json(envelope({ access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: OPERATOR }));
    }),
    http.get('*/api/mjkj-web/console/me', ({ request }) =>
      request.headers.get('Blade-Auth') === 'bearer operator-token'
        ? HttpResponse.json(envelope(OPERATOR))
        : HttpResponse.json(envelope(null, 401, 'Please log in'), { status: 401 }),
    ),
  ];
}

const openConsole = (path: string) =>
  renderShell(path, {
    plugins: [{ manifest, web: webPlugin }],
    site: { name: 'console', basePath: '/', title: 'Bourse Console' },
    fetch: (input, init) => globalThis.fetch(input, init),
  });

function signIn(password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'admin' } });
  fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('console pages', () => {
  it('sends a signed-out operator from the home page to the sign-in page', async () => {
    server.use(...consoleApi());
    await openConsole('/home/index');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Operator console sign-in' })).toBeTruthy();
  });

  it('signs in and shows the operator, the role and the site plugins; signing out returns to sign-in', async () => {
    server.use(...consoleApi());
    await openConsole('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
    signIn('right');
    await waitFor(() => expect(window.location.pathname).toBe('/home/index'));
    await waitFor(() => expect(screen.getByTestId('operator-name').textContent).toBe('admin'));
    expect(screen.getByTestId('operator-role').textContent).toBe('superadmin');
    expect(document.querySelector('[data-plugin="console-core"]')!.textContent).toContain(manifest.description);
    expect(screen.getByRole('button', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    // the operator bar sits in the shell's console section, above its side menu
    const section = document.querySelector('[data-section="console.side"]')!;
    expect(section.querySelector('.cc-bar [data-testid="console-operator"]')!.textContent).toBe('admin');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('release-test:console-operator')).not.toContain('operator-token');
  });

  it('tells the operator why a sign-in failed', async () => {
    server.use(...consoleApi());
    await openConsole('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
    signIn('wrong');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong username or password'));
    expect(window.location.pathname).toBe('/login');
  });

  it('asks for a missing username before calling the server', async () => {
    server.use(...consoleApi());
    await openConsole('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter the username'));
  });
});
