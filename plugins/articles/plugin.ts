import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'articles',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['home'],
  parts: { web: true, server: true },
  description: 'Help centre, notices and static pages: categories and sections, articles per language with sanitised rich text, edited in the console.',
});
