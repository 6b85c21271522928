import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { orderPlugins, PluginGraphError, type PluginManifest, type ServerPlugin } from '../../plugin-api';

export interface LoadedPlugin {
  manifest: PluginManifest;
  server?: ServerPlugin;
}

export interface PluginSelection {
  /** Plugin ids selected by the site configs served by this process (duplicates allowed). */
  selected: string[];
  /** Folder holding plugins/<id>/plugin.ts. */
  pluginsDir: string;
  /** Plugins given in code (tests); they take precedence over a folder with the same id. */
  extra?: LoadedPlugin[];
}

async function importDefault<T>(file: string, what: string): Promise<T> {
  let module: { default?: T };
  try {
    module = await import(pathToFileURL(file).href);
  } catch (error) {
    throw new PluginGraphError(`cannot load ${what} (${file}): ${(error as Error).message}`, { cause: error });
  }
  if (!module.default) throw new PluginGraphError(`${what} (${file}) has no default export`);
  return module.default;
}

function findModule(base: string): string | undefined {
  return ['.ts', '.tsx', '.js'].map((ext) => base + ext).find((file) => existsSync(file));
}

/**
 * Resolves the selected plugins: reads each manifest, orders them by dependsOn (failing on a wrong
 * apiVersion, a missing dependency or a cycle) and imports the server part of those that have one.
 */
export async function loadPlugins(selection: PluginSelection): Promise<LoadedPlugin[]> {
  const given = new Map((selection.extra ?? []).map((plugin) => [plugin.manifest.id, plugin]));
  const ids = [...new Set([...selection.selected, ...given.keys()])];
  const loaded = new Map<string, LoadedPlugin>();
  for (const id of ids) {
    const provided = given.get(id);
    if (provided) {
      loaded.set(id, provided);
      continue;
    }
    if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new PluginGraphError(`plugin id "${id}" is not a valid folder name`);
    const manifestFile = findModule(join(selection.pluginsDir, id, 'plugin'));
    if (!manifestFile) {
      throw new PluginGraphError(`plugin "${id}" is selected but ${join(selection.pluginsDir, id, 'plugin.ts')} does not exist`);
    }
    const manifest = await importDefault<PluginManifest>(manifestFile, `manifest of plugin "${id}"`);
    if (manifest.id !== id) throw new PluginGraphError(`${manifestFile} declares id "${manifest.id}", expected "${id}"`);
    loaded.set(id, { manifest });
  }
  const ordered = orderPlugins([...loaded.values()].map((plugin) => plugin.manifest));
  const result: LoadedPlugin[] = [];
  for (const manifest of ordered) {
    const plugin = loaded.get(manifest.id)!;
    if (manifest.parts.server && !plugin.server) {
      const serverFile = findModule(join(selection.pluginsDir, manifest.id, 'server', 'index'));
      if (!serverFile) throw new PluginGraphError(`plugin "${manifest.id}" declares a server part but has no server/index.ts`);
      plugin.server = await importDefault<ServerPlugin>(serverFile, `server part of plugin "${manifest.id}"`);
    }
    if (plugin.server && plugin.server.id !== manifest.id) {
      throw new PluginGraphError(`server part of plugin "${manifest.id}" declares id "${plugin.server.id}"`);
    }
    result.push(plugin);
  }
  return result;
}
