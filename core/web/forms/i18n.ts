import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { getUiOptions, toPath, type ErrorTransformer, type RJSFValidationError, type UiSchema } from '@rjsf/utils';

/** The namespace of the form theme's own texts: locales/<lng>/forms.json. */
export const FORMS_NS = 'forms';

// "ns:key", "key.path" or "key": one token without spaces. Only such texts are looked up in i18n.
const KEY_LIKE = /^[A-Za-z0-9_-]+(?::[A-Za-z0-9_.-]+|(?:\.[A-Za-z0-9_-]+)+)?$/;
const NS_PREFIX = /^([A-Za-z0-9_-]+):[A-Za-z0-9_.-]+$/;

/** Keywords whose message takes the limit as a plural count. */
const COUNTED = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']);

/** A title, label, help or option text: its translation when it is an i18n key that exists, else the text itself. */
export function translateFormText(i18n: I18n, text: string, options?: Record<string, unknown>): string {
  if (!KEY_LIKE.test(text)) return text;
  const opts = { ns: FORMS_NS, ...options };
  return i18n.exists(text, opts) ? String(i18n.t(text, opts)) : text;
}

/** translateFormText bound to the current i18n instance; re-renders when the language changes. */
export function useFormText(): (text: string | undefined) => string | undefined {
  const { i18n } = useTranslation(FORMS_NS, { useSuspense: false });
  return useCallback((text: string | undefined) => (text ? translateFormText(i18n, text) : text), [i18n, i18n.language]);
}

/** The i18n namespaces that the texts of a schema or uiSchema refer to ("example-notes:form.title" -> example-notes). */
export function collectNamespaces(...values: unknown[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const match = NS_PREFIX.exec(value);
      if (match) found.add(match[1]);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  values.forEach(visit);
  found.delete(FORMS_NS);
  return [...found].sort();
}

function uiSchemaAt(uiSchema: UiSchema | undefined, property: string | undefined): UiSchema | undefined {
  if (!uiSchema || !property) return uiSchema;
  let node: unknown = uiSchema;
  for (const part of toPath(property)) {
    if (!node || typeof node !== 'object') return undefined;
    const record = node as Record<string, unknown>;
    // Array items share one uiSchema under "items".
    node = /^\d+$/.test(part) && !(part in record) ? record.items : record[part];
  }
  return node as UiSchema | undefined;
}

/** The message of one ajv error in the current language. */
export function translateError(i18n: I18n, error: RJSFValidationError, uiSchema?: UiSchema): string {
  const keyword = error.name ?? '';
  const params = { ...(error.params as Record<string, unknown> | undefined) };
  if (COUNTED.has(keyword) && typeof params.limit === 'number') params.count = params.limit;

  const custom = getUiOptions(uiSchemaAt(uiSchema, error.property)).errorMessages as Record<string, string> | undefined;
  if (custom && typeof custom[keyword] === 'string') return translateFormText(i18n, custom[keyword], params);

  if (keyword === 'format' && typeof params.format === 'string') {
    const formatKey = `${FORMS_NS}:formats.${params.format}`;
    if (i18n.exists(formatKey)) return String(i18n.t(formatKey));
  }
  const key = `${FORMS_NS}:errors.${keyword}`;
  return i18n.exists(key, params) ? String(i18n.t(key, params)) : error.message ?? keyword;
}

/** An RJSF transformErrors that writes every message (and the error list's line) in the current language. */
export function createErrorTransformer(i18n: I18n): ErrorTransformer {
  return (errors, uiSchema) =>
    errors.map((error) => {
      const message = translateError(i18n, error, uiSchema);
      const title = error.title ? translateFormText(i18n, error.title) : '';
      return { ...error, message, title, stack: title ? `${title}: ${message}` : message };
    });
}

