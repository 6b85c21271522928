import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { readFormSchema } from '../../../core/server';
import { LANGUAGES } from '../../../core/shared';
import { HOME_SEEDS } from './seed-data';

describe('home content seeds', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });

  it.each(HOME_SEEDS.map((seed) => [seed.code, seed] as const))('%s rows satisfy schemas/cgform/%s.schema.json', (code, seed) => {
    const validate = ajv.compile(readFormSchema(code));
    expect(seed.rows.length).toBeGreaterThan(0);
    for (const row of seed.rows) expect(validate(row) ? null : { row, errors: validate.errors }).toBeNull();
  });

  it('has every text in all seven languages, translated', () => {
    for (const seed of HOME_SEEDS) {
      for (const row of seed.rows) {
        for (const [field, value] of Object.entries(row)) {
          if (typeof value !== 'object' || value === null) continue;
          const texts = value as Record<string, string>;
          expect(Object.keys(texts).sort(), `${seed.code}.${field}`).toEqual([...LANGUAGES].sort());
          // figures such as "130+" may read the same everywhere; sentences may not
          if (texts.en!.length > 12) expect(new Set(Object.values(texts)).size, JSON.stringify(texts)).toBeGreaterThan(5);
        }
      }
    }
  });

  it('carries the spec marketing claims', () => {
    const all = JSON.stringify(HOME_SEEDS.map((seed) => seed.rows));
    for (const claim of ['130+', '15,000 BTC', 'AI', '1000 USDC', '500 + 200 + 7,500 USDC', '8,200 USDC']) expect(all).toContain(claim);
  });
});
