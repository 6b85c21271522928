import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'kyc',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['identity'],
  parts: { web: true, server: true },
  description: 'Identity verification: ID images checked and re-encoded on the server, reviewed by operators.',
});
