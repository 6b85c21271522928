import {
  COMPONENT_SLOTS,
  MENU_SLOTS,
  SECTION_SLOTS,
  PluginGraphError,
  orderPlugins,
  type ComponentContribution,
  type ComponentSlot,
  type MenuContribution,
  type MenuSlot,
  type PluginManifest,
  type RealtimeContribution,
  type RouteContribution,
  type SearchContribution,
  type ShellRoot,
  type SiteConfig,
  type WebPlugin,
} from '../../plugin-api';
import type { Language } from '../../shared';
import { pathMatches } from './route-path';

export interface PluginEntry {
  manifest: PluginManifest;
  web?: WebPlugin;
}

/** A contribution together with the id of the plugin that made it. */
export type Owned<T> = T & { pluginId: string };

export interface StoreFactory {
  id: string;
  pluginId: string;
  create: (root: ShellRoot) => object;
}

export interface LocaleLoader {
  namespace: string;
  load: (language: Language) => Promise<{ default: Record<string, unknown> }>;
}

/** Everything the selected plugins contribute, validated and indexed. */
export interface Registry {
  /** Selected plugins, dependencies first. */
  readonly plugins: PluginEntry[];
  readonly routes: Owned<RouteContribution>[];
  readonly stores: StoreFactory[];
  readonly realtime: Owned<RealtimeContribution>[];
  readonly search: Owned<SearchContribution>[];
  readonly locales: LocaleLoader[];
  route(name: string): Owned<RouteContribution> | undefined;
  /** The route whose pattern matches an in-app path (query ignored), if any. */
  matchPath(path: string): Owned<RouteContribution> | undefined;
  /** Menu entries of a slot, by order. */
  menus(slot: MenuSlot): Owned<MenuContribution>[];
  /** Components of a slot, by order. */
  components(slot: ComponentSlot): Owned<ComponentContribution>[];
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/**
 * Validates the plugin graph and the contributions of the plugins the site selects.
 * Throws PluginGraphError naming the plugins at fault.
 */
export function buildRegistry(site: SiteConfig, plugins: PluginEntry[]): Registry {
  const available = new Map(plugins.map((entry) => [entry.manifest.id, entry]));
  for (const id of site.plugins) {
    if (!available.has(id)) {
      throw new PluginGraphError(`site "${site.name}" selects plugin "${id}", which is not part of this build`);
    }
  }
  const selected = site.plugins.map((id) => available.get(id)!);
  const ordered = orderPlugins(selected.map((entry) => entry.manifest)).map((manifest) => available.get(manifest.id)!);

  const routes: Owned<RouteContribution>[] = [];
  const menus: Owned<MenuContribution>[] = [];
  const components: Owned<ComponentContribution>[] = [];
  const stores: StoreFactory[] = [];
  const realtime: Owned<RealtimeContribution>[] = [];
  const search: Owned<SearchContribution>[] = [];
  const locales: LocaleLoader[] = [];
  const routeByName = new Map<string, Owned<RouteContribution>>();
  const routeByPath = new Map<string, Owned<RouteContribution>>();
  const storeOwner = new Map<string, string>();

  for (const { manifest, web } of ordered) {
    if (!web) continue;
    const pluginId = manifest.id;
    if (web.id !== pluginId) {
      throw new PluginGraphError(`plugin "${pluginId}" has a web part that calls itself "${web.id}"`);
    }
    for (const route of web.routes ?? []) {
      const byName = routeByName.get(route.name);
      if (byName) {
        throw new PluginGraphError(
          `route name "${route.name}" is declared by plugin "${byName.pluginId}" and by plugin "${pluginId}"`,
        );
      }
      const byPath = routeByPath.get(route.path);
      if (byPath) {
        throw new PluginGraphError(
          `route path "${route.path}" is declared by plugin "${byPath.pluginId}" (${byPath.name}) and by plugin "${pluginId}" (${route.name})`,
        );
      }
      if (route.section && !(SECTION_SLOTS as readonly string[]).includes(route.section)) {
        throw new PluginGraphError(
          `plugin "${pluginId}" frames route "${route.name}" in unknown section "${route.section}" (sections: ${SECTION_SLOTS.join(', ')})`,
        );
      }
      const owned = { ...route, pluginId };
      routeByName.set(route.name, owned);
      routeByPath.set(route.path, owned);
      routes.push(owned);
    }
    for (const menu of web.menus ?? []) {
      if (!(MENU_SLOTS as readonly string[]).includes(menu.slot)) {
        throw new PluginGraphError(
          `plugin "${pluginId}" adds menu entry "${menu.id}" to unknown slot "${menu.slot}" (slots: ${MENU_SLOTS.join(', ')})`,
        );
      }
      menus.push({ ...menu, pluginId });
    }
    for (const component of web.components ?? []) {
      if (!(COMPONENT_SLOTS as readonly string[]).includes(component.slot)) {
        throw new PluginGraphError(
          `plugin "${pluginId}" adds a component to unknown slot "${component.slot}" (slots: ${COMPONENT_SLOTS.join(', ')})`,
        );
      }
      components.push({ ...component, pluginId });
    }
    for (const [id, create] of Object.entries(web.stores ?? {})) {
      const owner = storeOwner.get(id);
      if (owner) {
        throw new PluginGraphError(`store "${id}" is provided by plugin "${owner}" and by plugin "${pluginId}"`);
      }
      storeOwner.set(id, pluginId);
      stores.push({ id, pluginId, create });
    }
    for (const topic of web.realtime ?? []) realtime.push({ ...topic, pluginId });
    for (const provider of web.search ?? []) search.push({ ...provider, pluginId });
    if (web.locales) locales.push({ namespace: pluginId, load: web.locales });
  }

  // Menus may point at routes of plugins loaded later, so they are checked once all routes are known.
  for (const menu of menus) {
    if (menu.route !== undefined && !routeByName.has(menu.route)) {
      throw new PluginGraphError(
        `plugin "${menu.pluginId}" has menu entry "${menu.id}" pointing at unknown route "${menu.route}"`,
      );
    }
    const unknownActive = (menu.activeOn ?? []).find((route) => !routeByName.has(route));
    if (unknownActive !== undefined) {
      throw new PluginGraphError(`plugin "${menu.pluginId}" has menu entry "${menu.id}" active on unknown route "${unknownActive}"`);
    }
  }

  menus.sort(byOrder);
  components.sort(byOrder);

  return {
    plugins: ordered,
    routes,
    stores,
    realtime,
    search,
    locales,
    route: (name) => routeByName.get(name),
    matchPath: (path) => routes.find((route) => pathMatches(route.path, path)),
    menus: (slot) => menus.filter((menu) => menu.slot === slot),
    components: (slot) => components.filter((component) => component.slot === slot),
  };
}
