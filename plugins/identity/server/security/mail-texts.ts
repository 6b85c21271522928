import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLanguage, type Language } from '../../../../core/shared';

/** Translates an "identity:key" message with {{param}} placeholders (the same form request.t takes). */
export type MailTranslate = (key: string, params?: Record<string, unknown>) => string;

const LOCALES_DIR = fileURLToPath(new URL('../../../../locales/', import.meta.url));
const bundles = new Map<string, Record<string, unknown>>();

function bundle(language: string): Record<string, unknown> {
  let messages = bundles.get(language);
  if (!messages) {
    try {
      messages = JSON.parse(readFileSync(`${LOCALES_DIR}${language}/identity.json`, 'utf8')) as Record<string, unknown>;
    } catch {
      messages = {};
    }
    bundles.set(language, messages);
  }
  return messages;
}

/**
 * Mail texts for messages that leave outside a request (operator actions, other plugins' calls): the identity
 * namespace's flat keys in the given language, falling back to English. Requests use request.t instead.
 */
export function mailTranslator(language: Language | string): MailTranslate {
  const lng = isLanguage(language) ? language : 'en';
  return (fullKey, params) => {
    const key = fullKey.startsWith('identity:') ? fullKey.slice('identity:'.length) : fullKey;
    const found = bundle(lng)[key] ?? bundle('en')[key];
    const text = typeof found === 'string' ? found : fullKey;
    return params ? text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole)) : text;
  };
}
