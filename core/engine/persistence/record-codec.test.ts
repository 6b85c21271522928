import { describe, expect, it } from 'vitest';
import { RecordFormatError, RecordReader, RecordWriter } from './record-codec';

describe('record codec', () => {
  it('reads back integers, bigints of any size, strings and repeated words exactly', () => {
    const uints = [0, 1, 127, 128, 16_383, 16_384, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER];
    const ints = [0, -1, 1, -64, 64, -(2 ** 40), 2 ** 45, -(2 ** 52)];
    const bigs = [0n, 1n, -1n, 2n ** 50n - 1n, -(2n ** 50n) + 1n, 2n ** 50n, -(2n ** 50n), 10n ** 40n, -(10n ** 38n) - 7n];
    const strings = ['', 'u1', 'spot:6f1c', '交易所', 'Ünïcødé 🚀', 'a\nb'];
    const w = new RecordWriter();
    for (const n of uints) w.uint(n);
    for (const n of ints) w.int(n);
    for (const b of bigs) w.big(b);
    for (const s of strings) w.str(s);
    for (const word of ['BTC', 'USDT', 'BTC', '交易所', 'USDT', 'BTC']) w.word(word);
    w.bool(true);
    w.bool(false);
    const r = new RecordReader(w.finish());
    expect(uints.map(() => r.uint())).toEqual(uints);
    expect(ints.map(() => r.int())).toEqual(ints);
    expect(bigs.map(() => r.big())).toEqual(bigs);
    expect(strings.map(() => r.str())).toEqual(strings);
    expect(Array.from({ length: 6 }, () => r.word())).toEqual(['BTC', 'USDT', 'BTC', '交易所', 'USDT', 'BTC']);
    expect([r.bool(), r.bool()]).toEqual([true, false]);
    expect(r.done).toBe(true);
  });

  it('writes a repeated word once', () => {
    const once = new RecordWriter();
    once.word('a-long-user-identifier');
    const many = new RecordWriter();
    for (let i = 0; i < 100; i++) many.word('a-long-user-identifier');
    expect(many.finish().length).toBeLessThan(once.finish().length + 100);
  });

  it('refuses what it cannot write exactly', () => {
    const w = new RecordWriter();
    expect(() => w.uint(-1)).toThrow(RangeError);
    expect(() => w.uint(1.5)).toThrow(RangeError);
    expect(() => w.uint(2 ** 53)).toThrow(RangeError);
  });

  it('throws on a truncated or inconsistent body instead of inventing values', () => {
    const w = new RecordWriter();
    w.uint(300);
    w.str('hello');
    const body = w.finish();
    expect(() => new RecordReader(body.subarray(0, 2))).toThrow(RecordFormatError);
    const short = Buffer.from(body);
    short.writeUInt32LE(1, 0);
    const r = new RecordReader(short);
    expect(() => r.uint()).toThrow(RecordFormatError);
    const cut = new RecordReader(body.subarray(0, body.length - 2));
    cut.uint();
    expect(() => cut.str()).toThrow(RecordFormatError);
    const words = new RecordWriter();
    words.uint(5);
    expect(() => new RecordReader(words.finish()).word()).toThrow(/unknown word/);
  });
});
