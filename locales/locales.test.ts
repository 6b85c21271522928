import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/shared/constants';

const ROOT = join(__dirname);

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, unknown>>(
    (all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

function load(language: string, namespace: string): Record<string, unknown> {
  return flatten(JSON.parse(readFileSync(join(ROOT, language, namespace), 'utf8')));
}

const namespaces = readdirSync(join(ROOT, 'en')).filter((file) => file.endsWith('.json'));
const others = LANGUAGES.filter((language) => language !== 'en');

// A text counts as translatable when it has a word of 4+ letters that is not a placeholder or a ticker.
function translatable(text: string): boolean {
  const words = text.replace(/\{\{[^}]*\}\}/g, '').match(/[A-Za-z]{4,}/g) ?? [];
  return words.some((word) => word !== word.toUpperCase() && !/^Bourse$/.test(word));
}

describe('locales', () => {
  it('has the seven languages and at least the core namespace', () => {
    expect(readdirSync(ROOT).filter((entry) => !entry.includes('.')).sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces).toContain('core.json');
  });

  describe.each(namespaces)('%s', (namespace) => {
    const english = load('en', namespace);

    it.each(others)('%s has every key of en, each a non-empty string', (language) => {
      const translated = load(language, namespace);
      const missing = Object.keys(english).filter((key) => !(key in translated));
      expect(missing, `${language}/${namespace} misses keys`).toEqual([]);
      const empty = Object.entries(translated).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(empty.map(([key]) => key), `${language}/${namespace} has empty texts`).toEqual([]);
    });

    // the site shows and reads numbers one way in every language (core/shared's number display): 1,234.5
    it.each(LANGUAGES)('%s writes numbers as the site shows and reads them', (language) => {
      const texts = Object.entries(load(language, namespace)).filter(([, text]) => typeof text === 'string');
      const commaDecimals = texts.filter(([, text]) => /\d,\d{1,2}(?![\d,])|(?<![\d.])\d{1,3}[. \u00a0\u202f]\d{3}(?![\d.])/.test(text as string));
      expect(commaDecimals.map(([key]) => key)).toEqual([]);
    });

    it.each(others)('%s is translated, not an English copy', (language) => {
      const translated = load(language, namespace);
      const candidates = Object.keys(english).filter((key) => typeof english[key] === 'string' && translatable(english[key] as string));
      const copies = candidates.filter((key) => translated[key] === english[key]);
      // Brand names, tickers and loan words may stay; most texts may not.
      expect(copies.length, `${language}/${namespace} copies English: ${copies.slice(0, 8).join(', ')}`).toBeLessThanOrEqual(
        Math.max(2, Math.floor(candidates.length * 0.15)),
      );
    });
  });
});
