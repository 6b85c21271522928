import { getAddress, hexlify, keccak256, randomBytes, ZeroAddress, ZeroHash } from 'ethers';
import type { Kysely } from 'kysely';
import type { DevnetStatus } from '../../shared/types';
import type { HdKeys } from '../hd';
import { NATIVE_ASSET, type ChainAdapter, type ChainTransfer, type Receipt, type SendRequest } from './types';

/**
 * The devnet: a simulated chain inside the server, persisted in the database (devnet_block, devnet_tx). Its coins
 * are not real and everything about it is labelled "devnet". Addresses have the EVM format (checksummed); a block
 * is produced every `blockTimeMs` (0: only on `mine`), holding the transactions waiting in the mempool. Payments
 * from the hot wallet check its balance when sent and again when mined (a payment that no longer fits is mined
 * as failed, like a reverted token transfer). `credit` mints coins to an address (the console's devnet deposit,
 * or a faucet for the hot wallet); `reorg(depth)` replaces the newest blocks with empty ones, dropping their
 * transactions, as anvil_reorg does. One server process drives a devnet (writes are serialised in memory).
 */
export const DEVNET_CHAIN = 'devnet';
export const DEFAULT_BLOCK_TIME_MS = 2000;

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const ASSET_RE = /^0x[0-9a-f]{40}$/;

export interface DevnetOptions {
  db: Kysely<any>;
  /** Keys of the devnet's coin type (deposit addresses and the hot wallet). */
  keys: HdKeys;
  blockTimeMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

interface Tip {
  number: bigint;
  hash: string;
}

interface TxRow {
  hash: string;
  block_number: string | number | bigint | null;
  position: number | null;
  from_address: string;
  to_address: string;
  asset: string;
  amount: string;
  status: 'pending' | 'success' | 'failed';
}

const big = (value: string | number | bigint) => BigInt(String(value));
const newHash = () => hexlify(randomBytes(32));

export class DevnetChain implements ChainAdapter {
  readonly chain = DEVNET_CHAIN;
  readonly hotWallet: string;
  readonly blockTimeMs: number;
  private readonly db: Kysely<any>;
  private readonly keys: HdKeys;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private tip: Tip = { number: 0n, hash: '' };
  private writes: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;

  private constructor(options: DevnetOptions) {
    this.db = options.db;
    this.keys = options.keys;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
    this.blockTimeMs = options.blockTimeMs ?? DEFAULT_BLOCK_TIME_MS;
    this.hotWallet = options.keys.hotWalletAddress();
  }

  /** Opens the devnet stored in the database, creating its genesis block the first time. */
  static async open(options: DevnetOptions): Promise<DevnetChain> {
    const chain = new DevnetChain(options);
    const newest = await chain.db.selectFrom('devnet_block').select(['number', 'hash']).orderBy('number', 'desc').limit(1).executeTakeFirst();
    if (newest) {
      chain.tip = { number: big(newest.number), hash: String(newest.hash) };
    } else {
      const genesis = { number: 0n, hash: keccak256(randomBytes(32)) };
      await chain.db.insertInto('devnet_block').values({ number: '0', hash: genesis.hash, parent_hash: ZeroHash, created_at: chain.now() }).execute();
      chain.tip = genesis;
    }
    return chain;
  }

  /** Produces a block every blockTimeMs (nothing when it is 0). */
  start(): void {
    if (this.timer || this.blockTimeMs <= 0) return;
    this.timer = setInterval(() => void this.mine(1).catch(this.onError), this.blockTimeMs);
    this.timer.unref?.();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.writes.catch(() => undefined);
  }

  normalizeAddress(address: string): string | null {
    return typeof address === 'string' && ADDRESS_RE.test(address) ? safeGetAddress(address) : null;
  }

  depositAddress(index: number): string {
    return this.keys.depositAddress(index);
  }

  async head(): Promise<bigint> {
    return this.tip.number;
  }

  async blockHash(number: bigint): Promise<string | null> {
    if (number === this.tip.number) return this.tip.hash;
    const row = await this.db.selectFrom('devnet_block').select('hash').where('number', '=', number.toString()).executeTakeFirst();
    return row ? String(row.hash) : null;
  }

  async transfersTo(addresses: ReadonlySet<string>, assets: readonly string[], from: bigint, to: bigint): Promise<ChainTransfer[]> {
    if (addresses.size === 0 || assets.length === 0 || to < from) return [];
    const rows = await this.db
      .selectFrom('devnet_tx as t')
      .innerJoin('devnet_block as b', 'b.number', 't.block_number')
      .select(['t.hash', 't.block_number', 't.to_address', 't.asset', 't.amount', 'b.hash as block_hash'])
      .where('t.status', '=', 'success')
      .where('t.block_number', '>=', from.toString())
      .where('t.block_number', '<=', to.toString())
      .where('t.asset', 'in', [...assets])
      .orderBy('t.block_number')
      .orderBy('t.position')
      .execute();
    return rows
      .filter((row) => addresses.has(String(row.to_address)))
      .map((row) => ({
        txHash: String(row.hash),
        index: 0,
        blockNumber: big(row.block_number),
        blockHash: String(row.block_hash),
        to: String(row.to_address),
        asset: String(row.asset),
        amount: big(row.amount),
      }));
  }

  /**
   * A payment from the hot wallet; the same `id` returns the transaction already made for it. A new transaction's
   * hash goes to `onSigned` before the transaction enters the mempool; one the chain lost (`request.signed`, e.g.
   * orphaned by a reorg) is sent again under the same hash.
   */
  send(request: SendRequest, onSigned?: (txHash: string, rawTx: null) => Promise<void>): Promise<{ txHash: string }> {
    return this.exclusive(async () => {
      const earlier = await this.db.selectFrom('devnet_tx').select('hash').where('send_id', '=', request.id).executeTakeFirst();
      if (earlier) return { txHash: String(earlier.hash) };
      const to = this.requireAddress(request.to);
      const asset = requireAsset(request.asset);
      requirePositive(request.amount);
      if ((await this.spendable(this.hotWallet, asset)) < request.amount) throw new Error('devnet: insufficient funds in the hot wallet');
      const hash = request.signed?.txHash ?? newHash();
      if (!request.signed) await onSigned?.(hash, null);
      await this.insertPending(this.hotWallet, to, asset, request.amount, request.id, hash);
      return { txHash: hash };
    });
  }

  async receipt(txHash: string): Promise<Receipt> {
    const row = (await this.db.selectFrom('devnet_tx').select(['block_number', 'status']).where('hash', '=', txHash).executeTakeFirst()) as
      | Pick<TxRow, 'block_number' | 'status'>
      | undefined;
    if (!row) return { status: 'unknown', blockNumber: null, confirmations: 0 };
    if (row.block_number === null) return { status: 'pending', blockNumber: null, confirmations: 0 };
    const blockNumber = big(row.block_number);
    return { status: row.status === 'success' ? 'success' : 'failed', blockNumber, confirmations: Number(this.tip.number - blockNumber + 1n) };
  }

  /** Moves what a deposit address can spend of an asset to the hot wallet. */
  sweep(index: number, asset: string): Promise<string | null> {
    return this.exclusive(async () => {
      const from = this.depositAddress(index);
      const amount = await this.spendable(from, requireAsset(asset));
      return amount > 0n ? this.insertPending(from, this.hotWallet, asset, amount, null) : null;
    });
  }

  /** Mints devnet coins to an address: a transaction from the zero address, mined with the next block. */
  credit(to: string, asset: string, amount: bigint): Promise<{ txHash: string }> {
    return this.exclusive(async () => {
      const address = this.requireAddress(to);
      requirePositive(amount);
      return { txHash: await this.insertPending(ZeroAddress, address, requireAsset(asset), amount, null) };
    });
  }

  /** Produces n blocks now (the first holds the mempool); resolves with the new head. */
  async mine(n = 1): Promise<bigint> {
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`mine: n must be a positive integer, got ${n}`);
    return this.exclusive(async () => {
      for (let i = 0; i < n; i++) await this.appendBlock(true);
      return this.tip.number;
    });
  }

  /** Replaces the newest `depth` blocks with as many empty ones; the transactions they held are gone. */
  reorg(depth: number): Promise<void> {
    return this.exclusive(async () => {
      if (!Number.isSafeInteger(depth) || depth < 1 || BigInt(depth) > this.tip.number) throw new RangeError(`reorg: depth must be in 1..${this.tip.number}, got ${depth}`);
      const fork = this.tip.number - BigInt(depth);
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('devnet_tx').where('block_number', '>', fork.toString()).execute();
        await trx.deleteFrom('devnet_block').where('number', '>', fork.toString()).execute();
      });
      this.tip = { number: fork, hash: (await this.blockHash(fork))! };
      for (let i = 0; i < depth; i++) await this.appendBlock(false);
    });
  }

  /** Mined balance of an address. */
  async balanceOf(address: string, asset: string): Promise<bigint> {
    return this.minedBalance(this.db, this.requireAddress(address), requireAsset(asset));
  }

  async status(): Promise<DevnetStatus> {
    const pending = await this.db.selectFrom('devnet_tx').select((eb) => eb.fn.countAll().as('count')).where('block_number', 'is', null).executeTakeFirst();
    return {
      chain: DEVNET_CHAIN,
      head: this.tip.number.toString(),
      headHash: this.tip.hash,
      blockTimeMs: this.blockTimeMs,
      hotWallet: this.hotWallet,
      pending: Number(pending?.count ?? 0),
    };
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => undefined);
    return run;
  }

  private requireAddress(address: string): string {
    const normal = this.normalizeAddress(address);
    if (!normal) throw new Error(`devnet: invalid address ${String(address)}`);
    return normal;
  }

  private async insertPending(from: string, to: string, asset: string, amount: bigint, sendId: string | null, hash = newHash()): Promise<string> {
    await this.db
      .insertInto('devnet_tx')
      .values({ hash, block_number: null, position: null, from_address: from, to_address: to, asset, amount: amount.toString(), status: 'pending', send_id: sendId, created_at: this.now() })
      .execute();
    return hash;
  }

  /** Mined balance minus what is already promised by pending transactions. */
  private async spendable(address: string, asset: string): Promise<bigint> {
    const pending = await this.db
      .selectFrom('devnet_tx')
      .select('amount')
      .where('from_address', '=', address)
      .where('asset', '=', asset)
      .where('block_number', 'is', null)
      .execute();
    return pending.reduce((sum, row) => sum - big(row.amount), await this.minedBalance(this.db, address, asset));
  }

  private async minedBalance(db: Kysely<any>, address: string, asset: string): Promise<bigint> {
    const rows = await db
      .selectFrom('devnet_tx')
      .select(['from_address', 'to_address', 'amount'])
      .where('asset', '=', asset)
      .where('status', '=', 'success')
      .where((eb) => eb.or([eb('to_address', '=', address), eb('from_address', '=', address)]))
      .execute();
    let balance = 0n;
    for (const row of rows) {
      if (row.to_address === address) balance += big(row.amount);
      if (row.from_address === address) balance -= big(row.amount);
    }
    return balance;
  }

  private async appendBlock(withMempool: boolean): Promise<void> {
    const number = this.tip.number + 1n;
    const hash = keccak256(randomBytes(32));
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('devnet_block').values({ number: number.toString(), hash, parent_hash: this.tip.hash, created_at: this.now() }).execute();
      if (!withMempool) return;
      const pending = (await trx.selectFrom('devnet_tx').selectAll().where('block_number', 'is', null).orderBy('id').execute()) as Array<TxRow & { id: number }>;
      const balances = new Map<string, bigint>();
      const balance = async (address: string, asset: string) => {
        const key = `${address}|${asset}`;
        if (!balances.has(key)) balances.set(key, await this.minedBalance(trx, address, asset));
        return { key, value: balances.get(key)! };
      };
      for (const [position, tx] of pending.entries()) {
        const amount = big(tx.amount);
        let ok = true;
        if (tx.from_address !== ZeroAddress) {
          const payer = await balance(tx.from_address, tx.asset);
          ok = payer.value >= amount;
          if (ok) balances.set(payer.key, payer.value - amount);
        }
        if (ok) {
          const payee = `${tx.to_address}|${tx.asset}`;
          if (balances.has(payee)) balances.set(payee, balances.get(payee)! + amount);
        }
        await trx
          .updateTable('devnet_tx')
          .set({ block_number: number.toString(), position, status: ok ? 'success' : 'failed' })
          .where('id', '=', tx.id)
          .execute();
      }
    });
    this.tip = { number, hash };
  }
}

function safeGetAddress(address: string): string | null {
  try {
    return getAddress(address);
  } catch {
    return null;
  }
}

function requireAsset(asset: string): string {
  if (asset !== NATIVE_ASSET && !ASSET_RE.test(asset)) throw new Error(`devnet: invalid asset ${String(asset)}`);
  return asset;
}

function requirePositive(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new Error(`devnet: amount must be a positive integer, got ${String(amount)}`);
}
