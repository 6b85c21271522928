import type { PluginManifest, SiteConfig, WebPlugin } from '../../plugin-api';
import type { BootData, NavItem } from '../boot/boot-query';
import type { PluginEntry } from '../registry/registry';

export function testSite(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    name: 'test',
    release: 'release-test',
    title: 'Test Bourse',
    plugins: [],
    language: 'en',
    languages: ['en', 'de', 'fr'],
    currency: { code: 'USD', symbol: '$', rate: '1' },
    areaCode: '49',
    theme: 'theme-night',
    logo: { day: '/static/logo-day.svg', night: '/static/logo-night.svg' },
    features: { supportButton: true, repayButton: true, demo: true },
    api: { head: 'mjkj-web', clientId: 'bourse-web', clientSecret: 'bourse-web-public', tenantId: '000000', tokenTime: 3600 },
    basePath: '/',
    ...overrides,
  };
}

export function manifest(id: string, dependsOn: string[] = [], apiVersion = 1): PluginManifest {
  return { id, apiVersion, dependsOn, parts: { web: true }, description: `${id} plugin` };
}

/** A plugin entry with a web part; the page renders its route name. */
export function plugin(id: string, web: Omit<WebPlugin, 'id'> = {}, dependsOn: string[] = []): PluginEntry {
  return { manifest: manifest(id, dependsOn), web: { id, ...web } };
}

export function page(text: string) {
  return () => Promise.resolve({ default: () => <div>{text}</div> });
}

export function navItem(id: number, overrides: Partial<NavItem> = {}): NavItem {
  return {
    id,
    pid: 0,
    nav_sort: id,
    nav_show: 1,
    nav_code: `nav${id}`,
    nav_path: '/home/index',
    title: `Nav ${id}`,
    text: null,
    icon: null,
    ...overrides,
  };
}

export function bootData(overrides: Partial<BootData> = {}): BootData {
  return {
    site: {
      name: 'test',
      title: 'Test Bourse',
      logoDay: '/static/logo-day.svg',
      logoNight: '/static/logo-night.svg',
      language: 'en',
      currencyCode: 'USD',
      areaCode: '49',
      theme: 'theme-night',
      supportButton: true,
      repayButton: true,
      demo: true,
      tokenTime: 3600,
    },
    nav: [],
    footer: [],
    languages: [
      { id: 1, label: 'English', value: 'en', text: 'English', img: null },
      { id: 2, label: 'Deutsch', value: 'de', text: 'Deutsch', img: null },
      { id: 3, label: 'Français', value: 'fr', text: 'Français', img: null },
      { id: 4, label: '日本語', value: 'ja', text: '日本語', img: null },
    ],
    currencies: [
      { exchange_value: '1', quote_currency: 'US Dollar', exchange_code: 'USD', rate: '1', symbol: '$' },
      { exchange_value: '0.92', quote_currency: 'Euro', exchange_code: 'EUR', rate: '0.92', symbol: '€' },
    ],
    texts: {},
    forms: [],
    serverTime: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
