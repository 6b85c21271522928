// The plugins a spot page needs in a whole test shell, the member such tests sign in as, and their msw server
// (plugins' own test files may import other plugins' web parts; this shared module lives outside plugins/ for that).
import { Toast } from '@douyinfe/semi-ui-19';
import { act, cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import apiKeysManifest from '../../plugins/api-keys/plugin';
import apiKeysWeb from '../../plugins/api-keys/web/index';
import identityManifest from '../../plugins/identity/plugin';
import identityWeb from '../../plugins/identity/web/index';
import marketsManifest from '../../plugins/markets/plugin';
import marketsWeb from '../../plugins/markets/web/index';
import walletManifest from '../../plugins/wallet/plugin';
import walletWeb from '../../plugins/wallet/web/index';
import manifest from '../../plugins/spot/plugin';
import webPlugin from '../../plugins/spot/web/index';

export const SPOT_SHELL_PLUGINS = [
  { manifest: identityManifest, web: identityWeb },
  { manifest: walletManifest, web: walletWeb },
  { manifest: marketsManifest, web: marketsWeb },
  { manifest: apiKeysManifest, web: apiKeysWeb },
  { manifest, web: webPlugin },
];

export const TEST_MEMBER = { id: '7', uid: '48213377', email: 'anna@example.com', is_merchant: 0 };

/**
 * An msw server for a test file's whole shells, with the clean-up each test needs: toasts (whose close timers would
 * fire after the test environment is gone), the rendered tree, the opened roots, the handlers, the stored settings;
 * then `more`. `opened` takes the roots a test opens.
 */
export function shellTestServer(more: () => void = () => {}) {
  const server = setupServer();
  const opened: { dispose(): void }[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    act(() => Toast.destroyAll());
    cleanup();
    opened.splice(0).forEach((root) => root.dispose());
    server.resetHandlers();
    window.localStorage.clear();
    more();
  });
  afterAll(() => server.close());
  return { server, opened };
}
