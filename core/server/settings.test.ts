import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSettings } from './settings';

describe('readSettings', () => {
  it('has the documented defaults', () => {
    expect(readSettings({}, [])).toEqual({
      port: 8080,
      host: '127.0.0.1',
      site: 'default',
      consoleSite: 'console',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      tokenSecret: undefined,
      operatorPassword: undefined,
      logLevel: 'info',
      trustProxy: false,
      buildIfNeeded: false,
    });
  });

  it('reads the environment and --build-if-needed', () => {
    const settings = readSettings(
      { PORT: '9000', HOST: '0.0.0.0', SITE: 'release-de', CONSOLE_SITE: 'none', DATA_DIR: '/srv/bourse', DATABASE_URL: 'postgres://db/bourse', TRUST_PROXY: '1' },
      ['--build-if-needed'],
    );
    expect(settings).toMatchObject({ port: 9000, host: '0.0.0.0', site: 'release-de', consoleSite: undefined, dataDir: '/srv/bourse', databaseUrl: 'postgres://db/bourse', trustProxy: true, buildIfNeeded: true });
  });

  it('rejects a bad port', () => {
    expect(() => readSettings({ PORT: 'http' }, [])).toThrow('PORT must be a port number, got "http"');
    expect(() => readSettings({ PORT: '70000' }, [])).toThrow(/PORT/);
  });
});
