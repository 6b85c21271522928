import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'notifications',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['identity'],
  parts: { web: true, server: true },
  description: 'Order notifications: realtime notices of OTC order and appeal changes, at most four on screen, a click opens the order.',
});
