import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'console-core',
  apiVersion: PLUGIN_API_VERSION,
  parts: { web: true, server: true },
  description: 'Operator console: sign-in, the signed-in operator and the overview of the site.',
});
