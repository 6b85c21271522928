import { describe, expect, expectTypeOf, it } from 'vitest';
import { PAGE_SIZE_ALL } from './constants';
import {
  ApiError,
  defaultErrorKey,
  type Envelope,
  ERROR_CODES,
  ERROR_KEYS,
  ERROR_MESSAGES_EN,
  errorEnvelope,
  isApiError,
  isErrorKey,
  isWhitelisted,
  okEnvelope,
  type Page,
  pageOf,
  ROW_ID_MAX,
  rowIdOf,
  stripHtml,
  WHITELIST_CODES,
  WHITELIST_MESSAGES,
} from './errors';

describe('codes and keys', () => {
  it('has the numeric codes', () => {
    expect(ERROR_CODES).toEqual({
      ok: 200,
      badRequest: 400,
      unauthorized: 401,
      forbidden: 403,
      notFound: 404,
      whitelisted: 405,
      conflict: 409,
      tooLarge: 413,
      unsupportedMedia: 415,
      rateLimited: 429,
      internal: 500,
    });
  });

  it('maps every short name to its errors.* key with an English text', () => {
    for (const [short, key] of Object.entries(ERROR_KEYS)) {
      expect(key).toBe(`errors.${short}`);
      expect(ERROR_MESSAGES_EN[key]).toMatch(/\S/);
    }
    expect(Object.keys(ERROR_KEYS).length).toBe(Object.keys(ERROR_MESSAGES_EN).length);
    expect(ERROR_KEYS.busy).toBe('errors.busy');
    expect(ERROR_MESSAGES_EN['errors.busy']).toBe('The system is currently busy, please contact the offline assistant');
    for (const key of [
      'errors.badRequest',
      'errors.fieldRequired',
      'errors.fieldInvalid',
      'errors.notFound',
      'errors.unauthorized',
      'errors.forbidden',
      'errors.tooLarge',
      'errors.unsupportedMedia',
      'errors.rateLimited',
      'errors.unknown',
      'errors.busy',
    ]) {
      expect(isErrorKey(key), key).toBe(true);
    }
  });

  it('recognises error keys', () => {
    expect(isErrorKey('errors.nope')).toBe(false);
    expect(isErrorKey('badRequest')).toBe(false);
    expect(isErrorKey('toString')).toBe(false);
    expect(isErrorKey(400)).toBe(false);
  });

  it.each([
    [400, 'errors.badRequest'],
    [401, 'errors.unauthorized'],
    [403, 'errors.forbidden'],
    [404, 'errors.notFound'],
    [409, 'errors.conflict'],
    [413, 'errors.tooLarge'],
    [415, 'errors.unsupportedMedia'],
    [429, 'errors.rateLimited'],
    [500, 'errors.unknown'],
    [405, 'errors.unknown'],
    [418, 'errors.unknown'],
    [200, 'errors.unknown'],
  ])('default key for %i is %s', (code, key) => {
    expect(defaultErrorKey(code)).toBe(key);
  });
});

describe('ApiError', () => {
  it('carries code, message key, field and params', () => {
    const error = new ApiError(400, 'errors.fieldInvalid', { field: 'email', params: { max: 3 } });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('errors.fieldInvalid');
    expect(error).toMatchObject({ code: 400, msgKey: 'errors.fieldInvalid', field: 'email', params: { max: 3 } });
    expect(isApiError(error)).toBe(true);
  });

  it('defaults the key from the code and leaves optional fields absent', () => {
    const error = new ApiError(404);
    expect(error.msgKey).toBe('errors.notFound');
    expect('field' in error).toBe(false);
    expect('params' in error).toBe(false);
    expect(new ApiError(500).msgKey).toBe('errors.unknown');
  });

  it('keeps a cause', () => {
    const cause = new Error('db down');
    expect(new ApiError(500, 'errors.busy', { cause }).cause).toBe(cause);
    expect('cause' in new ApiError(500)).toBe(false);
  });

  it('has field helpers', () => {
    expect(ApiError.fieldRequired('phone')).toMatchObject({ code: 400, msgKey: 'errors.fieldRequired', field: 'phone' });
    expect(ApiError.fieldInvalid('phone')).toMatchObject({ code: 400, msgKey: 'errors.fieldInvalid', field: 'phone' });
  });

  it('isApiError rejects look-alikes', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ code: 400, msgKey: 'errors.badRequest' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('envelopes', () => {
  it('builds success and error envelopes', () => {
    expect(okEnvelope({ a: 1 })).toEqual({ code: 200, success: true, msg: 'success', data: { a: 1 } });
    expect(okEnvelope([], 'done').msg).toBe('done');
    expect(errorEnvelope(404, 'errors.notFound')).toEqual({ code: 404, success: false, msg: 'errors.notFound', data: null });
    expect(errorEnvelope(400, 'errors.fieldInvalid', { field: 'x' }).data).toEqual({ field: 'x' });
    expectTypeOf(okEnvelope(1)).toEqualTypeOf<Envelope<number>>();
  });

  it('whitelists code 405 and the two-step login message', () => {
    expect(WHITELIST_CODES).toEqual([405]);
    expect(WHITELIST_MESSAGES).toEqual(['step 1 login succeeded']);
    expect(isWhitelisted({ code: 405, msg: 'anything' })).toBe(true);
    expect(isWhitelisted({ code: 400, msg: 'step 1 login succeeded' })).toBe(true);
    expect(isWhitelisted({ code: 400, msg: 'Step 1 login succeeded' })).toBe(false);
    expect(isWhitelisted({ code: 400, msg: 'errors.badRequest' })).toBe(false);
    expect(isWhitelisted({ code: 404, msg: '' })).toBe(false);
  });
});

describe('stripHtml', () => {
  it.each([
    ['plain text', 'plain text'],
    ['', ''],
    ['<b>bold</b> move', 'bold move'],
    ['a<b>b</b>c', 'abc'],
    ['line<br>break', 'line break'],
    ['line<br/>break<BR />end', 'line break end'],
    ['<p>one</p><p>two</p>', 'one two'],
    ['<div class="x">hi</div>', 'hi'],
    ['<a href="https://evil.example" onclick="x()">click</a>', 'click'],
    ['<script>alert(1)</script>safe', 'safe'],
    ['<SCRIPT type="text/javascript">alert("<b>")</SCRIPT>safe', 'safe'],
    ['<style>p{color:red}</style>text', 'text'],
    ['<script>never closed', ''],
    ['before<!-- a comment -->after', 'beforeafter'],
    ['before<!-- unclosed', 'before'],
    ['<img src=x onerror=alert(1)>pic', 'pic'],
    ['1 < 2 and 3 > 2', '1 < 2 and 3 > 2'],
    ['a<2', 'a<2'],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['&lt;b&gt;', '<b>'],
    ['&quot;q&quot; &apos;a&#39;', '"q" \'a\''],
    ['&#x41;&#66;', 'AB'],
    ['a&nbsp;b', 'a b'],
    ['&unknown; &#xD800; &#0;', '&unknown; &#xD800; &#0;'],
    ['&#9999999;', '&#9999999;'],
    ['  lots \n of\t\tspace  ', 'lots of space'],
    ['<ul><li>a</li><li>b</li></ul>', 'a b'],
  ])('%j -> %j', (input, expected) => {
    expect(stripHtml(input)).toBe(expected);
  });

  it('stays linear on unclosed tags and comments', () => {
    const started = performance.now();
    expect(stripHtml('<b'.repeat(50_000))).toBe('<b'.repeat(50_000));
    stripHtml('<!--'.repeat(50_000));
    stripHtml('<script>'.repeat(50_000));
    stripHtml(`<a${' '.repeat(100_000)}`);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('returns "" for non-strings', () => {
    expect(stripHtml(undefined as never)).toBe('');
    expect(stripHtml(null as never)).toBe('');
  });
});

describe('rowIdOf', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(ROW_ID_MAX), ROW_ID_MAX],
    [String(ROW_ID_MAX + 1), null],
    ['9007199254740993', null],
    ['0', null],
    ['-1', null],
    ['01', null],
    ['1e3', null],
    [' 1', null],
    ['', null],
  ])('%j -> %j', (text, id) => {
    expect(rowIdOf(text)).toBe(id);
  });
});

describe('pageOf', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [9, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [20, 10, 2],
    [21, 10, 3],
    [5, 1, 5],
    [100, 15, 7],
  ])('total %i, size %i -> %i pages', (total, size, pages) => {
    expect(pageOf([], total, size, 1).pages).toBe(pages);
  });

  it('keeps the given fields', () => {
    const page = pageOf(['a', 'b'], 12, 2, 3);
    expect(page).toEqual({ records: ['a', 'b'], total: 12, size: 2, current: 3, pages: 6 });
    expectTypeOf(page).toEqualTypeOf<Page<string>>();
  });

  it('treats PAGE_SIZE_ALL as one page with everything', () => {
    expect(pageOf([1, 2, 3], 3, PAGE_SIZE_ALL, 1).pages).toBe(1);
    expect(pageOf([], 0, PAGE_SIZE_ALL, 1).pages).toBe(0);
  });

  it('gives 0 pages for other sizes <= 0', () => {
    expect(pageOf([], 10, 0, 1).pages).toBe(0);
    expect(pageOf([], 10, -1, 1).pages).toBe(0);
  });

  it.each([
    [-1, 10, 1],
    [1.5, 10, 1],
    [Number.NaN, 10, 1],
    [10, 2.5, 1],
    [10, Number.POSITIVE_INFINITY, 1],
    [10, 10, 1.5],
  ])('rejects total %s, size %s, current %s', (total, size, current) => {
    expect(() => pageOf([], total, size, current)).toThrow(RangeError);
  });
});
