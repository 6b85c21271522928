import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'markets',
  apiVersion: PLUGIN_API_VERSION,
  parts: { web: true, server: true },
  description: 'Market lists: spot and contract symbols with 24 h tickers, the price board and the home market boards.',
});
