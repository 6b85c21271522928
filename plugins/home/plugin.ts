import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'home',
  apiVersion: PLUGIN_API_VERSION,
  parts: { web: true, server: true },
  description: 'The home page: hero, the sections other plugins add, the product overview and the sign-up prompt — all operator content.',
});
