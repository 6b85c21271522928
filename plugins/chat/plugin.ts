import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'chat',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['identity'],
  parts: { web: true, server: true },
  description: 'Customer-service chat: the floating chat button and dialog for members, the conversations and replies of the support desk, live over the realtime broker.',
});
