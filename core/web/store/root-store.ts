import { Toast } from '@douyinfe/semi-ui-19';
import type { i18n as I18n } from 'i18next';
import { action, autorun, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import type { CurrencySetting, HttpClient, ShellRoot, SiteConfig, ThemeName } from '../../plugin-api';
import { isLanguage, RATE_REFRESH_MS, type Language } from '../../shared';
import { LOGIN_PATH, REGISTER_PATH, returnPathFrom, withReturnPath } from '../app/return-path';
import { fetchBoot as fetchBootQuery, type BootData, type CurrencyItem, type LanguageItem } from '../boot/boot-query';
import { createHttpClient } from '../http/http-client';
import { applyServerTexts, createShellI18n, loadBundledTexts, type ServerTexts } from '../i18n/i18n';
import { loadSemiLocale, type SemiLocale } from '../i18n/semi-locale';
import { buildNavTree, type NavTree } from '../layout/header/nav-tree';
import type { ControlledRealtimeClient, RealtimeClientOptions } from '../realtime';
import { fillPath } from '../registry/route-path';
import type { Registry } from '../registry/registry';
import { LazyRealtimeClient } from './lazy-realtime';
import { subscribePluginTopics } from './realtime-subscriptions';
import { SearchStore } from './search-store';
import { SessionStore } from './session-store';
import { SettingsStore } from './settings-store';
import { TokenRefresher } from './token-refresher';

export const DARK_MODE_ATTRIBUTE = 'theme-mode';
export const LANGUAGE_TEXTS_PATH = '/coin/open/lang';
export const COIN_RATE_PATH = '/coin/open/getCoinRate';

export interface RootStoreOptions {
  site: SiteConfig;
  registry: Registry;
  /** Shows an error message (the HTTP client throttles it); Semi's Toast by default. */
  showError?: (message: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
  fetchBoot?: (site: string, language: Language) => Promise<BootData>;
  /** Creates the realtime client; `auth` gives it the session's token and principal. */
  createRealtime?: (auth: RealtimeAuth) => ControlledRealtimeClient;
  /** Changes the browser location; receives the full path including the site base. */
  changeLocation?: (to: string, options: { replace: boolean }) => void;
}

export type RealtimeAuth = Pick<RealtimeClientOptions, 'getToken' | 'getPrincipal'>;

/** "/" → "", "/console/" → "/console". */
export function basePathOf(site: SiteConfig): string {
  return site.basePath.replace(/\/+$/, '');
}

function currencyOfItem(item: CurrencyItem): CurrencySetting {
  return { exchange: item.exchange_value, name: item.quote_currency, code: item.exchange_code, symbol: item.symbol, rate: item.rate };
}

function showToastError(message: string): void {
  Toast.error({ content: message, showClose: true });
}

/** The one root of the shell's state; plugins see it as ShellRoot. */
export class RootStore implements ShellRoot {
  readonly site: SiteConfig;
  readonly registry: Registry;
  readonly settings: SettingsStore;
  readonly session: SessionStore;
  readonly http: HttpClient;
  readonly realtime: ControlledRealtimeClient;
  readonly i18n: I18n;
  readonly search: SearchStore;
  readonly tokenRefresher: TokenRefresher;

  boot: BootData | null = null;
  /** Header nav built from the boot nav rows. */
  navTree: NavTree = { top: [], dropped: [] };
  /** The in-app path (without the site base). */
  location = '/';
  /** The query of the current address, without "?". */
  query = '';
  semiLocale: SemiLocale | null = null;

  private readonly now: () => number;
  private readonly fetchBoot: (site: string, language: Language) => Promise<BootData>;
  private readonly changeLocation: (to: string, options: { replace: boolean }) => void;
  private readonly pluginStores = new Map<string, object>();
  private readonly disposers: Array<() => void> = [];
  private readonly warnedNav = new Set<number>();
  private started = false;

  constructor(options: RootStoreOptions) {
    this.site = options.site;
    this.registry = options.registry;
    this.now = options.now ?? (() => Date.now());
    this.fetchBoot = options.fetchBoot ?? fetchBootQuery;
    this.changeLocation = options.changeLocation ?? ((to, { replace }) => browserNavigate(to, { replace }));
    this.settings = new SettingsStore(this.site);
    this.i18n = createShellI18n(this.settings.language, this.registry.locales.map((loader) => loader.namespace));
    this.session = new SessionStore({
      site: this.site,
      http: () => this.http,
      now: this.now,
      onLogout: () => this.navigate('/'),
    });
    this.http = createHttpClient({
      head: this.site.api.head,
      clientId: this.site.api.clientId,
      clientSecret: this.site.api.clientSecret,
      getToken: () => this.session.accessToken,
      getLanguage: () => this.settings.language,
      onUnauthorized: () => this.session.logout(),
      showError: options.showError ?? showToastError,
      unknownErrorText: () => this.t('errors.unknown'),
      fetch: options.fetch,
      now: this.now,
    });
    const auth: RealtimeAuth = { getToken: () => this.session.accessToken || null, getPrincipal: () => this.session.principal };
    this.realtime = options.createRealtime
      ? options.createRealtime(auth)
      : new LazyRealtimeClient(async () => {
          const { createRealtimeClient, realtimeUrl } = await import('../realtime');
          return createRealtimeClient({ url: realtimeUrl(window.location), ...auth });
        });
    this.search = new SearchStore(this, this.registry.search, this.now);
    this.tokenRefresher = new TokenRefresher({
      isLogin: () => this.session.isLogin,
      grantedAt: () => this.session.tokenDatetime,
      tokenTimeS: () => this.tokenTimeS,
      now: this.now,
      refresh: () => this.session.refresh(),
    });
    makeObservable<RootStore, 'applyBootData'>(this, {
      boot: observableRef,
      navTree: observableRef,
      location: observable,
      query: observable,
      returnPath: computed,
      semiLocale: observableRef,
      tokenTimeS: computed,
      logo: computed,
      features: computed,
      languages: computed,
      currencies: computed,
      setLocation: action,
      applyBootData: action,
      setCurrency: action,
      setTheme: action,
    });
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  /** Reads persisted settings and session. */
  async hydrate(): Promise<void> {
    await Promise.all([this.settings.hydrate(), this.session.hydrate()]);
    await this.i18n.changeLanguage(this.settings.language);
    document.documentElement.lang = this.settings.language;
  }

  /** Bundled texts of the current language (core + plugins) and Semi's locale; needs no server. */
  async loadTexts(language: Language = this.settings.language): Promise<void> {
    const [, semiLocale] = await Promise.all([
      loadBundledTexts(this.i18n, language, this.registry.locales),
      loadSemiLocale(language),
    ]);
    runInAction(() => {
      this.semiLocale = semiLocale;
    });
  }

  /** The boot query for the current language; the server texts override the bundled ones. */
  async loadBoot(): Promise<void> {
    const boot = await this.fetchBoot(this.site.name, this.settings.language);
    this.applyBootData(boot);
  }

  /** Creates the plugin stores and starts the reactions that tie session, theme and realtime together. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const factory of this.registry.stores) this.pluginStores.set(factory.id, factory.create(this));
    this.disposers.push(autorun(() => this.applyTheme(this.settings.theme)));
    this.disposers.push(
      reaction(
        () => this.session.isLogin,
        (isLogin) => (isLogin ? this.tokenRefresher.start() : this.tokenRefresher.stop()),
      ),
    );
    // The broker authenticates a connection at CONNECT only: another member (or none) needs a new connection.
    this.disposers.push(reaction(() => this.session.principal, () => this.realtime.restart()));
    if (this.session.isLogin) {
      this.tokenRefresher.start();
      // The stored profile may be stale; a 401 here ends the session.
      this.session.loadProfile().catch(() => {});
    }
    this.disposers.push(subscribePluginTopics(this, this.realtime, this.registry.realtime));
    this.realtime.start();
    const rates = setInterval(() => void this.refreshRates(), RATE_REFRESH_MS);
    this.disposers.push(() => clearInterval(rates));
  }

  /** Reloads the display currencies' rates (spec §9: every 5 minutes); the chosen currency follows its new rate. */
  async refreshRates(): Promise<void> {
    let currencies: CurrencyItem[];
    try {
      currencies = await this.http.get<CurrencyItem[]>(COIN_RATE_PATH, { silent: true });
    } catch {
      return;
    }
    runInAction(() => {
      if (!this.boot) return;
      this.boot = { ...this.boot, currencies };
      const current = currencies.find((item) => item.exchange_code === this.settings.currency.code);
      if (current) this.settings.set('currency', currencyOfItem(current));
    });
  }

  dispose(): void {
    this.tokenRefresher.stop();
    this.realtime.stop();
    this.disposers.splice(0).forEach((dispose) => dispose());
    this.settings.dispose();
    this.session.dispose();
  }

  // ---- ShellRoot -------------------------------------------------------------------------------

  store<T>(id: string): T {
    const store = this.pluginStores.get(id);
    if (!store) {
      throw new Error(
        this.registry.stores.some((factory) => factory.id === id)
          ? `store "${id}" is not created yet (the shell has not started)`
          : `no selected plugin provides the store "${id}"`,
      );
    }
    return store as T;
  }

  href(route: string, params?: Record<string, string>): string {
    const contribution = this.registry.route(route);
    if (!contribution) throw new Error(`unknown route "${route}"`);
    return fillPath(contribution.path, params);
  }

  /** Goes to an in-app path (without the site base). */
  navigate(to: string, options: { replace?: boolean } = {}): void {
    const path = to.startsWith('/') ? to : `/${to}`;
    this.changeLocation(`${basePathOf(this.site)}${path}`, { replace: options.replace ?? false });
  }

  t(key: string, options?: Record<string, unknown>): string {
    return this.i18n.t(key, options) as string;
  }

  /** The login page, coming back to the current page after signing in (see returnPath). */
  loginHref(): string {
    return withReturnPath(LOGIN_PATH, this.returnPath);
  }

  /** The register page, coming back to the current page once signed in (see returnPath). */
  registerHref(): string {
    return withReturnPath(REGISTER_PATH, this.returnPath);
  }

  // ---- derived state ---------------------------------------------------------------------------

  /**
   * Where signing in from here comes back to, a same-site path: the current page, or on the login and register
   * pages the return path they carry (null there without one: home).
   */
  get returnPath(): string | null {
    return returnPathFrom(this.location, this.query);
  }

  /** Token age in seconds from which a refresh is due: the server's setting wins over the site config. */
  get tokenTimeS(): number {
    return this.boot?.site.tokenTime || this.site.api.tokenTime;
  }

  /** Feature flags: the site config merged with the operator's overrides from the boot query. */
  get features(): SiteConfig['features'] {
    const boot = this.boot?.site;
    return boot ? { supportButton: boot.supportButton, repayButton: boot.repayButton, demo: boot.demo } : this.site.features;
  }

  /** The header logo for the current theme. */
  get logo(): string {
    return this.settings.theme === 'theme-day' ? this.settings.logo.day : this.settings.logo.night;
  }

  /** The languages the language menu offers: the server's list, limited to the site's languages. */
  get languages(): LanguageItem[] {
    return (this.boot?.languages ?? []).filter((item) => (this.site.languages as string[]).includes(item.value));
  }

  get currencies(): CurrencyItem[] {
    return this.boot?.currencies ?? [];
  }

  // ---- actions ---------------------------------------------------------------------------------

  setLocation(path: string, query = ''): void {
    this.location = path;
    this.query = query;
  }

  /** Switches language: texts (bundled, boot and /coin/open/lang overrides), mj-lang header, Semi locale. */
  async changeLanguage(language: Language): Promise<void> {
    if (!isLanguage(language) || !this.site.languages.includes(language)) {
      throw new Error(`language "${language}" is not offered by site "${this.site.name}"`);
    }
    const item = this.languages.find((entry) => entry.value === language);
    runInAction(() => {
      this.settings.set('language', language);
      this.settings.set('languageName', item?.label ?? language);
    });
    await this.loadTexts(language);
    const [boot, overrides] = await Promise.all([
      this.fetchBoot(this.site.name, language).catch(() => null),
      this.http.get<ServerTexts>(`${LANGUAGE_TEXTS_PATH}/${language}`, { silent: true }).catch(() => null),
    ]);
    if (boot) this.applyBootData(boot);
    applyServerTexts(this.i18n, language, overrides);
    await this.i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }

  setCurrency(item: CurrencyItem): void {
    this.settings.set('currency', currencyOfItem(item));
  }

  setTheme(theme: ThemeName): void {
    this.settings.set('theme', theme);
  }

  toggleTheme(): void {
    this.setTheme(this.settings.theme === 'theme-night' ? 'theme-day' : 'theme-night');
  }

  private applyBootData(boot: BootData): void {
    this.boot = boot;
    applyServerTexts(this.i18n, this.settings.language, boot.texts);
    this.settings.set('logo', { day: boot.site.logoDay || this.site.logo.day, night: boot.site.logoNight || this.site.logo.night });
    const current = boot.currencies.find((item) => item.exchange_code === this.settings.currency.code);
    if (current) this.settings.set('currency', currencyOfItem(current));
    const languageItem = boot.languages.find((entry) => entry.value === this.settings.language);
    if (languageItem) this.settings.set('languageName', languageItem.label);
    if (boot.site.title) document.title = boot.site.title;
    this.navTree = buildNavTree(boot.nav, (path) => this.registry.matchPath(path) !== undefined);
    for (const item of this.navTree.dropped) {
      if (this.warnedNav.has(item.id)) continue;
      this.warnedNav.add(item.id);
      console.warn(`nav item "${item.nav_code}" (${item.nav_path}) is hidden: no selected plugin has a route for it`);
    }
  }

  private applyTheme(theme: ThemeName): void {
    const body = document.body;
    body.classList.remove('theme-night', 'theme-day');
    body.classList.add(theme);
    if (theme === 'theme-night') body.setAttribute(DARK_MODE_ATTRIBUTE, 'dark');
    else body.removeAttribute(DARK_MODE_ATTRIBUTE);
  }
}
