import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

/** Console pages only: the routes they call are the wallet plugin's, served by the main site's server. */
export default definePlugin({
  id: 'wallet-console',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['console-core'],
  parts: { web: true, server: false },
  description: 'Console pages for the wallet: withdrawal review, deposits and the devnet faucet, currencies and networks, experience gold.',
});
