import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

/**
 * dependsOn names console-core only: the console site bundles this plugin's pages without the identity and kyc
 * plugins. The server part uses their services, which the main site's plugins provide; it looks them up once
 * every plugin has registered (bootstrap) and refuses to start when one is missing.
 */
export default definePlugin({
  id: 'identity-console',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['console-core'],
  parts: { web: true, server: true },
  description: 'Console pages for members: search, freeze and unfreeze, the KYC review queue, return applications, the development mailbox.',
});
