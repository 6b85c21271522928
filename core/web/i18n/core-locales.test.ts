import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function load(language: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../../locales/${language}/core.json`, import.meta.url), 'utf8'));
}

describe('core locale files', () => {
  const english = load('en');
  const englishKeys = keysOf(english).sort();

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every key of en, and no other', (language) => {
    expect(keysOf(load(language)).sort()).toEqual(englishKeys);
  });

  it.each([...LANGUAGES])('%s has no empty text and keeps the interpolation names', (language) => {
    const texts = load(language);
    for (const key of englishKeys) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
      expect(typeof text === 'string' && text.trim().length > 0, `${language}: ${key}`).toBe(true);
      const english = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], load('en')) as string;
      const names = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(text as string), `${language}: ${key}`).toEqual(names(english));
    }
  });
});
