import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, GraphQLScalarType } from 'graphql';
import mercurius from 'mercurius';
import type { SiteConfig } from '../../plugin-api';
import { isLanguage, LANGUAGES, type Language } from '../../shared';
import type { CgformStore, FormRow } from '../cgform/store';
import { currencyItems, textOverrides, titleFor } from '../config/routes';
import { REPO_ROOT } from '../site-config-loader';

export const BOOT_SCHEMA_FILE = join(REPO_ROOT, 'schemas', 'graphql', 'boot.graphql');

const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: (value) => value,
  parseValue: (value) => value,
});

const SETTING_KEYS = [
  'title', 'logoDay', 'logoNight', 'language', 'currencyCode', 'areaCode', 'theme',
  'supportButton', 'repayButton', 'demo', 'tokenTime',
] as const;

/** The site config as the boot query shows it, with the operator's site_settings row laid over it. */
export function siteSettings(site: SiteConfig, override: Record<string, unknown> | undefined) {
  const settings: Record<string, unknown> = {
    name: site.name,
    title: site.title,
    logoDay: site.logo.day,
    logoNight: site.logo.night,
    language: site.language,
    currencyCode: site.currency.code,
    areaCode: site.areaCode,
    theme: site.theme,
    supportButton: site.features.supportButton,
    repayButton: site.features.repayButton,
    demo: site.features.demo,
    tokenTime: site.api.tokenTime,
  };
  for (const key of SETTING_KEYS) if (override?.[key] !== undefined) settings[key] = override[key];
  return settings;
}

function navItem(row: FormRow, language: Language) {
  return {
    id: row.id,
    pid: Number(row.pid ?? 0),
    nav_sort: Number(row.nav_sort ?? 0),
    nav_show: Number(row.nav_show ?? 0),
    nav_code: String(row.nav_code ?? ''),
    nav_path: String(row.nav_path ?? ''),
    title: titleFor(row.titles, language, String(row.nav_code ?? '')),
    text: typeof row.text === 'string' ? row.text : null,
    icon: typeof row.icon === 'string' ? row.icon : null,
  };
}

function footerItem(row: FormRow, language: Language) {
  const optional = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: row.id,
    pid: Number(row.pid ?? 0),
    sort: Number(row.sort ?? 0),
    title_code: String(row.title_code ?? ''),
    title: titleFor(row.titles, language, String(row.title_code ?? '')),
    skip_type: String(row.skip_type ?? 'page'),
    article_code: optional(row.article_code),
    skip_path: optional(row.skip_path),
    href: optional(row.href),
    set_store: optional(row.set_store),
    fun_key: optional(row.fun_key),
  };
}

function sortedBy<K extends string>(key: K) {
  return (a: Record<K, number> & { id: number }, b: Record<K, number> & { id: number }) => a[key] - b[key] || a.id - b.id;
}

export interface BootOptions {
  store: CgformStore;
  /** The sites this process serves, by name. */
  sites: SiteConfig[];
  now(): Date;
}

export function bootResolvers(options: BootOptions) {
  return {
    JSON: JsonScalar,
    Query: {
      async boot(_root: unknown, args: { site: string; language: string }) {
        const site = options.sites.find((candidate) => candidate.name === args.site);
        if (!site) {
          throw new GraphQLError(`unknown site "${args.site}"; this server serves: ${options.sites.map((s) => s.name).join(', ')}`, {
            extensions: { code: 'BAD_USER_INPUT', field: 'site' },
          });
        }
        if (!isLanguage(args.language)) {
          throw new GraphQLError(`unknown language "${args.language}"; expected one of: ${LANGUAGES.join(', ')}`, {
            extensions: { code: 'BAD_USER_INPUT', field: 'language' },
          });
        }
        const language = args.language;
        const { store } = options;
        const [overrides, nav, footer, languages, currencies, texts, forms] = await Promise.all([
          store.rows('site_settings'),
          store.rows('nav'),
          store.rows('footer'),
          store.rows('language'),
          currencyItems(store),
          textOverrides(store, language),
          store.forms(),
        ]);
        return {
          site: siteSettings(site, overrides.find((row) => row.site === site.name)),
          nav: nav.map((row) => navItem(row, language)).sort(sortedBy('nav_sort')),
          footer: footer.map((row) => footerItem(row, language)).sort(sortedBy('sort')),
          languages: languages
            .sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || a.id - b.id)
            .map((row) => ({
              id: row.id,
              label: String(row.label),
              value: String(row.value),
              text: String(row.text ?? row.label),
              img: typeof row.img === 'string' ? row.img : null,
            })),
          currencies,
          texts,
          forms,
          serverTime: options.now().toISOString(),
        };
      },
    },
  };
}

/** POST /graphql (and GET) answering schemas/graphql/boot.graphql. */
export async function registerBootGraphql(app: FastifyInstance, options: BootOptions): Promise<void> {
  await app.register(mercurius, {
    schema: readFileSync(BOOT_SCHEMA_FILE, 'utf8'),
    resolvers: bootResolvers(options) as never,
    path: '/graphql',
    graphiql: false,
  });
}
