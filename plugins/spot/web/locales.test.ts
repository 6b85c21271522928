import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../core/shared';
import { KLINE_PERIODS, ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES } from '../shared/types';

const load = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../locales/${language}/spot.json`, import.meta.url), 'utf8'));
const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('spot locale files', () => {
  const english = load('en');

  it('have the keys the screens build from the contract', () => {
    const built = [
      ...KLINE_PERIODS.map((period) => `period_${period}`),
      ...ORDER_SIDES.map((side) => `side_${side}`),
      ...ORDER_STATUSES.map((status) => `status_${status}`),
      ...ORDER_TYPES.map((type) => `type_${type}`),
      'tab_open',
      'tab_history',
      'tab_trades',
    ];
    expect(built.filter((key) => !(key in english))).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every key of en, translated, with the same interpolations', (language) => {
    const texts = load(language);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(texts[key]!.trim().length, `${language}: ${key}`).toBeGreaterThan(0);
      expect(names(texts[key]!), `${language}: ${key}`).toEqual(names(text));
    }
  });
});
