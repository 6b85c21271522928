import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'spot',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['identity', 'wallet', 'markets', 'api-keys'],
  parts: { web: true, server: true },
  description: 'Spot exchange: markets, limit, market and stop orders with take-profit / stop-loss, on the wallet ledger.',
});
