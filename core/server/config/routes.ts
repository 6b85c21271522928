import type { RouteDefinition } from '../../plugin-api';
import { ApiError, isLanguage, type Language } from '../../shared';
import type { CgformStore, FormRow } from '../cgform/store';

export interface CurrencyItem {
  exchange_value: string;
  quote_currency: string;
  exchange_code: string;
  rate: string;
  symbol: string;
}

/** The text of a row's `titles` for the language, falling back to English, then to `fallback`. */
export function titleFor(titles: unknown, language: Language, fallback = ''): string {
  if (titles && typeof titles === 'object') {
    const byLanguage = titles as Record<string, unknown>;
    const text = byLanguage[language] ?? byLanguage.en;
    if (typeof text === 'string') return text;
  }
  return fallback;
}

function bySort(a: FormRow, b: FormRow): number {
  return Number(a.sort ?? 0) - Number(b.sort ?? 0) || a.id - b.id;
}

/** Server text overrides of a language: { namespace: { key: text } } from the site_text form. */
export async function textOverrides(store: CgformStore, language: Language): Promise<Record<string, Record<string, string>>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const row of await store.rows('site_text')) {
    if (row.lang !== language) continue;
    const namespace = String(row.namespace);
    (texts[namespace] ??= {})[String(row.key)] = String(row.text);
  }
  return texts;
}

/** Display currencies with their operator-set rates (units per 1 USD, decimal strings). */
export async function currencyItems(store: CgformStore): Promise<CurrencyItem[]> {
  return (await store.rows('currency')).sort(bySort).map((row) => ({
    exchange_value: String(row.rate),
    quote_currency: 'USD',
    exchange_code: String(row.code),
    rate: String(row.rate),
    symbol: String(row.symbol),
  }));
}

export const CLIENT_TYPES = ['web', 'android', 'ios'] as const;

/** The spec's config calls backed by cgform collections. */
export function configRoutes(store: CgformStore): RouteDefinition[] {
  return [
    {
      method: 'GET',
      path: '/sys/sys/dict/getDictItems/{dict}',
      schema: { params: { type: 'object', properties: { dict: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } } },
      async handler(request) {
        const items = (await store.rows('dict_item')).filter((row) => row.dict_code === request.params.dict).sort(bySort);
        return items.map((row) => ({
          value: String(row.item_value),
          text: titleFor(row.titles, request.language, String(row.item_value)),
          sort: Number(row.sort ?? 0),
        }));
      },
    },
    {
      method: 'GET',
      path: '/coin/open/lang/{lang}',
      async handler(request) {
        const language = request.params.lang;
        if (!isLanguage(language)) throw ApiError.fieldInvalid('lang');
        return textOverrides(store, language);
      },
    },
    {
      method: 'GET',
      path: '/coin/open/get/phone/areaCode',
      async handler() {
        return (await store.rows('area_code')).map((row) => ({ code: String(row.code), name: String(row.name), iso: String(row.iso) }));
      },
    },
    {
      method: 'GET',
      path: '/coin/open/client/version',
      schema: {
        querystring: {
          type: 'object',
          required: ['clientType'],
          properties: { clientType: { enum: [...CLIENT_TYPES] } },
        },
      },
      async handler(request) {
        const clientType = request.query.clientType as string;
        const row = (await store.rows('client_version')).find((candidate) => candidate.client_type === clientType);
        if (!row) throw ApiError.fieldInvalid('clientType');
        return { clientType, version: String(row.version), minVersion: String(row.min_version), url: String(row.url ?? '') };
      },
    },
    {
      method: 'GET',
      path: '/coin/open/getCoinRate',
      handler: () => currencyItems(store),
    },
  ];
}
