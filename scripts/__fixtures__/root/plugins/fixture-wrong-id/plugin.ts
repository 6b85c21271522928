import type { PluginManifest } from '../../../../../core/plugin-api';

const manifest: PluginManifest = {
  id: 'another-id',
  apiVersion: 1,
  parts: {},
  description: 'Build fixture: its id differs from its folder name.',
};
export default manifest;
