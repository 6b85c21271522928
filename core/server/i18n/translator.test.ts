import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES_EN, LANGUAGES } from '../../shared';
import { createTranslator, DEFAULT_LOCALES_DIR, interpolate, requestLanguage, splitMessageKey } from './translator';

describe('error translation', () => {
  const t = createTranslator();

  it('translates core keys by language and names the field', () => {
    expect(t('de', 'errors.fieldRequired', { field: 'pageSize' })).toBe('pageSize ist erforderlich');
    expect(t('fr', 'errors.fieldInvalid', { field: 'order' })).toBe("order n'est pas valide");
    expect(t('en', 'errors.busy')).toBe(ERROR_MESSAGES_EN['errors.busy']);
  });

  it('falls back to English, then to the key', () => {
    expect(t('de', 'errors.noSuchKeyAnywhere')).toBe('errors.noSuchKeyAnywhere');
    expect(t('ja', 'missing-namespace:thing')).toBe('missing-namespace:thing');
  });

  it('splits namespaced keys', () => {
    expect(splitMessageKey('markets:symbolUnknown')).toEqual({ namespace: 'markets', key: 'symbolUnknown' });
    expect(splitMessageKey('errors.busy')).toEqual({ namespace: 'errors', key: 'busy' });
    expect(splitMessageKey('busy')).toEqual({ namespace: 'errors', key: 'busy' });
  });

  it('interpolates known placeholders only', () => {
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'x' })).toBe('1 and x and {{c}}');
  });

  it('reads the language header with the site default as fallback', () => {
    expect(requestLanguage('ko', 'en')).toBe('ko');
    expect(requestLanguage('xx', 'de')).toBe('de');
    expect(requestLanguage(undefined, 'fr')).toBe('fr');
  });
});

describe('locales/<lng>/errors.json', () => {
  const english = JSON.parse(readFileSync(join(DEFAULT_LOCALES_DIR, 'en', 'errors.json'), 'utf8')) as Record<string, string>;

  it('exists for every language with the same keys and placeholders as English', () => {
    expect(readdirSync(DEFAULT_LOCALES_DIR).filter((name) => (LANGUAGES as readonly string[]).includes(name)).sort()).toEqual(
      [...LANGUAGES].sort(),
    );
    for (const language of LANGUAGES) {
      const messages = JSON.parse(readFileSync(join(DEFAULT_LOCALES_DIR, language, 'errors.json'), 'utf8')) as Record<string, string>;
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(messages)) {
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(placeholders(text), `${language}.${key}`).toEqual(placeholders(english[key]));
        if (language !== 'en') expect(text, `${language}.${key} is translated`).not.toBe(english[key]);
      }
    }
  });

  it('covers every key of the shared error catalogue', () => {
    for (const key of Object.keys(ERROR_MESSAGES_EN)) expect(english).toHaveProperty(key.slice('errors.'.length));
  });
});
