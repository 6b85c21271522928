import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'example-notes',
  apiVersion: PLUGIN_API_VERSION,
  // The notes page links back to the home page by its route name, so the home plugin must be there.
  dependsOn: ['home'],
  parts: { web: true },
  description: 'Worked example of the plugin guide: a notes page with a schema form, a menu entry and a store.',
});
