import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'console-core',
  apiVersion: PLUGIN_API_VERSION,
  parts: { web: true, server: true },
  description: 'Operator console: sign-in, the operator bar and overview shared by every console page, the operator-token HTTP client for console plugins.',
});
