import type { Language } from '../../shared';
import type { ServerTexts } from '../i18n/i18n';

export interface BootSiteSettings {
  name: string;
  title: string;
  logoDay: string;
  logoNight: string;
  language: string;
  currencyCode: string;
  areaCode: string;
  theme: string;
  supportButton: boolean;
  repayButton: boolean;
  demo: boolean;
  tokenTime: number;
}

export interface NavItem {
  id: number;
  pid: number;
  nav_sort: number;
  nav_show: number;
  nav_code: string;
  nav_path: string;
  title: string;
  text?: string | null;
  icon?: string | null;
}

export interface FooterItem {
  id: number;
  pid: number;
  sort: number;
  title_code: string;
  title: string;
  skip_type: string;
  article_code?: string | null;
  skip_path?: string | null;
  href?: string | null;
  set_store?: string | null;
  fun_key?: string | null;
}

export interface LanguageItem {
  id: number;
  label: string;
  value: string;
  text: string;
  img?: string | null;
}

export interface CurrencyItem {
  exchange_value: string;
  quote_currency: string;
  exchange_code: string;
  rate: string;
  symbol: string;
}

export interface BootData {
  site: BootSiteSettings;
  nav: NavItem[];
  footer: FooterItem[];
  languages: LanguageItem[];
  currencies: CurrencyItem[];
  texts: ServerTexts;
  forms: Array<{ code: string; name: string }>;
  serverTime: string;
}

/** The query of schemas/graphql/boot.graphql. */
export const BOOT_QUERY = /* GraphQL */ `
  query Boot($site: String!, $language: String!) {
    boot(site: $site, language: $language) {
      site {
        name
        title
        logoDay
        logoNight
        language
        currencyCode
        areaCode
        theme
        supportButton
        repayButton
        demo
        tokenTime
      }
      nav { id pid nav_sort nav_show nav_code nav_path title text icon }
      footer { id pid sort title_code title skip_type article_code skip_path href set_store fun_key }
      languages { id label value text img }
      currencies { exchange_value quote_currency exchange_code rate symbol }
      texts
      forms { code name }
      serverTime
    }
  }
`;

export function graphqlUrl(): string {
  return new URL('/graphql', globalThis.location?.origin ?? 'http://localhost').toString();
}

/** One POST /graphql before first paint; graphql-request loads in its own chunk. */
export async function fetchBoot(site: string, language: Language, url = graphqlUrl()): Promise<BootData> {
  const { request } = await import('graphql-request');
  const result = await request<{ boot: BootData }>(url, BOOT_QUERY, { site, language });
  return result.boot;
}
