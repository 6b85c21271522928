/** The plugin contract's version; the shell and the server refuse manifests of another major. */
export const PLUGIN_API_VERSION = 1;

/**
 * plugins/<id>/plugin.ts: cheap to import, no code of the plugin's parts.
 * By convention the web part is plugins/<id>/web/index.ts(x) and the server part
 * plugins/<id>/server/index.ts; `parts` says which exist.
 */
export interface PluginManifest {
  id: string;
  apiVersion: number;
  /** Plugin ids that must be selected too and load first. */
  dependsOn?: string[];
  parts: { web?: boolean; server?: boolean };
  /** One line for the operator: what the plugin adds. */
  description: string;
}

export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest;
}

export class PluginGraphError extends Error {
  override name = 'PluginGraphError';
}

/**
 * Orders manifests so that every plugin comes after its dependencies.
 * Fails with a clear message on a wrong apiVersion, a duplicate id, a missing dependency or a cycle.
 */
export function orderPlugins<T extends PluginManifest>(manifests: T[]): T[] {
  const byId = new Map<string, T>();
  for (const manifest of manifests) {
    if (manifest.apiVersion !== PLUGIN_API_VERSION) {
      throw new PluginGraphError(
        `plugin "${manifest.id}" targets plugin API version ${manifest.apiVersion}, this shell provides ${PLUGIN_API_VERSION}`,
      );
    }
    if (byId.has(manifest.id)) throw new PluginGraphError(`plugin "${manifest.id}" is selected twice`);
    byId.set(manifest.id, manifest);
  }
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (manifest: T, path: string[]) => {
    const seen = state.get(manifest.id);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      throw new PluginGraphError(`plugin dependency cycle: ${[...path, manifest.id].join(' -> ')}`);
    }
    state.set(manifest.id, 'visiting');
    for (const dependency of manifest.dependsOn ?? []) {
      const target = byId.get(dependency);
      if (!target) {
        throw new PluginGraphError(
          `plugin "${manifest.id}" depends on "${dependency}", which the site config does not select`,
        );
      }
      visit(target, [...path, manifest.id]);
    }
    state.set(manifest.id, 'done');
    ordered.push(manifest);
  };
  for (const manifest of manifests) visit(manifest, []);
  return ordered;
}
