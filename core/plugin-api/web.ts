import type { ComponentType } from 'react';
import type { Language } from '../shared/constants';
import type { SiteConfig } from './site-config';

/** Named places in the shell where plugins add menu entries. */
export const MENU_SLOTS = ['nav', 'user.dropdown', 'account.center', 'account.wallet', 'console.side'] as const;
export type MenuSlot = (typeof MENU_SLOTS)[number];

/** Menu slots that can frame pages as a section: a side menu of the slot's entries beside the page. */
export const SECTION_SLOTS = ['account.center', 'account.wallet', 'console.side'] as const;
export type SectionSlot = (typeof SECTION_SLOTS)[number];

/** Named places in the shell where plugins render components ("section.top": above a section's pages). */
export const COMPONENT_SLOTS = ['header.actions', 'home.sections', 'layout.overlay', 'section.top'] as const;
export type ComponentSlot = (typeof COMPONENT_SLOTS)[number];

export type DealType = 'cash' | 'pry';
export type ContractType = 'ubw' | 'bbw';
export type ThemeName = 'theme-night' | 'theme-day';

/** The display currency as the client keeps it (spec §3). */
export interface CurrencySetting {
  /** Units per 1 USD, decimal string. */
  exchange: string;
  name: string;
  code: string;
  symbol: string;
  rate: string;
}

/** Persisted client settings (spec §3): the shell persists every field. */
export interface ClientSettings {
  language: Language;
  languageName: string;
  defaultLanguage: Language;
  currency: CurrencySetting;
  theme: ThemeName;
  logo: { day: string; night: string };
  currentCoin: string;
  dealType: DealType;
  contractType: ContractType;
  contractUnit: string;
  assetDisplay: { showAllAssets: boolean; type: number };
  inviteCode: string;
  deviceId: string;
  offlineOrders: Record<string, unknown[]>;
}

/** Session user info (spec §3). */
export interface SessionUser {
  id: string;
  uid: string;
  email?: string;
  phone?: string;
  avatar?: string;
  is_merchant?: number;
  merchant?: { id: string };
  supported?: number;
  chatKey?: string;
  blade_user_id?: string;
}

export interface HttpOptions {
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Reject without showing the error message. */
  silent?: boolean;
  /** The call presents credentials (a sign-in): its 401 means "wrong credentials", not "session ended". */
  credentials?: boolean;
  /**
   * Aborts the call when the signal aborts (a screen moved on): its fetch is cancelled and it rejects quietly with
   * an HttpError of kind 'aborted' (`isAbortError` from core/web), whatever the server answered.
   */
  signal?: AbortSignal;
}

export interface DownloadOptions extends HttpOptions {
  /** The file's name when the answer's Content-Disposition names none. */
  fileName?: string;
  /**
   * Adds the browser's IANA time zone ("Europe/Berlin") to the body as `timeZone`, unless the body names one: the
   * field in which core/server's exports (`exportTimes`) write their times.
   */
  timeZone?: boolean;
}

/** The shell's HTTP client: paths are relative to /api/{head} unless they start with /api/. */
export interface HttpClient {
  get<T>(path: string, options?: HttpOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: HttpOptions): Promise<T>;
  upload<T>(path: string, form: FormData, options?: HttpOptions): Promise<T>;
  /**
   * POSTs the body as JSON and has the browser save the file answered; resolves with its name. A JSON or non-2xx
   * answer is an error envelope, rejected (and shown) as by `post`.
   */
  download(path: string, body?: object, options?: DownloadOptions): Promise<string>;
}

export type TopicListener = (payload: unknown, topic: string) => void;

export interface SubscribeOptions {
  /**
   * Called when messages of the topic may have been missed (a sequence jump, or a reconnect): reload the REST
   * snapshot the topic's messages apply to.
   */
  onGap?: (topic: string) => void;
}

export interface RealtimeClient {
  /** Subscribe to a topic; returns an unsubscribe function. */
  subscribe(topic: string, listener: TopicListener, options?: SubscribeOptions): () => void;
  readonly connected: boolean;
}

/** What a plugin sees of the shell. core/web's RootStore implements it. */
export interface ShellRoot {
  readonly site: SiteConfig;
  readonly settings: ClientSettings & {
    set<K extends keyof ClientSettings>(key: K, value: ClientSettings[K]): void;
  };
  readonly session: {
    readonly isLogin: boolean;
    readonly user: SessionUser | null;
  };
  readonly http: HttpClient;
  readonly realtime: RealtimeClient;
  /** A plugin store by its id; throws when no selected plugin provides it. */
  store<T>(id: string): T;
  /** Path of a named route with its params filled in; throws on an unknown name. */
  href(route: string, params?: Record<string, string>): string;
  navigate(to: string): void;
  /** The login page, and the register page, with a return path to the current page (see docs/plugins.md). */
  loginHref(): string;
  registerHref(): string;
  t(key: string, options?: Record<string, unknown>): string;
}

export interface RouteContribution {
  /** Unique across plugins; cross-plugin links use it: root.href('spot.exchange'). */
  name: string;
  /** wouter pattern, e.g. "/article/main/content/:type/:id". */
  path: string;
  page: () => Promise<{ default: ComponentType<{ params: Record<string, string> }> }>;
  /** "main" wraps the page in header and footer (default); "bare" renders it alone. */
  layout?: 'main' | 'bare';
  /** Redirect to login when signed out. */
  requiresLogin?: boolean;
  /** Frames the page in a section: the side menu of that slot's entries (e.g. the account center). */
  section?: SectionSlot;
}

export interface MenuContribution {
  id: string;
  slot: MenuSlot;
  order: number;
  /** i18n key, "namespace:key". */
  titleKey: string;
  /** A route name, or an external URL in `href`. */
  route?: string;
  params?: Record<string, string>;
  href?: string;
  visible?: (root: ShellRoot) => boolean;
  /** Settings a selection applies, e.g. the spot menu sets deal type cash. */
  onSelect?: (root: ShellRoot) => void;
  /** Further routes on which this entry shows as the current one (e.g. the security entry on its setting pages). */
  activeOn?: string[];
}

export interface ComponentContribution {
  slot: ComponentSlot;
  /** For slot "section.top": the section whose pages show it. */
  section?: SectionSlot;
  order: number;
  component: () => Promise<{ default: ComponentType }>;
  visible?: (root: ShellRoot) => boolean;
}

export interface RealtimeContribution {
  /** A fixed topic, or one computed from the root (null: not subscribed now, e.g. signed out). */
  topic: string | ((root: ShellRoot) => string | null);
  handle: (payload: unknown, root: ShellRoot) => void;
}

/** A JSON-schema form: schemas/forms/<id>.json holds { schema, uiSchema }. */
export interface FormContribution {
  id: string;
}

/** One row the header search box lists. */
export interface SearchItem {
  /** Display symbol, e.g. "BTC/USDT". */
  symbol: string;
  /** Coin icon URL, if any. */
  icon?: string;
  /** Last price as a decimal string, in the quote currency. */
  close?: string;
  /** 24 h change in percent, decimal string. */
  zdf?: string;
  /** The operator halted trading in it: the row says so in place of its change. */
  halted?: boolean;
}

/** Feeds one tab of the header search box (spec §2: spot and contract tabs). */
export interface SearchContribution {
  tab: 'spot' | 'contract';
  /** All searchable rows; the shell filters by symbol text and takes the first 8 as the hot list. */
  load: (root: ShellRoot) => Promise<SearchItem[]>;
  /** Opens the trading screen for a row. */
  open: (item: SearchItem, root: ShellRoot) => void;
}

export interface WebPlugin {
  id: string;
  routes?: RouteContribution[];
  menus?: MenuContribution[];
  components?: ComponentContribution[];
  /** MobX stores on the root store, keyed by store id. */
  stores?: Record<string, (root: ShellRoot) => object>;
  forms?: FormContribution[];
  /** Loads this plugin's locale namespace (namespace = plugin id): locales/<lng>/<id>.json. */
  locales?: (language: Language) => Promise<{ default: Record<string, unknown> }>;
  realtime?: RealtimeContribution[];
  search?: SearchContribution[];
}

export function defineWebPlugin(plugin: WebPlugin): WebPlugin {
  return plugin;
}
