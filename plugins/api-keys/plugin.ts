import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'api-keys',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['identity'],
  parts: { web: true, server: true },
  description: 'API keys for bots: created in the account center, checked with Binance-style HMAC signatures under /api/v3.',
});
