import type { PluginManifest } from '../../../../../core/plugin-api';

const manifest: PluginManifest = {
  id: 'fixture-home',
  apiVersion: 1,
  dependsOn: ['fixture-server-only'],
  parts: { web: true },
  description: 'Build fixture: one lazy page.',
};
export default manifest;
