import '../styles/shell.css';
import { createRoot, type Root } from 'react-dom/client';
import type { SiteConfig } from '../../plugin-api';
import { ShellApp } from '../app/shell-app';
import { FALLBACK_SCREEN_TEXTS, PageSpinner, PluginErrorScreen, RetryScreen, type ScreenTexts } from '../app/screens';
import { CORE_NAMESPACE } from '../i18n/i18n';
import { buildRegistry, type PluginEntry } from '../registry/registry';
import { RootStore, type RootStoreOptions } from '../store/root-store';

export interface StartShellOptions {
  site: SiteConfig;
  plugins: PluginEntry[];
  /** Where to mount; #root by default. */
  container?: HTMLElement;
}

function screenTexts(root: RootStore): ScreenTexts {
  if (!root.i18n.hasResourceBundle(root.settings.language, CORE_NAMESPACE)) return FALLBACK_SCREEN_TEXTS;
  return { offline: root.t('boot.offline'), retry: root.t('boot.retry'), pluginError: root.t('boot.pluginError') };
}

/** Texts, then the boot query; on failure a retry screen until the server answers. Resolves once something is on screen. */
function bootAndRender(root: RootStore, view: Root): Promise<void> {
  return new Promise((resolve) => {
    const attempt = async () => {
      try {
        await root.loadTexts();
        await root.loadBoot();
      } catch (error) {
        console.error('the site could not start: the server did not answer the boot query', error);
        view.render(
          <RetryScreen
            texts={screenTexts(root)}
            onRetry={() => {
              view.render(<PageSpinner />);
              void attempt();
            }}
          />,
        );
        resolve();
        return;
      }
      root.start();
      view.render(<ShellApp root={root} />);
      resolve();
    };
    void attempt();
  });
}

/**
 * Starts the web shell: site config → plugin registry → persisted state → texts and boot query → render.
 * A broken plugin graph shows its message instead of a blank page.
 */
export async function startShell(options: StartShellOptions, storeOptions: Partial<RootStoreOptions> = {}): Promise<void> {
  const { site, plugins } = options;
  document.title = site.title;
  document.documentElement.lang = site.language;
  const container = options.container ?? document.getElementById('root');
  if (!container) throw new Error('startShell: no #root element to mount into');
  const view = createRoot(container);

  let registry;
  try {
    registry = buildRegistry(site, plugins);
  } catch (error) {
    console.error(error);
    const message = error instanceof Error ? error.message : String(error);
    view.render(<PluginErrorScreen title={FALLBACK_SCREEN_TEXTS.pluginError} message={message} />);
    return;
  }

  view.render(<PageSpinner />);
  const root = new RootStore({ ...storeOptions, site, registry });
  await root.hydrate();
  await bootAndRender(root, view);
}
