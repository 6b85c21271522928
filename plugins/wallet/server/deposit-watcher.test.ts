import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerCommand } from '../../../core/engine';
import type { ConsoleCurrency } from '../shared/types';
import { CHAIN_MIGRATIONS } from './chain-migrations';
import { NATIVE_ASSET, type ChainAdapter, type ChainTransfer } from './chains/types';
import type { NetworkConfig, WalletCore } from './core-types';
import { DepositAddresses } from './deposit-addresses';
import { DepositStore } from './deposit-store';
import { DepositWatcher } from './deposit-watcher';

const TOKEN = '0x00000000000000000000000000000000000000aa';

type Sighting = Omit<ChainTransfer, 'blockNumber' | 'blockHash'>;

/** A chain in memory: blocks of transfers, reorgs on demand, a sweep that can be told to fail. */
class FakeChain implements ChainAdapter {
  readonly chain = 'fake';
  blocks: Array<{ hash: string; transfers: Sighting[] }> = [{ hash: 'genesis', transfers: [] }];
  sweeps: Array<[number, string]> = [];
  failSweeps = 0;
  /** Transfers of the next scan carry a stale block hash (the chain moved under the scan). */
  staleScan = false;
  private serial = 0;

  normalizeAddress = (address: string) => address;
  depositAddress = (index: number) => `addr${index}`;
  head = async () => BigInt(this.blocks.length - 1);
  blockHash = async (number: bigint) => this.blocks[Number(number)]?.hash ?? null;
  send = async (): Promise<{ txHash: string }> => {
    throw new Error('not used');
  };
  receipt = async () => ({ status: 'unknown' as const, blockNumber: null, confirmations: 0 });

  async transfersTo(addresses: ReadonlySet<string>, assets: readonly string[], from: bigint, to: bigint): Promise<ChainTransfer[]> {
    const found: ChainTransfer[] = [];
    for (let n = Number(from); n <= Number(to) && n < this.blocks.length; n++) {
      for (const t of this.blocks[n]!.transfers) {
        if (addresses.has(t.to) && assets.includes(t.asset)) found.push({ ...t, blockNumber: BigInt(n), blockHash: this.staleScan ? 'stale' : this.blocks[n]!.hash });
      }
    }
    this.staleScan = false;
    return found;
  }

  async sweep(index: number, asset: string): Promise<string | null> {
    if (this.failSweeps > 0) {
      this.failSweeps -= 1;
      throw new Error('node busy');
    }
    this.sweeps.push([index, asset]);
    return '0xsweep';
  }

  mine(...transfers: Sighting[]): void {
    this.blocks.push({ hash: `block${this.blocks.length}-${(this.serial += 1)}`, transfers });
  }

  /** Replaces the newest `depth` blocks with `replacements` (empty blocks when not given). */
  reorg(depth: number, ...replacements: Sighting[][]): void {
    this.blocks.splice(this.blocks.length - depth, depth);
    for (let i = 0; i < Math.max(depth, replacements.length); i++) this.mine(...(replacements[i] ?? []));
  }
}

const network: NetworkConfig = {
  currency: 'USDT',
  network: 'FAKE',
  label: 'Fake chain',
  chain: 'devnet',
  devnet: true,
  contractAddress: null,
  confirmations: 2,
  minDeposit: '1.000000000000000000',
  withdrawFee: '0',
  withdrawMin: '0',
  depositEnabled: true,
  withdrawEnabled: true,
  chainDecimals: 6,
};
const currency: ConsoleCurrency = { currency: 'USDT', name: 'Tether', icon: '', scale: 2, sort: 0, enabled: true, usdtPrice: '1', networks: [network] };

const transfer = (txHash: string, to: string, amount: bigint, asset = NATIVE_ASSET): Sighting => ({ txHash, index: 0, to, asset, amount });

async function chainDb(): Promise<Kysely<any>> {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
  for (const migration of CHAIN_MIGRATIONS) await migration.up(db, 'sqlite');
  return db;
}

describe('deposit watcher', () => {
  let db: Kysely<any>;
  let chain: FakeChain;
  let commands: LedgerCommand[];
  let notices: Array<{ memberId: string; event: string; extra?: Record<string, unknown> }>;
  let errors: string[];
  let refuse: boolean;
  let deposits: DepositStore;
  let watcher: DepositWatcher;
  let address: string;

  const core = {
    currencies: {
      get: (code: string) => (code === 'USDT' ? currency : undefined),
      network: (code: string, name: string) => (code === 'USDT' && name === 'FAKE' ? network : undefined),
    },
    async submit(command: LedgerCommand) {
      if (refuse) return { ok: false, seq: 0, reason: 'unknownCurrency', field: 'currency' };
      const duplicate = commands.some((earlier) => earlier.id === command.id);
      if (!duplicate) commands.push(command);
      return { ok: true, seq: commands.length, events: [], duplicate };
    },
    notify: (memberId: string, event: string, extra?: Record<string, unknown>) => notices.push({ memberId, event, extra }),
  } as unknown as Pick<WalletCore, 'currencies' | 'submit' | 'notify'>;

  const newWatcher = () => {
    const log = { info: () => undefined, warn: () => undefined, error: (message: string) => errors.push(message) };
    return new DepositWatcher({ db, core, addresses: new DepositAddresses(db, () => new Date()), deposits, chains: () => [{ kind: 'devnet', adapter: chain }], now: () => new Date(), log, pollIntervalMs: 10 });
  };
  const only = async () => {
    const rows = await deposits.page({}, 1, 100);
    expect(rows.total).toBe(1);
    return rows.rows[0]!;
  };

  beforeEach(async () => {
    db = await chainDb();
    chain = new FakeChain();
    commands = [];
    notices = [];
    errors = [];
    refuse = false;
    deposits = new DepositStore(db, () => new Date());
    watcher = newWatcher();
    address = await new DepositAddresses(db, () => new Date()).addressFor({ memberId: 'm1', currency: 'USDT', network: 'FAKE' }, 'devnet', chain);
    await watcher.poll(); // a new chain's cursor starts at its head
  });
  afterEach(async () => {
    await watcher.stop();
    await db.destroy();
  });

  it('records a transfer pending, counts confirmations and credits it once, truncated to the currency scale', async () => {
    chain.mine(transfer('0xt1', address, 1_234_567n));
    await watcher.poll();
    expect(await only()).toMatchObject({ status: 'pending', amount: '1.23', confirmations: 1, requiredConfirmations: 2, blockNumber: 1n, memberId: 'm1' });
    expect(commands).toEqual([]);
    expect(notices.at(-1)).toMatchObject({ memberId: 'm1', event: 'deposit', extra: { status: 'pending' } });

    chain.mine();
    await watcher.poll();
    const credited = await only();
    expect(credited).toMatchObject({ status: 'credited', confirmations: 2 });
    expect(credited.creditedAt).not.toBeNull();
    expect(commands).toEqual([expect.objectContaining({ kind: 'depositCredit', id: 'deposit:fake:0xt1:0', userId: 'm1', currency: 'USDT', amount: '1.23' })]);
    expect(notices.some((n) => n.event === 'deposit' && n.extra?.status === 'credited')).toBe(true);
    // credited coins are moved to the hot wallet
    expect(chain.sweeps).toEqual([[0, NATIVE_ASSET]]);

    chain.mine();
    await watcher.poll();
    await newWatcher().poll();
    expect(commands).toHaveLength(1);
    expect(chain.sweeps).toHaveLength(1);
    expect(await only()).toMatchObject({ status: 'credited', confirmations: 2 });
  });

  it('ignores transfers below the minimum, of another asset or to unknown addresses', async () => {
    chain.mine(transfer('0xsmall', address, 999_999n), transfer('0xtoken', address, 5_000_000n, TOKEN), transfer('0xother', 'addr99', 5_000_000n));
    chain.mine(transfer('0xexact', address, 1_000_000n));
    await watcher.poll();
    const { rows } = await deposits.page({}, 1, 100);
    expect(rows.map((row) => row.txHash)).toEqual(['0xexact']);
  });

  it('reverses a pending deposit whose block is orphaned; it is never credited', async () => {
    chain.mine(transfer('0xt1', address, 2_000_000n));
    await watcher.poll();
    expect((await only()).status).toBe('pending');
    chain.reorg(1);
    chain.mine();
    chain.mine();
    await watcher.poll();
    expect(await only()).toMatchObject({ status: 'reversed' });
    expect(notices.at(-1)).toMatchObject({ event: 'deposit', extra: { status: 'reversed' } });
    chain.mine();
    await watcher.poll();
    expect(commands).toEqual([]);
    expect((await only()).status).toBe('reversed');
  });

  it('puts a deposit re-included in another block back to pending with that block, then credits it once', async () => {
    chain.mine();
    chain.mine(transfer('0xt1', address, 3_000_000n));
    await watcher.poll();
    const first = await only();
    chain.reorg(2, [], [], [transfer('0xt1', address, 3_000_000n)]);
    await watcher.poll();
    const moved = await only();
    expect(moved).toMatchObject({ id: first.id, status: 'pending', blockNumber: 3n });
    expect(moved.blockHash).not.toBe(first.blockHash);
    expect(commands).toEqual([]);
    chain.mine();
    await watcher.poll();
    expect(await only()).toMatchObject({ status: 'credited', blockNumber: 3n });
    expect(commands.map((c) => c.id)).toEqual(['deposit:fake:0xt1:0']);
  });

  it('finds the fork point below several replaced blocks and rescans from there', async () => {
    network.confirmations = 3;
    try {
      chain.mine(transfer('0xa', address, 1_000_000n));
      chain.mine(transfer('0xb', address, 1_000_000n));
      chain.mine(transfer('0xc', address, 1_000_000n));
      await watcher.poll();
    } finally {
      network.confirmations = 2;
    }
    // 0xa (3 confirmations) is credited; 0xb and 0xc are pending when blocks 2 and 3 are replaced
    expect(commands.map((c) => c.id)).toEqual(['deposit:fake:0xa:0']);
    chain.reorg(2, [transfer('0xc', address, 1_000_000n)], [], []);
    await watcher.poll();
    const { rows } = await deposits.page({}, 1, 100);
    const byHash = Object.fromEntries(rows.map((row) => [row.txHash, row]));
    expect(byHash['0xa']).toMatchObject({ status: 'credited', blockNumber: 1n });
    expect(byHash['0xb']).toMatchObject({ status: 'reversed' });
    expect(byHash['0xc']).toMatchObject({ status: 'credited', blockNumber: 2n });
    expect(commands.map((c) => c.id).sort()).toEqual(['deposit:fake:0xa:0', 'deposit:fake:0xc:0']);
  });

  it('reports a credited deposit caught in a deeper reorg and leaves it credited', async () => {
    chain.mine(transfer('0xt1', address, 1_000_000n));
    chain.mine();
    await watcher.poll();
    expect((await only()).status).toBe('credited');
    chain.reorg(2);
    await watcher.poll();
    expect((await only()).status).toBe('credited');
    expect(errors.some((message) => /orphaned block/.test(message))).toBe(true);
  });

  it('keeps a deposit pending while the ledger refuses it, and retries', async () => {
    refuse = true;
    chain.mine(transfer('0xt1', address, 1_000_000n));
    chain.mine();
    await watcher.poll();
    expect((await only()).status).toBe('pending');
    expect(errors.some((message) => /refused/.test(message))).toBe(true);
    refuse = false;
    await watcher.poll();
    expect((await only()).status).toBe('credited');
  });

  it('retries a failed sweep on the next poll', async () => {
    chain.failSweeps = 1;
    chain.mine(transfer('0xt1', address, 1_000_000n));
    chain.mine();
    await watcher.poll();
    expect((await only()).status).toBe('credited');
    expect(chain.sweeps).toEqual([]);
    await watcher.poll();
    expect(chain.sweeps).toEqual([[0, NATIVE_ASSET]]);
  });

  it('scans a range again when the chain moved during the scan', async () => {
    chain.mine(transfer('0xt1', address, 1_000_000n));
    chain.staleScan = true;
    await watcher.poll();
    expect((await deposits.page({}, 1, 10)).total).toBe(0);
    await watcher.poll();
    expect((await only()).status).toBe('pending');
  });

  it('polls on its own until stopped', async () => {
    watcher.start();
    chain.mine(transfer('0xt1', address, 1_000_000n));
    await expect.poll(async () => (await deposits.page({}, 1, 10)).total, { timeout: 2000, interval: 10 }).toBe(1);
    await watcher.stop();
    chain.mine();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await only()).status).toBe('pending');
  });
});
