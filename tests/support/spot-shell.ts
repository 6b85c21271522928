// The plugins a spot page needs in a whole test shell, the member such tests sign in as, and their msw server
// (plugins' own test files may import other plugins' web parts; this shared module lives outside plugins/ for that).
import { Toast } from '@douyinfe/semi-ui-19';
import { act, cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
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
import { useMswServer } from './msw-server';

export const SPOT_SHELL_PLUGINS = [
  { manifest: identityManifest, web: identityWeb },
  { manifest: walletManifest, web: walletWeb },
  { manifest: marketsManifest, web: marketsWeb },
  { manifest: apiKeysManifest, web: apiKeysWeb },
  { manifest, web: webPlugin },
];

export const TEST_MEMBER = { id: '7', uid: '48213377', email: 'anna@example.com', is_merchant: 0 };

/**
 * The msw server of a test file's whole shells (`useMswServer`), and the clean-up such tests need besides: toasts
 * (whose close timers would fire after the test environment is gone), the rendered tree, then the roots in `opened`,
 * then `more`.
 */
export function shellTestServer(more: () => void = () => {}) {
  const server = useMswServer();
  const opened: { dispose(): void }[] = [];
  afterEach(() => {
    act(() => Toast.destroyAll());
    cleanup();
    opened.splice(0).forEach((root) => root.dispose());
    more();
  });
  return { server, opened };
}
