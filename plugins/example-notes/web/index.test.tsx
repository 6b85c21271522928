// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PluginGraphError } from '../../../core/plugin-api';
import { buildRegistry, type PluginEntry } from '../../../core/web';
import { createTestRoot } from '../../../core/web/testing/test-root';
import defaultSite from '../../../site-configs/default';
import homeManifest from '../../home/plugin';
import homeWeb from '../../home/web/index';
import marketsManifest from '../../markets/plugin';
import marketsWeb from '../../markets/web/index';
import manifest from '../plugin';
import { NOTE_FORM, NOTES_ROUTE } from './ids';
import webPlugin from './index';
import { NOTES_STORE, NotesStore } from './notes-store';

const home: PluginEntry = { manifest: homeManifest, web: homeWeb };
const markets: PluginEntry = { manifest: marketsManifest, web: marketsWeb };
const notes: PluginEntry = { manifest, web: webPlugin };
// A site like the default one with the example selected, as docs/plugins.md tells an author to do.
const site = { ...defaultSite, plugins: ['home', 'markets', 'example-notes'] };

describe('example-notes in the shell', () => {
  it('loads next to the default plugins and exposes its route, menu entry, store, form and texts', async () => {
    const registry = buildRegistry(site, [home, markets, notes]);
    expect(registry.plugins.map((entry) => entry.manifest.id).indexOf('example-notes')).toBeGreaterThan(
      registry.plugins.map((entry) => entry.manifest.id).indexOf('home'),
    );
    expect(registry.route(NOTES_ROUTE)).toMatchObject({ path: '/example/notes', pluginId: 'example-notes' });
    expect(registry.matchPath('/example/notes')?.name).toBe(NOTES_ROUTE);
    expect(registry.menus('user.dropdown')).toEqual([
      expect.objectContaining({ id: 'example-notes.menu', route: NOTES_ROUTE, pluginId: 'example-notes', titleKey: 'example-notes:menuTitle' }),
    ]);
    expect(registry.stores.find((store) => store.id === NOTES_STORE)?.pluginId).toBe('example-notes');
    expect(registry.plugins.find((entry) => entry.manifest.id === 'example-notes')?.web?.forms).toEqual([{ id: NOTE_FORM }]);
    const form = JSON.parse(readFileSync(join(__dirname, '../../../schemas/forms', `${NOTE_FORM}.json`), 'utf8'));
    expect(Object.keys(form.schema.properties)).toEqual(['title', 'body', 'priority', 'remind']);

    const texts = await registry.locales.find((loader) => loader.namespace === 'example-notes')!.load('de');
    expect(texts.default.menuTitle).toBe('Meine Notizen');
  });

  it('gives the shell a working store and a page behind its route', async () => {
    const { root } = createTestRoot({ plugins: [home, notes] });
    root.start();
    const store = root.store<NotesStore>(NOTES_STORE);
    expect(store).toBeInstanceOf(NotesStore);
    expect(root.href(NOTES_ROUTE)).toBe('/example/notes');
    const page = await root.registry.route(NOTES_ROUTE)!.page();
    expect(page.default).toBeTruthy();
  });

  it('is refused without the plugin it depends on', () => {
    const withoutHome = { ...site, plugins: ['markets', 'example-notes'] };
    expect(() => buildRegistry(withoutHome, [home, markets, notes])).toThrow(PluginGraphError);
    expect(() => buildRegistry(withoutHome, [home, markets, notes])).toThrow(/"example-notes" depends on "home"/);
  });

  it('is refused when another plugin declares the same route', () => {
    const copy: PluginEntry = {
      manifest: { ...manifest, id: 'notes-copy', dependsOn: [] },
      web: { id: 'notes-copy', routes: [{ name: NOTES_ROUTE, path: '/notes/copy', page: webPlugin.routes![0]!.page }] },
    };
    const withCopy = { ...site, plugins: [...site.plugins, 'notes-copy'] };
    expect(() => buildRegistry(withCopy, [home, markets, notes, copy])).toThrow(/route name "example-notes.page"/);
  });
});
