import type { ChainKind } from '../shared/types';
import type { ChainAdapter } from './chains/types';
import type { WalletCore } from './core-types';
import { PollLoop } from './poll-loop';
import { finishFunds } from './withdrawal-funds';
import type { WithdrawalRow, WithdrawalStore } from './withdrawal-store';

export interface WithdrawalProcessorOptions {
  pollIntervalMs: number;
  /** Sends tried before a withdrawal fails (each one with the same payment id). */
  maxAttempts: number;
  /** Wait after the first failed send, doubled after each further one, at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_PROCESSOR_OPTIONS: WithdrawalProcessorOptions = { pollIntervalMs: 2000, maxAttempts: 5, retryBaseMs: 5000, retryMaxMs: 5 * 60_000 };

export interface WithdrawalProcessorDeps {
  core: Pick<WalletCore, 'currencies' | 'submit' | 'notify' | 'context'>;
  store: WithdrawalStore;
  adapterFor(kind: ChainKind): ChainAdapter | undefined;
  options: WithdrawalProcessorOptions;
}

/** Failure reasons shown to the member (message keys of the wallet namespace). */
export const SEND_FAILED = 'wallet:errWithdrawalSendFailed';
export const REVERTED = 'wallet:errWithdrawalReverted';

/**
 * Pays approved withdrawals out and follows them to completion:
 * approved → adapter.send (payment id = withdrawal id) → broadcast with its txHash → confirmations ≥ the network's
 * → completed (ledger withdrawalSettle: the fee goes to the fees account). A send that throws is retried with
 * exponential backoff up to maxAttempts, then the withdrawal fails and its amount is released; a reverted payment
 * fails and is released too. A broadcast payment the chain no longer knows (dropped, or orphaned by a reorg) is sent
 * again with the same id after each backoff step, without a limit: it may still be mined, so it never fails on its
 * own.
 *
 * Nothing is lost on a crash, and nothing is paid twice: the attempt is recorded before each send, the signed
 * transaction (txHash and raw bytes) before it is broadcast (the adapter's onSigned), the result after it. A restart
 * resumes from the table: broadcast → its receipt; approved with a signed transaction → its receipt when the chain
 * knows it, otherwise the same transaction is broadcast again (signed anew only when it can never be mined);
 * approved without one → send. Finished withdrawals whose ledger step did not happen are completed first.
 */
export class WithdrawalProcessor {
  private readonly unavailable = new Set<ChainKind>();
  private readonly loop: PollLoop;

  constructor(private readonly deps: WithdrawalProcessorDeps) {
    this.loop = new PollLoop(
      () => this.pass().catch((error) => deps.core.context.log.error('withdrawals: a processing pass failed', { error: String(error) })),
      deps.options.pollIntervalMs,
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Asks for a pass soon (an approval came in); nothing while stopped. */
  kick(): void {
    if (this.loop.started) void this.tick();
  }

  /** Runs a pass now (after the current one, when one is running). */
  tick(): Promise<void> {
    return this.loop.run();
  }

  private async pass(): Promise<void> {
    const { store, core } = this.deps;
    for (const row of await store.unfinishedFunds()) await this.guard(row, () => finishFunds(core, store, row));
    for (const row of await store.inFlight(this.nowMs())) {
      const adapter = this.deps.adapterFor(row.chain);
      if (!adapter) {
        if (!this.unavailable.has(row.chain)) core.context.log.warn(`withdrawals: no ${row.chain} chain is connected; waiting`);
        this.unavailable.add(row.chain);
        continue;
      }
      this.unavailable.delete(row.chain);
      await this.guard(row, () => {
        if (row.status === 'broadcast') return this.follow(row, adapter);
        return row.txHash ? this.resume(row, adapter) : this.send(row, adapter);
      });
    }
  }

  private async guard(row: WithdrawalRow, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.deps.core.context.log.error(`withdrawal ${row.id}: processing failed; retrying`, { error: String(error) });
    }
  }

  /**
   * One send attempt of an approved withdrawal (or a resend of a broadcast one the chain lost). The transaction it
   * signed before, if any, goes with it; a newly signed one is saved before the adapter broadcasts it.
   */
  private async send(row: WithdrawalRow, adapter: ChainAdapter): Promise<void> {
    const { store, options } = this.deps;
    const attempts = row.attempts + 1;
    const marked = await store.transition(row.id, [row.status], { attempts, nextAttemptAt: this.nowMs() + this.backoff(attempts) });
    if (!marked) return;
    const signed = row.txHash ? { txHash: row.txHash, rawTx: row.rawTx } : undefined;
    const onSigned = async (txHash: string, rawTx: string | null) => {
      if (!(await store.transition(row.id, [row.status], { txHash, rawTx }))) throw new Error(`withdrawal ${row.id} left ${row.status} while it was being paid`);
    };
    let txHash: string;
    try {
      ({ txHash } = await adapter.send({ id: row.id, to: row.address, asset: row.asset, amount: row.chainAmount, signed }, onSigned));
    } catch (error) {
      this.deps.core.context.log.warn(`withdrawal ${row.id}: send attempt ${attempts} failed`, { error: String(error) });
      if (row.status === 'approved' && attempts >= options.maxAttempts) await this.fail(marked, SEND_FAILED);
      return;
    }
    const sent = await store.transition(row.id, [row.status], { status: 'broadcast', txHash, confirmations: 0 });
    if (sent) this.notify(sent);
  }

  /**
   * An approved withdrawal whose transaction was signed but not marked broadcast (the send failed, or the server
   * stopped in between): when the chain knows the transaction it is followed, otherwise it is sent again.
   */
  private async resume(row: WithdrawalRow, adapter: ChainAdapter): Promise<void> {
    if ((await adapter.receipt(row.txHash!)).status === 'unknown') return this.send(row, adapter);
    const sent = await this.deps.store.transition(row.id, ['approved'], { status: 'broadcast', confirmations: 0 });
    if (!sent) return;
    this.notify(sent);
    await this.follow(sent, adapter);
  }

  private async follow(row: WithdrawalRow, adapter: ChainAdapter): Promise<void> {
    const receipt = await adapter.receipt(row.txHash!);
    if (receipt.status === 'failed') return this.fail(row, REVERTED);
    if (receipt.status === 'unknown') {
      // Never given up: the payment may still be mined, so its amount cannot go back to the member.
      if (this.nowMs() < row.nextAttemptAt) return;
      this.deps.core.context.log.warn(`withdrawal ${row.id}: the chain does not know ${row.txHash}; sending it again`);
      return this.send(row, adapter);
    }
    if (receipt.status !== 'success') return;
    const network = this.deps.core.currencies.network(row.currency, row.network);
    const final = receipt.confirmations >= Math.max(1, network?.confirmations ?? 1);
    if (!final && receipt.confirmations === row.confirmations) return;
    const next = await this.deps.store.transition(row.id, ['broadcast'], final ? { status: 'completed', confirmations: receipt.confirmations } : { confirmations: receipt.confirmations });
    if (!next) return;
    this.notify(next);
    if (final) await finishFunds(this.deps.core, this.deps.store, next);
  }

  private async fail(row: WithdrawalRow, reason: string): Promise<void> {
    const failed = await this.deps.store.transition(row.id, [row.status], { status: 'failed', reason });
    if (!failed) return;
    this.notify(failed);
    await finishFunds(this.deps.core, this.deps.store, failed);
  }

  private backoff(attempts: number): number {
    const { retryBaseMs, retryMaxMs } = this.deps.options;
    return Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(attempts - 1, 30));
  }

  private nowMs(): number {
    return this.deps.core.context.now().getTime();
  }

  private notify(row: WithdrawalRow): void {
    this.deps.core.notify(row.memberId, 'withdrawal', { id: row.id, status: row.status });
  }
}
