import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/constants';
import { weekStartsOn } from './semi-locale';

describe('weekStartsOn', () => {
  it('starts the week on Monday in German, French and Turkish, on Sunday in the others', () => {
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, weekStartsOn(language)]))).toEqual({ 'zh-TW': 0, en: 0, ko: 0, ja: 0, de: 1, fr: 1, tr: 1 });
    expect(weekStartsOn('xx')).toBe(0);
  });
});
