import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'identity',
  apiVersion: PLUGIN_API_VERSION,
  parts: { web: true, server: true },
  description: 'Accounts: sign-up with an email or phone code and an invite code, login and token refresh, the development mailbox.',
});
