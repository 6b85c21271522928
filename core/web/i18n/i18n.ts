import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared';
import type { LocaleLoader } from '../registry/registry';

export const CORE_NAMESPACE = 'core';
export const FALLBACK_LANGUAGE = 'en';

/** Server text overrides: `{ namespace: { key: text } }`; plain string values belong to the core namespace. */
export type ServerTexts = Record<string, unknown>;

export function createShellI18n(language: Language, namespaces: string[]): I18n {
  const i18n = createInstance();
  i18n.use(initReactI18next);
  void i18n.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [CORE_NAMESPACE, FORMS_LOCALE.namespace, ...namespaces],
    defaultNS: CORE_NAMESPACE,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  return i18n;
}

export function loadCoreTexts(language: Language): Promise<{ default: Record<string, unknown> }> {
  return import(`../../../locales/${language}/core.json`);
}

/** The schema-form theme's texts (core/web/forms reads them as the "forms" namespace). */
const FORMS_LOCALE: LocaleLoader = {
  namespace: 'forms',
  load: (language) => import(`../../../locales/${language}/forms.json`),
};

/**
 * Adds the bundled texts of a language: the core namespace and each plugin's namespace.
 * A plugin namespace that fails to load is reported and left out; the core one must load.
 */
export async function loadBundledTexts(i18n: I18n, language: Language, loaders: LocaleLoader[]): Promise<void> {
  const core = await loadCoreTexts(language);
  i18n.addResourceBundle(language, CORE_NAMESPACE, core.default, true, true);
  await Promise.all(
    [FORMS_LOCALE, ...loaders].map(async ({ namespace, load }) => {
      try {
        const texts = await load(language);
        i18n.addResourceBundle(language, namespace, texts.default, true, true);
      } catch (error) {
        console.error(`texts of plugin "${namespace}" for "${language}" failed to load`, error);
      }
    }),
  );
}

type TextTree = { [key: string]: string | TextTree };

/** `{ 'header.login': 'x' }` → `{ header: { login: 'x' } }`, so a flat server key overrides a nested bundled one. */
export function nestKeys(texts: Record<string, unknown>): TextTree {
  const tree: TextTree = {};
  const put = (path: string[], value: string) => {
    let node = tree;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = (node[part] = typeof next === 'object' ? next : {}) as TextTree;
    }
    node[path[path.length - 1]!] = value;
  };
  const walk = (prefix: string[], value: unknown) => {
    if (typeof value === 'string') put(prefix, value);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk([...prefix, ...key.split('.')], child);
    }
  };
  walk([], texts);
  return tree;
}

/** Server-side texts override the bundled ones. */
export function applyServerTexts(i18n: I18n, language: Language, texts: ServerTexts | null | undefined): void {
  if (!texts || typeof texts !== 'object') return;
  const coreStrings: Record<string, string> = {};
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') coreStrings[key] = value;
    else if (value && typeof value === 'object') i18n.addResourceBundle(language, key, nestKeys(value as Record<string, unknown>), true, true);
  }
  if (Object.keys(coreStrings).length) i18n.addResourceBundle(language, CORE_NAMESPACE, nestKeys(coreStrings), true, true);
}
