import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

/** Console page only: the routes it calls are the spot plugin's, served by the main site's server. */
export default definePlugin({
  id: 'spot-console',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['console-core'],
  parts: { web: true, server: false },
  description: 'Console page for spot markets: add markets, change ticks, lots, minimum notional, fees and self-trade policy, halt and open.',
});
