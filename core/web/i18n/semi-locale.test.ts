import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/constants';
import { loadSemiLocale, weekStartsOn } from './semi-locale';

describe('weekStartsOn', () => {
  it('starts the week on Monday in German, French and Turkish, on Sunday in the others', () => {
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, weekStartsOn(language)]))).toEqual({ 'zh-TW': 0, en: 0, ko: 0, ja: 0, de: 1, fr: 1, tr: 1 });
    expect(weekStartsOn('xx')).toBe(0);
  });
});

describe('loadSemiLocale', () => {
  it("pages a table in the reader's language: no English words in French, Taiwanese usage, all three numbers", async () => {
    const texts = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, (await loadSemiLocale(language)).Table.pageText] as const)));
    for (const text of Object.values(texts)) for (const part of ['${currentStart}', '${currentEnd}', '${total}']) expect(text).toContain(part);
    expect(texts.fr).not.toMatch(/\b(to|of)\b/);
    expect(texts['zh-TW']).not.toContain('條');
    // the other languages keep Semi's own
    expect(texts.de).toBe('Anzeigen ${currentStart} bis ${currentEnd} von ${total}');
  });
});
