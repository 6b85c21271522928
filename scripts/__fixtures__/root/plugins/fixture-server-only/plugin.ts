import type { PluginManifest } from '../../../../../core/plugin-api';

const manifest: PluginManifest = {
  id: 'fixture-server-only',
  apiVersion: 1,
  parts: { server: true },
  description: 'Build fixture: no web part.',
};
export default manifest;
