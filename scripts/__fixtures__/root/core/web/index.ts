// A stand-in shell for the build fixture: mounts the first route's page.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { PluginManifest, SiteConfig, WebPlugin } from '../../../../../core/plugin-api';

export async function startShell(options: { site: SiteConfig; plugins: { manifest: PluginManifest; web?: WebPlugin }[] }) {
  const route = options.plugins.flatMap((plugin) => plugin.web?.routes ?? [])[0];
  if (!route) return;
  const { default: Page } = await route.page();
  createRoot(document.getElementById('root')!).render(createElement(Page, { params: {} }));
}
