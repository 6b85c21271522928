import type { Language } from '../shared/constants';

/** One display currency the site offers by default (server rates may update `rate`). */
export interface DisplayCurrency {
  /** ISO code, e.g. "USD", "EUR". */
  code: string;
  /** Money symbol shown before amounts, e.g. "$", "€". */
  symbol: string;
  /** Units of this currency per 1 USD, as a decimal string. */
  rate: string;
}

/**
 * A site build: which plugins, language, currency, area code, theme and API settings.
 * One file under site-configs/ per site; validated against schemas/site-config.schema.json
 * at build and at server start.
 */
export interface SiteConfig {
  /** File name and build folder: dist/<name>. */
  name: string;
  /** Release name: prefixes every persisted storage key. */
  release: string;
  /** Shown in the document title before first paint. */
  title: string;
  /** Plugin ids bundled into this site, in any order (dependsOn decides load order). */
  plugins: string[];
  language: Language;
  languages: Language[];
  currency: DisplayCurrency;
  /** Phone area code offered by default, digits only, e.g. "49". */
  areaCode: string;
  theme: 'theme-night' | 'theme-day';
  logo: { day: string; night: string };
  features: {
    /** The header support button (a once-only user action). */
    supportButton: boolean;
    /** The header repay button (return-of-funds application). */
    repayButton: boolean;
    /** Seeded demo data and the demo market maker; labelled as demo on screen. */
    demo: boolean;
  };
  api: {
    /** The configured web-API path prefix: /api/{head}/coin/... */
    head: string;
    /** Public client credentials sent as Basic authorization on every call. */
    clientId: string;
    clientSecret: string;
    tenantId: string;
    /** Token age in seconds after which the client refreshes its access token. */
    tokenTime: number;
  };
  /** Public path the site is served under ("/" for the main site, "/console/" for the console). */
  basePath: string;
}

export function defineSiteConfig(config: SiteConfig): SiteConfig {
  return config;
}
