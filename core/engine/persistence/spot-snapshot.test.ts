import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GENERATION } from '../spot/accepted-ids';
import { sha256 } from './service';
import { SnapshotUnusable, decodeSnapshot, encodeSnapshot } from './spot-snapshot';
import { AT, funds, newSpot, order } from '../spot/test-support';
import type { SpotEngine } from '../spot/engine';

const CURRENCIES = [
  { code: 'BTC', scale: 8 },
  { code: 'USDT', scale: 6 },
];

/** A few thousand orders: resting on both sides, partial fills, client ids, stops, take-profit / stop-loss legs, cancels. */
function busyEngine(): SpotEngine {
  const users = Array.from({ length: 40 }, (_, i) => `user${i}`);
  const spot = newSpot(Object.fromEntries(users.map((u) => [u, { BTC: '1000', USDT: '10000000' }])));
  let n = 0;
  for (let i = 0; i < 3000; i++) {
    const userId = users[i % users.length]!;
    const buy = i % 2 === 0;
    const away = 1 + ((i * 7919) % 400);
    const price = ((buy ? 10_000 - away : 10_000 + away) / 100).toFixed(2);
    const extra = i % 11 === 0 ? { clientOrderId: `c-${i}` } : i % 13 === 0 && buy ? { takeProfit: '150', stopLoss: '50' } : {};
    const result = spot.apply(order(userId, { side: buy ? 'buy' : 'sell', price, qty: (((i % 9) + 2) / 100).toFixed(4), ...extra }));
    if (!result.ok) throw new Error(`order ${i}: ${result.reason}`);
    n++;
  }
  // crossing orders fill part of the book; stops wait for their trigger
  for (let i = 0; i < 20; i++) spot.apply(order(users[i]!, { side: i % 2 ? 'buy' : 'sell', type: 'limit', price: i % 2 ? '100.5' : '99.5', qty: '0.05' }));
  for (let i = 0; i < 10; i++) spot.apply(order(users[i]!, { side: 'sell', type: 'stopLimit', trigger: '90', price: '89', qty: '0.02' }));
  for (let id = 5; id < 200; id += 7) spot.apply({ kind: 'cancelOrder', id: `x${id}`, at: AT, userId: spot.order(id)?.userId ?? 'user0', symbol: 'BTCUSDT', orderId: id });
  expect(n).toBe(3000);
  const { book } = spot.snapshot().markets[0]!;
  const resting = [...book.bids, ...book.asks];
  expect(resting.length).toBeGreaterThan(2900);
  expect(book.stops.length).toBeGreaterThan(0);
  expect(resting.some((o) => o.filledQty > 0n)).toBe(true);
  expect(resting.some((o) => o.takeProfit && o.stopLoss)).toBe(true);
  expect(spot.openOrders().some((o) => o.clientOrderId !== null)).toBe(true);
  return spot;
}

describe('spot snapshot', () => {
  it('restores both engines exactly from many small chunks', () => {
    const spot = busyEngine();
    const before = spot.stateHash(sha256);
    const stored = encodeSnapshot(spot.ledger, spot, 4096);
    // encoded from the engines' own objects, which it only reads
    expect(spot.stateHash(sha256)).toBe(before);
    expect(stored.chunks.length).toBeGreaterThan(20);
    expect(stored.body.length).toBeLessThan(20_000);
    const { ledger, spot: restored } = decodeSnapshot(stored, CURRENCIES);
    expect(restored.stateHash(sha256)).toBe(spot.stateHash(sha256));
    expect(restored.openOrders()).toEqual(spot.openOrders());
    expect(restored.book('BTCUSDT')!.depth(50)).toEqual(spot.book('BTCUSDT')!.depth(50));
    expect(ledger.lastSeq).toBe(spot.ledger.lastSeq);
    expect(funds(restored, 'user3', 'USDT')).toEqual(funds(spot, 'user3', 'USDT'));
    // the restored engines go on alike: the same command gives the same result on both
    const next = order('user1', { side: 'sell', price: '95', qty: '0.3' });
    expect(restored.apply(next)).toEqual(spot.apply(next));
    expect(restored.stateHash(sha256)).toBe(spot.stateHash(sha256));
  });

  it('one chunk or many decode to the same state', () => {
    const spot = busyEngine();
    const one = encodeSnapshot(spot.ledger, spot);
    expect(one.chunks.length).toBe(1);
    expect(decodeSnapshot(one, CURRENCIES).spot.stateHash(sha256)).toBe(spot.stateHash(sha256));
  });

  it('passes over a snapshot whose head or any chunk does not check out', () => {
    const spot = busyEngine();
    const stored = encodeSnapshot(spot.ledger, spot, 4096);
    const flipped = stored.chunks.map((chunk) => Buffer.from(chunk));
    flipped[7]![100]! ^= 1;
    expect(() => decodeSnapshot({ ...stored, chunks: flipped }, CURRENCIES)).toThrow(/checksum mismatch in chunk 7/);
    expect(() => decodeSnapshot({ ...stored, chunks: stored.chunks.slice(0, -1) }, CURRENCIES)).toThrow(SnapshotUnusable);
    expect(() => decodeSnapshot({ ...stored, chunks: [...stored.chunks].reverse() }, CURRENCIES)).toThrow(/checksum mismatch in chunk 0/);
    expect(() => decodeSnapshot({ ...stored, checksum: '0'.repeat(64) }, CURRENCIES)).toThrow(/checksum mismatch at/);
    expect(() => decodeSnapshot({ ...stored, ledgerSeq: stored.ledgerSeq + 1 }, CURRENCIES)).toThrow(/the row says/);
  });

  it('passes over a snapshot whose head miscounts the resting orders, which are read as the books take them', () => {
    const spot = busyEngine();
    const stored = encodeSnapshot(spot.ledger, spot, 4096);
    const withBids = (change: number) => {
      const head = JSON.parse(stored.body.toString('utf8')) as { markets: Array<{ book: { bids: number } }> };
      head.markets[0]!.book.bids += change;
      const body = Buffer.from(JSON.stringify(head), 'utf8');
      return { ...stored, body, checksum: createHash('sha256').update(body).digest('hex') };
    };
    expect(() => decodeSnapshot(withBids(1), CURRENCIES)).toThrow(/unreadable .*the chunks end before the last section/);
    expect(() => decodeSnapshot(withBids(-1), CURRENCIES)).toThrow(/unreadable .*records left over/);
    expect(() => decodeSnapshot(withBids(-1), CURRENCIES)).toThrow(SnapshotUnusable);
    expect(decodeSnapshot(withBids(0), CURRENCIES).spot.stateHash(sha256)).toBe(spot.stateHash(sha256));
  });

  it('carries the accepted-id window: the restored engine refuses a stale repeat as the original does', () => {
    const spot = newSpot({ u1: { USDT: '100000' } }, { idGeneration: 8 });
    const commands = Array.from({ length: 40 }, (_, i) => order('u1', { at: AT + 1 + i, price: String(90 - (i % 20)), qty: '0.1' }));
    for (const command of commands) expect(spot.apply(command).ok).toBe(true);
    const { spot: restored } = decodeSnapshot(encodeSnapshot(spot.ledger, spot, 4096), CURRENCIES);
    expect(restored.snapshot().ids).toEqual(spot.snapshot().ids);
    expect(restored.snapshot().results).toHaveLength(spot.snapshot().results.length);
    expect(restored.stateHash(sha256)).toBe(spot.stateHash(sha256));
    expect(restored.apply(commands[5]!)).toEqual(spot.apply(commands[5]!));
    expect(spot.apply(commands[5]!)).toMatchObject({ ok: false, reason: 'staleCommand' });
  });

  it('restores a snapshot written before the window into the default one, keeping its newest ids', () => {
    const spot = busyEngine();
    const stored = encodeSnapshot(spot.ledger, spot);
    const { ids: _ids, ...head } = JSON.parse(stored.body.toString('utf8')) as { ids: unknown };
    const body = Buffer.from(JSON.stringify(head), 'utf8');
    const older = { ...stored, body, checksum: createHash('sha256').update(body).digest('hex') };
    const { spot: restored } = decodeSnapshot(older, CURRENCIES);
    expect(restored.snapshot().ids).toEqual({ generation: DEFAULT_GENERATION, staleThrough: -1, previousMaxAt: -1, currentMaxAt: -1 });
    expect(restored.openOrders()).toEqual(spot.openOrders());
    const last = spot.snapshot().results.at(-1)!;
    expect(restored.resultOf(last.id)).toEqual(last);
  });
});
