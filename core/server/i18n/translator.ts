import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_MESSAGES_EN, isLanguage, type Language } from '../../shared';

export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url));

export type Translate = (language: Language, key: string, params?: Record<string, unknown>) => string;

/** Namespace and key of a message key: "ns:key", or the core's "errors.key" form, or a bare key of "errors". */
export function splitMessageKey(key: string): { namespace: string; key: string } {
  const colon = key.indexOf(':');
  if (colon > 0) return { namespace: key.slice(0, colon), key: key.slice(colon + 1) };
  if (key.startsWith('errors.')) return { namespace: 'errors', key: key.slice('errors.'.length) };
  return { namespace: 'errors', key };
}

/** Replaces {{name}} placeholders; unknown placeholders stay as they are. */
export function interpolate(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Server-side translation from locales/<lng>/<namespace>.json (flat keys), falling back to English,
 * then to the shared English catalogue, then to the key itself.
 */
export function createTranslator(localesDir: string = DEFAULT_LOCALES_DIR): Translate {
  const cache = new Map<string, Record<string, string>>();
  const bundle = (language: string, namespace: string): Record<string, string> => {
    const cacheKey = `${language}/${namespace}`;
    let messages = cache.get(cacheKey);
    if (!messages) {
      messages = readBundle(localesDir, language, namespace);
      cache.set(cacheKey, messages);
    }
    return messages;
  };
  return (language, fullKey, params) => {
    const { namespace, key } = splitMessageKey(fullKey);
    const text =
      bundle(language, namespace)[key] ??
      bundle('en', namespace)[key] ??
      (ERROR_MESSAGES_EN as Record<string, string>)[`errors.${key}`] ??
      fullKey;
    return interpolate(text, params);
  };
}

function readBundle(localesDir: string, language: string, namespace: string): Record<string, string> {
  if (!isLanguage(language) || !/^[a-z][a-z0-9-]*$/i.test(namespace)) return {};
  try {
    const parsed = JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** The request language from the mj-lang header, else the site default. */
export function requestLanguage(header: string | string[] | undefined, fallback: Language): Language {
  const value = Array.isArray(header) ? header[0] : header;
  return isLanguage(value) ? value : fallback;
}
