import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerCommand } from '../../../core/engine';
import type { ChainKind } from '../shared/types';
import { CHAIN_MIGRATIONS } from './chain-migrations';
import type { ChainAdapter, Receipt, SendRequest } from './chains/types';
import type { WalletCore } from './core-types';
import { REVERTED, SEND_FAILED, WithdrawalProcessor } from './withdrawal-processor';
import { WithdrawalStore } from './withdrawal-store';

/**
 * A chain whose sends and receipts the test scripts. Its node holds what was broadcast (`known`, reported pending
 * until a receipt is scripted); `stopAfter` ends the next send like a process that dies after that step.
 */
class ScriptedChain implements ChainAdapter {
  readonly chain = 'scripted';
  sends: SendRequest[] = [];
  failSends = 0;
  stopAfter: 'signing' | 'broadcast' | null = null;
  /** false: the node drops every transaction it is sent (they are lost). */
  retains = true;
  known = new Set<string>();
  receipts = new Map<string, Receipt>();
  normalizeAddress = (address: string) => address;
  depositAddress = (index: number) => `addr${index}`;
  head = async () => 0n;
  blockHash = async () => null;
  transfersTo = async () => [];
  async send(request: SendRequest, onSigned?: (txHash: string, rawTx: string | null) => Promise<void>) {
    this.sends.push(request);
    if (this.failSends > 0) {
      this.failSends -= 1;
      throw new Error('node refused');
    }
    if (request.signed) {
      // the same bytes again
      this.broadcast(request.signed.txHash);
      return { txHash: request.signed.txHash };
    }
    const txHash = `0xtx${this.sends.length}`;
    await onSigned?.(txHash, `0xraw${this.sends.length}`);
    if (this.stopAfter === 'signing') return this.stop();
    this.broadcast(txHash);
    if (this.stopAfter === 'broadcast') return this.stop();
    return { txHash };
  }
  async receipt(txHash: string): Promise<Receipt> {
    return this.receipts.get(txHash) ?? { status: this.known.has(txHash) ? 'pending' : 'unknown', blockNumber: null, confirmations: 0 };
  }
  private broadcast(txHash: string): void {
    if (this.retains) this.known.add(txHash);
  }
  private stop(): never {
    this.stopAfter = null;
    throw new Error('the server stopped');
  }
}

describe('withdrawal processor', () => {
  let db: Kysely<any>;
  let store: WithdrawalStore;
  let chain: ScriptedChain;
  let connected: boolean;
  let commands: LedgerCommand[];
  let clock: number;
  let processor: WithdrawalProcessor;

  const core = {
    currencies: { network: () => ({ confirmations: 2 }) },
    async submit(command: LedgerCommand) {
      commands.push(command);
      return { ok: true, seq: commands.length, events: [] };
    },
    notify: () => undefined,
    context: { now: () => new Date(clock), log: { info: () => undefined, warn: () => undefined, error: () => undefined } },
  } as unknown as Pick<WalletCore, 'currencies' | 'submit' | 'notify' | 'context'>;

  async function approved(id: string): Promise<void> {
    await store.insert({ id, memberId: 'm1', clientId: null, currency: 'USDT', network: 'NET', chain: 'devnet', address: '0xabc', asset: 'native', amount: '10', fee: '1', receive: '9', chainAmount: 9000n });
    await store.transition(id, ['review'], { status: 'approved' });
  }
  const row = async (id: string) => (await store.byId(id))!;
  const ledger = () => commands.map((command) => `${command.kind}:${command.id}`);

  /** A processor on the table, as a server (re)started on it runs one. */
  const newProcessor = () =>
    new WithdrawalProcessor({
      core,
      store,
      adapterFor: (kind: ChainKind) => (connected && kind === 'devnet' ? chain : undefined),
      options: { pollIntervalMs: 10, maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 4000 },
    });

  beforeEach(async () => {
    db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    for (const migration of CHAIN_MIGRATIONS) await migration.up(db, 'sqlite');
    clock = 1_000_000;
    store = new WithdrawalStore(db, () => new Date(clock));
    chain = new ScriptedChain();
    connected = true;
    commands = [];
    processor = newProcessor();
  });
  afterEach(async () => {
    await processor.stop();
    await db.destroy();
  });

  it('sends an approved withdrawal, follows its confirmations and settles it once', async () => {
    await approved('w1');
    await processor.tick();
    expect(chain.sends).toEqual([{ id: 'w1', to: '0xabc', asset: 'native', amount: 9000n }]);
    expect(await row('w1')).toMatchObject({ status: 'broadcast', txHash: '0xtx1', rawTx: '0xraw1', attempts: 1 });
    await processor.tick();
    expect(chain.sends).toHaveLength(1);

    chain.receipts.set('0xtx1', { status: 'success', blockNumber: 5n, confirmations: 1 });
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'broadcast', confirmations: 1, funds: 'held' });
    chain.receipts.set('0xtx1', { status: 'success', blockNumber: 5n, confirmations: 2 });
    await processor.tick();
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'completed', confirmations: 2, funds: 'settled' });
    expect(ledger()).toEqual(['withdrawalSettle:withdrawal-settle:w1']);
    expect(commands[0]).toMatchObject({ userId: 'm1', currency: 'USDT', amount: '10', fee: '1' });
  });

  it('retries a refused send with backoff, then fails and releases the amount', async () => {
    chain.failSends = 5;
    await approved('w1');
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'approved', attempts: 1, nextAttemptAt: clock + 1000 });
    await processor.tick();
    expect(chain.sends).toHaveLength(1); // waiting for the backoff
    clock += 1000;
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'approved', attempts: 2, nextAttemptAt: clock + 2000 });
    clock += 2000;
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'failed', reason: SEND_FAILED, funds: 'released', attempts: 3 });
    expect(chain.sends.map((send) => send.id)).toEqual(['w1', 'w1', 'w1']);
    expect(ledger()).toEqual(['withdrawalRelease:withdrawal-release:w1']);
  });

  it('fails and releases a reverted payment', async () => {
    await approved('w1');
    await processor.tick();
    chain.receipts.set('0xtx1', { status: 'failed', blockNumber: 3n, confirmations: 1 });
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'failed', reason: REVERTED, funds: 'released' });
    expect(ledger()).toEqual(['withdrawalRelease:withdrawal-release:w1']);
  });

  it('sends a payment the chain lost again as the same transaction, after the backoff and without giving up', async () => {
    chain.retains = false;
    await approved('w1');
    await processor.tick();
    for (let round = 0; round < 5; round++) {
      clock += 10_000;
      await processor.tick();
    }
    expect(chain.sends).toHaveLength(6);
    expect(chain.sends.slice(1).map((send) => [send.id, send.signed])).toEqual(Array(5).fill(['w1', { txHash: '0xtx1', rawTx: '0xraw1' }]));
    expect(await row('w1')).toMatchObject({ status: 'broadcast', txHash: '0xtx1', funds: 'held' });
    expect(commands).toEqual([]);
    // a resend that throws keeps it broadcast too
    chain.failSends = 1;
    clock += 10_000;
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'broadcast', txHash: '0xtx1' });
  });

  it('after a stop between signing and broadcasting, broadcasts the saved transaction instead of paying anew', async () => {
    await approved('w1');
    chain.stopAfter = 'signing';
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'approved', txHash: '0xtx1', rawTx: '0xraw1', attempts: 1 });
    expect(chain.known.size).toBe(0);

    await processor.stop();
    processor = newProcessor();
    clock += 1000;
    await processor.tick();
    expect(chain.sends.map((send) => send.signed)).toEqual([undefined, { txHash: '0xtx1', rawTx: '0xraw1' }]);
    expect([...chain.known]).toEqual(['0xtx1']);
    expect(await row('w1')).toMatchObject({ status: 'broadcast', txHash: '0xtx1', attempts: 2 });

    chain.receipts.set('0xtx1', { status: 'success', blockNumber: 5n, confirmations: 2 });
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'completed', funds: 'settled' });
    expect(ledger()).toEqual(['withdrawalSettle:withdrawal-settle:w1']);
  });

  it('after a stop between broadcasting and recording it, follows the transaction the chain has without sending', async () => {
    await approved('w1');
    chain.stopAfter = 'broadcast';
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'approved', txHash: '0xtx1', attempts: 1 });
    expect([...chain.known]).toEqual(['0xtx1']);

    await processor.stop();
    processor = newProcessor();
    await processor.tick();
    expect(chain.sends).toHaveLength(1); // waiting for the backoff, even though the payment is out
    clock += 1000;
    await processor.tick();
    expect(chain.sends).toHaveLength(1);
    expect(await row('w1')).toMatchObject({ status: 'broadcast', txHash: '0xtx1', confirmations: 0, attempts: 1 });
    chain.receipts.set('0xtx1', { status: 'success', blockNumber: 5n, confirmations: 2 });
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'completed', funds: 'settled' });
    expect(chain.sends).toHaveLength(1);
  });

  it('fails an approved withdrawal whose saved transaction the chain keeps refusing, and releases it', async () => {
    await approved('w1');
    chain.stopAfter = 'signing';
    await processor.tick();
    chain.failSends = 5;
    clock += 1000;
    await processor.tick();
    clock += 2000;
    await processor.tick();
    expect(chain.sends.map((send) => send.signed?.txHash)).toEqual([undefined, '0xtx1', '0xtx1']);
    expect(await row('w1')).toMatchObject({ status: 'failed', reason: SEND_FAILED, funds: 'released' });
    expect(chain.known.size).toBe(0);
  });

  it('waits while the chain is not connected', async () => {
    connected = false;
    await approved('w1');
    await processor.tick();
    expect(await row('w1')).toMatchObject({ status: 'approved', attempts: 0 });
    connected = true;
    await processor.tick();
    expect((await row('w1')).status).toBe('broadcast');
  });

  it('finishes the ledger side of withdrawals finished before a crash', async () => {
    await approved('w1');
    await approved('w2');
    await store.transition('w1', ['approved'], { status: 'completed' });
    await store.transition('w2', ['approved'], { status: 'rejected', reason: 'no' });
    await processor.tick();
    expect(ledger().sort()).toEqual(['withdrawalRelease:withdrawal-release:w2', 'withdrawalSettle:withdrawal-settle:w1']);
    expect([(await row('w1')).funds, (await row('w2')).funds]).toEqual(['settled', 'released']);
    await processor.tick();
    expect(commands).toHaveLength(2);
  });

  it('runs on its own once started, and a kick wakes it', async () => {
    processor.kick();
    await processor.tick();
    processor.start();
    await approved('w1');
    processor.kick();
    await expect.poll(async () => (await row('w1')).status, { timeout: 2000, interval: 10 }).toBe('broadcast');
  });
});
