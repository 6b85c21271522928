import BetterSqlite3 from 'better-sqlite3';
import { mnemonicToSeedSync } from '@scure/bip39';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAIN_MIGRATIONS } from '../chain-migrations';
import { DEVNET_COIN_TYPE, HdKeys } from '../hd';
import { DevnetChain } from './devnet';
import { NATIVE_ASSET } from './types';

const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const keys = new HdKeys(seed, DEVNET_COIN_TYPE);
const TOKEN = '0x00000000000000000000000000000000000000aa';
const OUTSIDE = '0x1111111111111111111111111111111111111111';

async function chainDb(): Promise<Kysely<any>> {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
  for (const migration of CHAIN_MIGRATIONS) await migration.up(db, 'sqlite');
  return db;
}

describe('devnet chain', () => {
  let db: Kysely<any>;
  let devnet: DevnetChain;
  beforeEach(async () => {
    db = await chainDb();
    devnet = await DevnetChain.open({ db, keys, blockTimeMs: 0 });
  });
  afterEach(async () => {
    await devnet.close();
    await db.destroy();
  });

  it('starts at a genesis block and mines blocks linked by hash', async () => {
    expect(await devnet.head()).toBe(0n);
    const genesis = await devnet.blockHash(0n);
    expect(genesis).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await devnet.mine(3)).toBe(3n);
    const hashes = await Promise.all([1n, 2n, 3n].map((n) => devnet.blockHash(n)));
    expect(new Set([genesis, ...hashes]).size).toBe(4);
    expect(await devnet.blockHash(4n)).toBeNull();
    const third = await db.selectFrom('devnet_block').select('parent_hash').where('number', '=', 3).executeTakeFirstOrThrow();
    expect(third.parent_hash).toBe(hashes[1]);
    await expect(devnet.mine(0)).rejects.toThrow(RangeError);
  });

  it('uses checksummed EVM addresses', () => {
    const address = devnet.depositAddress(0);
    expect(address).toBe(keys.depositAddress(0));
    expect(devnet.normalizeAddress(address.toLowerCase())).toBe(address);
    expect(devnet.normalizeAddress(address)).toBe(address);
    // mixed case is a checksum: a wrong one is refused
    expect(devnet.normalizeAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(devnet.normalizeAddress('0x9858efFD232B4033E47d90003D41EC34EcaEda94')).toBeNull();
    for (const bad of ['', '0x123', 'XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS', `${address}00`, address.slice(2)]) expect(devnet.normalizeAddress(bad)).toBeNull();
  });

  it('credits an address in the next block, and reports transfers by address, asset and range', async () => {
    const to = devnet.depositAddress(1);
    const { txHash } = await devnet.credit(to, NATIVE_ASSET, 5n);
    expect(await devnet.receipt(txHash)).toEqual({ status: 'pending', blockNumber: null, confirmations: 0 });
    await devnet.credit(to, TOKEN, 7n);
    await devnet.credit(OUTSIDE, NATIVE_ASSET, 9n);
    await devnet.mine(1);
    expect(await devnet.receipt(txHash)).toEqual({ status: 'success', blockNumber: 1n, confirmations: 1 });
    await devnet.mine(1);
    expect((await devnet.receipt(txHash)).confirmations).toBe(2);

    const watched = new Set([to]);
    const native = await devnet.transfersTo(watched, [NATIVE_ASSET], 0n, 5n);
    expect(native).toEqual([{ txHash, index: 0, blockNumber: 1n, blockHash: await devnet.blockHash(1n), to, asset: NATIVE_ASSET, amount: 5n }]);
    expect((await devnet.transfersTo(watched, [NATIVE_ASSET, TOKEN], 1n, 1n)).map((t) => t.amount)).toEqual([5n, 7n]);
    expect(await devnet.transfersTo(watched, [NATIVE_ASSET], 2n, 5n)).toEqual([]);
    expect(await devnet.transfersTo(new Set(), [NATIVE_ASSET], 0n, 5n)).toEqual([]);
    expect(await devnet.balanceOf(to, TOKEN)).toBe(7n);
    await expect(devnet.credit('nonsense', NATIVE_ASSET, 1n)).rejects.toThrow(/address/);
    await expect(devnet.credit(to, NATIVE_ASSET, 0n)).rejects.toThrow(/amount/);
    await expect(devnet.credit(to, 'USDT', 1n)).rejects.toThrow(/asset/);
  });

  it('pays from the hot wallet only what it holds, once per id', async () => {
    await expect(devnet.send({ id: 'w1', to: OUTSIDE, asset: NATIVE_ASSET, amount: 1n })).rejects.toThrow(/insufficient/);
    await devnet.credit(devnet.hotWallet, NATIVE_ASSET, 100n);
    await devnet.mine(1);
    const first = await devnet.send({ id: 'w1', to: OUTSIDE, asset: NATIVE_ASSET, amount: 60n });
    expect(await devnet.send({ id: 'w1', to: OUTSIDE, asset: NATIVE_ASSET, amount: 60n })).toEqual(first);
    // pending payments count against the balance
    await expect(devnet.send({ id: 'w2', to: OUTSIDE, asset: NATIVE_ASSET, amount: 50n })).rejects.toThrow(/insufficient/);
    await devnet.mine(1);
    expect(await devnet.balanceOf(OUTSIDE, NATIVE_ASSET)).toBe(60n);
    expect(await devnet.balanceOf(devnet.hotWallet, NATIVE_ASSET)).toBe(40n);
    expect((await devnet.receipt(first.txHash)).status).toBe('success');
    expect(await devnet.receipt('0xfeed')).toEqual({ status: 'unknown', blockNumber: null, confirmations: 0 });
  });

  it('hands a new payment to onSigned before it enters the mempool, and sends a saved one under its hash', async () => {
    await devnet.credit(devnet.hotWallet, NATIVE_ASSET, 100n);
    await devnet.mine(1);
    const seen: Array<[string, string | null, string]> = [];
    const paid = await devnet.send({ id: 'w1', to: OUTSIDE, asset: NATIVE_ASSET, amount: 10n }, async (txHash, rawTx) => {
      seen.push([txHash, rawTx, (await devnet.receipt(txHash)).status]);
    });
    expect(seen).toEqual([[paid.txHash, null, 'unknown']]);
    expect((await devnet.receipt(paid.txHash)).status).toBe('pending');

    // a throwing onSigned cancels the payment: the server stopped before it was sent
    let saved = '';
    await expect(
      devnet.send({ id: 'w2', to: OUTSIDE, asset: NATIVE_ASSET, amount: 20n }, async (txHash) => {
        saved = txHash;
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect((await devnet.status()).pending).toBe(1);
    // after the restart the saved transaction goes out under its hash, without a new signature
    const again = await devnet.send({ id: 'w2', to: OUTSIDE, asset: NATIVE_ASSET, amount: 20n, signed: { txHash: saved, rawTx: null } }, async () => {
      throw new Error('not signed again');
    });
    expect(again.txHash).toBe(saved);
    await devnet.mine(1);
    expect(await devnet.balanceOf(OUTSIDE, NATIVE_ASSET)).toBe(30n);
  });

  it('mines a payment as failed when the funds left before its block', async () => {
    await devnet.credit(devnet.hotWallet, NATIVE_ASSET, 10n);
    await devnet.mine(1);
    const payment = await devnet.send({ id: 'w1', to: OUTSIDE, asset: NATIVE_ASSET, amount: 10n });
    // the funding block is orphaned before the payment is mined
    await devnet.reorg(1);
    await devnet.mine(1);
    expect((await devnet.receipt(payment.txHash)).status).toBe('failed');
    expect(await devnet.balanceOf(OUTSIDE, NATIVE_ASSET)).toBe(0n);
  });

  it('reorg replaces blocks with empty ones and drops their transactions; a payment id can then be sent again', async () => {
    await devnet.credit(devnet.hotWallet, NATIVE_ASSET, 100n);
    await devnet.mine(2);
    const paid = await devnet.send({ id: 'w9', to: OUTSIDE, asset: NATIVE_ASSET, amount: 30n });
    await devnet.mine(1);
    const waiting = await devnet.credit(OUTSIDE, TOKEN, 4n);
    const before = await Promise.all([1n, 2n, 3n].map((n) => devnet.blockHash(n)));
    await devnet.reorg(2);
    expect(await devnet.head()).toBe(3n);
    expect(await devnet.blockHash(1n)).toBe(before[0]);
    expect(await devnet.blockHash(2n)).not.toBe(before[1]);
    expect(await devnet.blockHash(3n)).not.toBe(before[2]);
    expect((await devnet.receipt(paid.txHash)).status).toBe('unknown');
    expect(await devnet.balanceOf(OUTSIDE, NATIVE_ASSET)).toBe(0n);
    // the mempool survives a reorg
    expect((await devnet.receipt(waiting.txHash)).status).toBe('pending');
    expect((await devnet.status()).pending).toBe(1);
    const again = await devnet.send({ id: 'w9', to: OUTSIDE, asset: NATIVE_ASSET, amount: 30n });
    expect(again.txHash).not.toBe(paid.txHash);
    await expect(devnet.reorg(0)).rejects.toThrow(RangeError);
    await expect(devnet.reorg(4)).rejects.toThrow(RangeError);
  });

  it('sweeps what a deposit address can spend to the hot wallet', async () => {
    const deposit = devnet.depositAddress(3);
    expect(await devnet.sweep(3, NATIVE_ASSET)).toBeNull();
    await devnet.credit(deposit, NATIVE_ASSET, 25n);
    await devnet.mine(1);
    const sweep = await devnet.sweep(3, NATIVE_ASSET);
    expect(sweep).toMatch(/^0x/);
    expect(await devnet.sweep(3, NATIVE_ASSET)).toBeNull();
    await devnet.mine(1);
    expect(await devnet.balanceOf(deposit, NATIVE_ASSET)).toBe(0n);
    expect(await devnet.balanceOf(devnet.hotWallet, NATIVE_ASSET)).toBe(25n);
  });

  it('keeps its state in the database across a reopen', async () => {
    await devnet.credit(devnet.depositAddress(0), NATIVE_ASSET, 3n);
    await devnet.mine(4);
    const hash = await devnet.blockHash(4n);
    await devnet.close();
    devnet = await DevnetChain.open({ db, keys, blockTimeMs: 0 });
    expect(await devnet.head()).toBe(4n);
    expect(await devnet.blockHash(4n)).toBe(hash);
    expect((await devnet.status()).headHash).toBe(hash);
    expect(await devnet.balanceOf(devnet.depositAddress(0), NATIVE_ASSET)).toBe(3n);
  });

  it('produces blocks on its own every blockTimeMs', async () => {
    await devnet.close();
    devnet = await DevnetChain.open({ db, keys, blockTimeMs: 20 });
    devnet.start();
    await expect.poll(() => devnet.head(), { timeout: 2000, interval: 20 }).toBeGreaterThanOrEqual(3n);
    await devnet.close();
    const stopped = await devnet.head();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await devnet.head()).toBe(stopped);
    expect((await devnet.status()).blockTimeMs).toBe(20);
  });
});
