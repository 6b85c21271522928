import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared';
import { FORM_SEEDS } from './seed-data';
import { readFormSchema } from './store';

describe('cgform seed data', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });

  it.each(FORM_SEEDS.map((seed) => [seed.code, seed] as const))('%s rows satisfy schemas/cgform/%s.schema.json', (code, seed) => {
    const validate = ajv.compile(readFormSchema(code));
    const rows = [
      ...(seed.rows ?? []),
      ...(seed.tree ?? []).flatMap((item) => [{ pid: 0, ...item.data }, ...(item.children ?? []).map((child) => ({ pid: 1, ...child }))]),
    ];
    for (const row of rows) expect(validate(row) ? null : { row, errors: validate.errors }).toBeNull();
  });

  it('titles every nav and footer entry in all seven languages, translated', () => {
    for (const code of ['nav', 'footer']) {
      const seed = FORM_SEEDS.find((form) => form.code === code)!;
      const items = seed.tree!.flatMap((item) => [item.data, ...(item.children ?? [])]);
      for (const item of items) {
        const titles = item.titles as Record<string, string>;
        expect(Object.keys(titles).sort()).toEqual([...LANGUAGES].sort());
        expect(new Set(Object.values(titles)).size, JSON.stringify(titles)).toBeGreaterThan(1);
      }
    }
  });

  it('has one language row per interface language and the required area codes', () => {
    const languages = FORM_SEEDS.find((form) => form.code === 'language')!.rows!.map((row) => row.value);
    expect([...languages].sort()).toEqual([...LANGUAGES].sort());
    const areaCodes = FORM_SEEDS.find((form) => form.code === 'area_code')!.rows!;
    expect(areaCodes.length).toBeGreaterThanOrEqual(40);
    for (const [code, iso] of [['49', 'DE'], ['33', 'FR'], ['1', 'US'], ['44', 'GB'], ['81', 'JP'], ['82', 'KR'], ['886', 'TW'], ['90', 'TR']]) {
      expect(areaCodes).toContainEqual(expect.objectContaining({ code, iso }));
    }
  });
});
