import v8 from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AcceptedIds } from './accepted-ids';
import { hashOf } from './string-index';

/** Adds seqs from..to with ids `c<seq>`, times given by `at(seq)`. */
function fill(ids: AcceptedIds, from: number, to: number, at: (seq: number) => number = (seq) => 1000 + seq): void {
  for (let seq = from; seq <= to; seq++) ids.add(`c${seq}`, seq, at(seq), seq % 2 ? 'placeOrder' : 'cancelOrder', seq * 10, seq * 3, seq * 3 + 2);
}

describe('the accepted-id window', () => {
  it('holds the current and the previous generation of seqs, with each seq’s record', () => {
    const ids = new AcceptedIds(4);
    fill(ids, 1, 9);
    // generations: 1–4, 5–8, 9–12; the first is forgotten once seq 9 arrives
    expect(ids.seqOf('c4')).toBe(-1);
    expect(ids.seqOf('c5')).toBe(5);
    expect(ids.seqOf('c9')).toBe(9);
    expect(ids.seqOf('c10')).toBe(-1);
    expect([...ids.entries()]).toEqual([5, 6, 7, 8, 9].map((seq) => [`c${seq}`, seq]));
    expect([ids.kind(7), ids.orderId(7), ids.ledgerFrom(7), ids.ledgerTo(7)]).toEqual(['placeOrder', 70, 21, 23]);
    expect([ids.kind(8), ids.orderId(8)]).toEqual(['cancelOrder', 80]);
  });

  it('keeps its hidden class through generation changes with millisecond times (optimised code that inlined it stays valid)', () => {
    v8.setFlagsFromString('--allow-natives-syntax');
    const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const untouched = new AcceptedIds(4);
    const ids = new AcceptedIds(4);
    fill(ids, 1, 13, (seq) => 1_700_000_000_000 + seq);
    expect(ids.staleThrough).toBe(1_700_000_000_008);
    expect(sameHiddenClass(ids, untouched)).toBe(true);
  });

  it('keeps every kind of command in its record, and finds an id by the hash its caller has', () => {
    const ids = new AcceptedIds(4);
    const kinds = ['addMarket', 'updateMarket', 'haltMarket', 'placeOrder', 'cancelOrder'] as const;
    kinds.forEach((kind, i) => ids.add(`k${i}`, i + 1, 1, kind, 0, i, i));
    expect(kinds.map((_, i) => ids.kind(i + 1))).toEqual(kinds);
    expect(ids.seqOfHashed('k3', hashOf('k3'))).toBe(4);
    // a hash other than the id's own misses it: the look-up goes by the hash it is given
    expect(ids.seqOfHashed('k3', hashOf('k2'))).toBe(-1);
    // seqOf after seqOfHashed of another id hashes its own id
    expect(ids.seqOf('k1')).toBe(2);
  });

  it('is stale through the latest time of any forgotten command, out of order or not', () => {
    const ids = new AcceptedIds(4);
    const times = [0, 50, 70, 60, 55, 80, 90, 85, 100, 110, 120];
    fill(ids, 1, 8, (seq) => times[seq]!);
    expect(ids.staleThrough).toBe(-1);
    fill(ids, 9, 9, (seq) => times[seq]!);
    // seqs 1–4 forgotten: their latest time was 70 (seq 2), not the last one's 60
    expect(ids.staleThrough).toBe(70);
    fill(ids, 10, 12, (seq) => times[seq] ?? 130);
    expect(ids.staleThrough).toBe(70);
    fill(ids, 13, 13);
    // seqs 5–8 forgotten: latest 100
    expect(ids.staleThrough).toBe(100);
  });

  it('forgets both generations when seqs jump past the next one', () => {
    const ids = new AcceptedIds(4);
    fill(ids, 1, 6);
    fill(ids, 13, 13);
    expect([...ids.entries()]).toEqual([['c13', 13]]);
    expect(ids.staleThrough).toBe(1006);
  });

  it('a window rebuilt from its entries and times forgets and refuses exactly as the original', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 30 }), (size, before, after) => {
        const at = (seq: number) => 1000 + ((seq * 7919) % 13) + seq;
        const original = new AcceptedIds(size);
        fill(original, 1, before, at);
        const rebuilt = new AcceptedIds(original.generation);
        for (const [id, seq] of original.entries()) rebuilt.add(id, seq, 0, original.kind(seq), original.orderId(seq), original.ledgerFrom(seq), original.ledgerTo(seq));
        rebuilt.restoreTimes(original.state());
        expect(rebuilt.state()).toEqual(original.state());
        fill(original, before + 1, before + after, at);
        fill(rebuilt, before + 1, before + after, at);
        expect([...rebuilt.entries()]).toEqual([...original.entries()]);
        expect(rebuilt.state()).toEqual(original.state());
        expect(original.size).toBeLessThanOrEqual(2 * size);
      }),
    );
  });

  it('finds exactly the ids it holds, over generations, jumps and its own look-ups between adds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.array(fc.integer({ min: 1, max: 3 * 64 }), { maxLength: 40 }), (size, gaps) => {
        const ids = new AcceptedIds(size);
        const added: string[] = [];
        let seq = 0;
        for (const gap of gaps) {
          // mostly the next seq, sometimes a jump past whole generations
          seq += gap > 2 * size ? gap : 1;
          const id = `spot:${seq}-${gap}`;
          expect(ids.seqOf(id)).toBe(-1);
          ids.add(id, seq, 1000 + seq, 'placeOrder', seq, seq, seq);
          added.push(id);
          const held = new Map(ids.entries());
          for (const known of added) expect(ids.seqOf(known)).toBe(held.get(known) ?? -1);
        }
      }),
    );
  });

  it('refuses a generation that is not a positive integer', () => {
    expect(() => new AcceptedIds(0)).toThrow(RangeError);
    expect(() => new AcceptedIds(1.5)).toThrow(RangeError);
  });

  describe('staging a command id', () => {
    const ID = /^[\x21-\x7e]+$/;
    const isId = (id: string) => id.length <= 100 && ID.test(id);
    const ascii = fc.string({ unit: fc.integer({ min: 0x1f, max: 0x80 }).map((c) => String.fromCharCode(c)), maxLength: 110 });
    const ids = fc.oneof(ascii, fc.string({ maxLength: 110 }));

    it.each([
      ['c1', true],
      ['s:order-42/b_x~!', true],
      ['x'.repeat(100), true],
      ['x'.repeat(101), false],
      ['', false],
      ['a b', false],
      ['tab\there', false],
      ['del\x7f', false],
      ['é', false],
      ['\u{1F600}', false],
    ])('%j is a command id: %s', (id, expected) => {
      expect(new AcceptedIds(4).stage(id) !== undefined).toBe(expected);
      expect(isId(id)).toBe(expected);
    });

    it('hashes exactly the command ids, as hashOf does', () => {
      const window = new AcceptedIds(4);
      fc.assert(fc.property(ids, (id) => window.stage(id) === (isId(id) ? hashOf(id) : undefined)));
    });

    it('adds the staged id as add would, across generations and after refused stagings', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.tuple(fc.boolean(), ascii), { maxLength: 60 }), (size, steps) => {
          const staged = new AcceptedIds(size);
          const plain = new AcceptedIds(size);
          let seq = 0;
          for (const [accepted, id] of steps) {
            const hash = staged.stage(id);
            // a refused command is staged and never added; the next staging replaces it
            if (!accepted || hash === undefined || staged.seqOf(id) >= 0) continue;
            seq++;
            staged.addStaged(id, hash, seq, seq, 'placeOrder', seq, seq, seq);
            plain.add(id, seq, seq, 'placeOrder', seq, seq, seq);
            expect([...staged.entries()]).toEqual([...plain.entries()]);
            expect(staged.seqOf(id)).toBe(seq);
          }
        }),
      );
    });
  });
});
