import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { SchemaInterpreter, schemaHasField, valueAt } from './schema-interpreter';

const NAV: RJSFSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['nav_code', 'titles'],
  properties: {
    nav_code: { type: 'string', pattern: '^[a-z]+$', maxLength: 8 },
    nav_show: { enum: [0, 1] },
    nav_sort: { type: 'integer', minimum: 0, maximum: 10 },
    titles: { type: 'object', required: ['en'], properties: { en: { type: 'string', minLength: 1, maxLength: 5 } } },
  },
};

const errorsOf = (data: unknown, validator = new SchemaInterpreter()) =>
  validator.validateFormData(data, NAV).errors.map((error) => [error.property, error.name]);

describe('SchemaInterpreter', () => {
  it('accepts data that fits, and reports each keyword on its field', () => {
    expect(errorsOf({ nav_code: 'abc', nav_show: 1, nav_sort: 3, titles: { en: 'Home' } })).toEqual([]);
    expect(errorsOf({ titles: {} })).toEqual([
      ['nav_code', 'required'],
      ['.titles.en', 'required'],
    ]);
    expect(errorsOf({ nav_code: 'ABC', titles: { en: 'Home' } })).toEqual([['.nav_code', 'pattern']]);
    expect(errorsOf({ nav_code: 'abcdefghi', titles: { en: 'Home' } })).toEqual([['.nav_code', 'maxLength']]);
    expect(errorsOf({ nav_code: 'a', nav_show: 2, nav_sort: 11, titles: { en: 'Market' } })).toEqual([
      ['.nav_show', 'enum'],
      ['.nav_sort', 'maximum'],
      ['.titles.en', 'maxLength'],
    ]);
    expect(errorsOf({ nav_code: 'a', nav_sort: 1.5, titles: { en: 'x' }, extra: true })).toEqual([
      ['.nav_sort', 'type'],
      ['', 'additionalProperties'],
    ]);
  });

  it('counts characters as code points, as the server does', () => {
    expect(errorsOf({ nav_code: 'a', titles: { en: '😀😀😀😀😀' } })).toEqual([]);
  });

  it('gives ajv-shaped parameters the form translates (limit, missingProperty)', () => {
    const [error] = new SchemaInterpreter().validateFormData({ nav_code: 'abcdefghi', titles: { en: 'x' } }, NAV).errors;
    expect(error.params).toEqual({ limit: 8 });
    expect(new SchemaInterpreter().isValid(NAV.properties!.nav_sort as RJSFSchema, 4)).toBe(true);
    expect(new SchemaInterpreter().isValid(NAV.properties!.nav_sort as RJSFSchema, -1)).toBe(false);
  });

  it('shows a server refusal on its field while the field keeps the refused value', () => {
    const refused = { nav_code: 'abc', titles: { en: 'Home' } };
    const validator = new SchemaInterpreter().withServerError({ field: 'titles.en', message: 'Taken', value: 'Home' });
    expect(validator.hasServerErrors).toBe(true);
    const { errors, errorSchema } = validator.validateFormData(refused, NAV);
    expect(errors.map((error) => [error.property, error.message])).toEqual([['.titles.en', 'Taken']]);
    expect(errorSchema).toEqual({ titles: { en: { __errors: ['Taken'] } } });
    expect(errorsOf({ ...refused, titles: { en: 'Start' } }, validator)).toEqual([]);
  });

  it('finds fields and values by dotted path', () => {
    expect(schemaHasField(NAV, 'titles.en')).toBe(true);
    expect(schemaHasField(NAV, 'titles.xx')).toBe(false);
    expect(schemaHasField(NAV, 'body')).toBe(false);
    expect(valueAt({ titles: { en: 'Home' } }, 'titles.en')).toBe('Home');
    expect(valueAt({ titles: null }, 'titles.en')).toBeUndefined();
  });
});
