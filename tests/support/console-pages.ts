// What the console pages' tests share: the msw server standing in for the API, a persisted operator session
// with chosen permissions, and the console shell with console-core and the plugin under test.
import { http, HttpResponse } from 'msw';
import type { PluginManifest, WebPlugin } from '../../core/plugin-api';
import { renderShell } from '../../core/web/testing/render-shell';
import consoleCoreManifest from '../../plugins/console-core/plugin';
import consoleCoreWeb from '../../plugins/console-core/web';
import { useMswServer } from './msw-server';

/** The API base as msw matches it (any origin). */
export const API = '*/api/mjkj-web';

export const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: 'success', data });
export const refused = (msg: string, field: string) => HttpResponse.json({ code: 400, success: false, msg, data: { field } }, { status: 400 });
export const page = <T,>(records: T[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });

/** The msw server of the test file (useMswServer) and a way to sign an operator in. */
export function useConsoleApi() {
  const server = useMswServer();

  return {
    server,
    /** A persisted operator session; GET /console/me answers the role's permissions. */
    signedInWith(permissions: string[]) {
      const operator = { id: '3', username: 'fiona', role: 'finance', permissions, totpBound: true };
      window.localStorage.setItem('release-test:console-operator', JSON.stringify({ token: 'operator-token', expiresAt: Date.now() + 3_600_000, operator }));
      server.use(http.get(`${API}/console/me`, () => ok(operator)));
    },
  };
}

/** The console site at `path` with console-core and `plugin`. */
export function openConsole(path: string, plugin: { manifest: PluginManifest; web: WebPlugin }) {
  return renderShell(path, {
    plugins: [{ manifest: consoleCoreManifest, web: consoleCoreWeb }, plugin],
    site: { name: 'console', basePath: '/', title: 'Bourse Console' },
    fetch: (input, init) => globalThis.fetch(input, init),
  });
}
