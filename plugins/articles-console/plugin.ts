import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

/** Web only: the server routes are the articles plugin's, which the main site selects. */
export default definePlugin({
  id: 'articles-console',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['console-core'],
  parts: { web: true },
  description: 'Console pages for articles: the list, the editor with a sanitised preview and publishing per language, the category tree.',
});
