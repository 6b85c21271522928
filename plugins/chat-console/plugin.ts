import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

/**
 * Web only, on the console site: the desk's routes are served by the chat plugin's server part, which the main
 * site selects.
 */
export default definePlugin({
  id: 'chat-console',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['console-core'],
  parts: { web: true },
  description: 'Console pages of the customer-service chat: the support desk (queue, transcripts, replies, assignment, agent load) and canned replies.',
});
