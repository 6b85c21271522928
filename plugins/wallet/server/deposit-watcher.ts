import type { Kysely } from 'kysely';
import { formatDecimal } from '../../../core/shared';
import type { ChainKind } from '../shared/types';
import type { ChainEntry } from './chains/registry';
import type { ChainAdapter, ChainTransfer } from './chains/types';
import type { WalletCore } from './core-types';
import type { DepositAddresses, DepositAddressRow } from './deposit-addresses';
import type { DepositRow, DepositStore } from './deposit-store';
import { PollLoop } from './poll-loop';
import { chainToLedger, configuredMinor, networkAsset, toBigInt } from './units';

/** Hashes of this many recent scanned blocks are kept per chain to find the fork point of a reorg. */
export const RETAINED_BLOCKS = 128;
/** Most blocks one poll scans on a chain (a long catch-up continues on the next polls). */
export const MAX_SCAN_BLOCKS = 2000n;

type Log = WalletCore['context']['log'];

export interface DepositWatcherDeps {
  db: Kysely<any>;
  core: Pick<WalletCore, 'currencies' | 'submit' | 'notify'>;
  addresses: Pick<DepositAddresses, 'onChain'>;
  deposits: DepositStore;
  chains: () => ChainEntry[];
  now: () => Date;
  log: Log;
  pollIntervalMs: number;
}

interface Cursor {
  number: bigint;
  hash: string;
}

/**
 * Finds deposits on every chain the wallet serves, chain-agnostic over ChainAdapter. Per chain it keeps a cursor
 * (the last scanned block and its hash, with the hashes of recent blocks before it) and on each poll:
 *
 * 1. follows a reorg: when the cursor's hash is no longer on the chain it walks back to the newest block whose hash
 *    still matches (the fork point), reverses pending deposits of the orphaned blocks and rescans from there — a
 *    deposit re-included in a new block goes back to pending with that block;
 * 2. scans new blocks for transfers of each network's asset to its deposit addresses, recording them pending
 *    (idempotent on chain, transaction hash and transfer index). The amount is truncated to the currency's scale
 *    (dust stays on chain); a transfer worth less than the network's minimum deposit is not recorded at all;
 * 3. counts confirmations and, once they reach the network's requirement (and the block is still canonical), credits
 *    the member's coin account with ledger id `deposit:<chain>:<txHash>:<index>`. Credits happen only at finality,
 *    so a reversed deposit was never spendable;
 * 4. moves credited coins to the hot wallet (adapter.sweep, best effort: a failure is logged and retried).
 *
 * The member is told of every change (core.notify 'deposit').
 */
export class DepositWatcher {
  private readonly loop: PollLoop;

  constructor(private readonly deps: DepositWatcherDeps) {
    this.loop = new PollLoop(() => this.pollAll(), deps.pollIntervalMs);
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Polls every chain once; a call while a poll runs waits for it and then polls again. */
  poll(): Promise<void> {
    return this.loop.run();
  }

  private async pollAll(): Promise<void> {
    for (const { kind, adapter } of this.deps.chains()) {
      try {
        await this.pollChain(kind, adapter);
      } catch (error) {
        this.deps.log.error(`deposit watcher: polling ${adapter.chain} failed`, { error: String(error) });
      }
    }
  }

  async pollChain(kind: ChainKind, adapter: ChainAdapter): Promise<void> {
    const head = await adapter.head();
    let cursor = await this.cursor(adapter.chain);
    if (!cursor) {
      // A chain seen for the first time: deposits start from its current head.
      const hash = await adapter.blockHash(head);
      if (!hash) return;
      cursor = { number: head, hash };
      await this.saveHashes(adapter.chain, new Map([[head, hash]]));
    } else if (cursor.number > head || (await adapter.blockHash(cursor.number)) !== cursor.hash) {
      cursor = await this.rewind(adapter);
    }
    if (head > cursor.number) {
      const to = head < cursor.number + MAX_SCAN_BLOCKS ? head : cursor.number + MAX_SCAN_BLOCKS;
      await this.scan(kind, adapter, cursor.number + 1n, to, head);
    }
    await this.confirm(adapter, head);
    await this.sweep(adapter);
  }

  private async cursor(chain: string): Promise<Cursor | null> {
    const row = await this.deps.db.selectFrom('wallet_chain_block').select(['number', 'hash']).where('chain', '=', chain).orderBy('number', 'desc').limit(1).executeTakeFirst();
    return row ? { number: toBigInt(row.number), hash: String(row.hash) } : null;
  }

  /** Walks back to the newest retained block still on the chain, forgets the blocks above it, reverses their deposits. */
  private async rewind(adapter: ChainAdapter): Promise<Cursor> {
    const { db, deposits, log } = this.deps;
    const retained = await db.selectFrom('wallet_chain_block').select(['number', 'hash']).where('chain', '=', adapter.chain).orderBy('number', 'desc').execute();
    let fork: Cursor | undefined;
    for (const row of retained) {
      const number = toBigInt(row.number);
      if ((await adapter.blockHash(number)) === row.hash) {
        fork = { number, hash: String(row.hash) };
        break;
      }
    }
    if (!fork) {
      // Deeper than the retained window: start again below it and trust the chain from there.
      const below = toBigInt(retained.at(-1)!.number) - 1n;
      const number = below < 0n ? 0n : below;
      fork = { number, hash: (await adapter.blockHash(number)) ?? '' };
      log.error(`deposit watcher: reorg on ${adapter.chain} deeper than ${RETAINED_BLOCKS} blocks; rescanning from block ${number}`);
    }
    log.warn(`deposit watcher: reorg on ${adapter.chain}; fork at block ${fork.number}`);
    for (const lost of await deposits.creditedAbove(adapter.chain, fork.number)) {
      log.error(`deposit watcher: credited deposit ${lost.id} was in an orphaned block; review it`, { txHash: lost.txHash, chain: lost.chain });
    }
    this.notifyAll(await deposits.reverseAbove(adapter.chain, fork.number));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('wallet_chain_block').where('chain', '=', adapter.chain).where('number', '>=', fork.number.toString()).execute();
      await trx.insertInto('wallet_chain_block').values({ chain: adapter.chain, number: fork.number.toString(), hash: fork.hash }).execute();
    });
    return fork;
  }

  private async scan(kind: ChainKind, adapter: ChainAdapter, from: bigint, to: bigint, head: bigint): Promise<void> {
    const owners = new Map<string, DepositAddressRow>();
    const assets = new Set<string>();
    for (const row of await this.deps.addresses.onChain(kind)) {
      const network = this.deps.core.currencies.network(row.currency, row.network);
      if (!network) continue;
      owners.set(row.address, row);
      assets.add(networkAsset(network));
    }
    const transfers = owners.size ? await adapter.transfersTo(new Set(owners.keys()), [...assets], from, to) : [];

    // The hashes of the newest scanned blocks and of every block holding a transfer, read after the transfers:
    // if the chain moved meanwhile they disagree, and the range is scanned again on the next poll.
    const hashes = new Map<bigint, string>();
    const wanted = new Set<bigint>(transfers.map((t) => t.blockNumber));
    for (let n = to; n >= from && n > to - BigInt(RETAINED_BLOCKS); n--) wanted.add(n);
    for (const number of wanted) {
      const hash = await adapter.blockHash(number);
      if (!hash) return;
      hashes.set(number, hash);
    }
    if (transfers.some((t) => hashes.get(t.blockNumber) !== t.blockHash)) {
      this.deps.log.warn(`deposit watcher: ${adapter.chain} changed during a scan; scanning again`);
      return;
    }

    for (const transfer of transfers) {
      const owner = owners.get(transfer.to);
      if (owner) await this.record(adapter.chain, owner, transfer, head);
    }
    await this.saveHashes(
      adapter.chain,
      new Map([...hashes].filter(([number]) => number > to - BigInt(RETAINED_BLOCKS))),
    );
  }

  private async record(chain: string, owner: DepositAddressRow, transfer: ChainTransfer, head: bigint): Promise<void> {
    const { currencies } = this.deps.core;
    const network = currencies.network(owner.currency, owner.network);
    const currency = currencies.get(owner.currency);
    if (!network || !currency || networkAsset(network) !== transfer.asset) return;
    const amount = chainToLedger(transfer.amount, network.chainDecimals, currency.scale);
    if (amount <= 0n || amount < configuredMinor(network.minDeposit, currency.scale)) {
      this.deps.log.info(`deposit watcher: ${transfer.txHash} on ${chain} is below the minimum deposit; not recorded`);
      return;
    }
    const row = await this.deps.deposits.record({
      memberId: owner.memberId,
      currency: owner.currency,
      network: owner.network,
      chain,
      address: owner.address,
      hdIndex: owner.hdIndex,
      asset: transfer.asset,
      txHash: transfer.txHash,
      logIndex: transfer.index,
      blockNumber: transfer.blockNumber,
      blockHash: transfer.blockHash,
      chainAmount: transfer.amount,
      amount: formatDecimal(amount, currency.scale),
      requiredConfirmations: Math.max(1, network.confirmations),
    });
    if (row) {
      const confirmations = Number(head - row.blockNumber + 1n);
      await this.deps.deposits.setConfirmations(row.id, confirmations);
      this.notify({ ...row, confirmations });
    }
  }

  /** Confirmations of pending deposits; credits the final ones, reverses those whose block left the chain. */
  private async confirm(adapter: ChainAdapter, head: bigint): Promise<void> {
    const { deposits, core, log } = this.deps;
    const canonical = new Map<bigint, string | null>();
    for (const row of await deposits.pendingOn(adapter.chain)) {
      if (!canonical.has(row.blockNumber)) canonical.set(row.blockNumber, await adapter.blockHash(row.blockNumber));
      if (canonical.get(row.blockNumber) !== row.blockHash) {
        this.notifyAll(await deposits.reverse([row]));
        continue;
      }
      const confirmations = Number(head - row.blockNumber + 1n);
      if (confirmations < row.requiredConfirmations) {
        if (confirmations !== row.confirmations) {
          await deposits.setConfirmations(row.id, confirmations);
          this.notify({ ...row, confirmations });
        }
        continue;
      }
      const result = await core.submit({
        kind: 'depositCredit',
        id: `deposit:${row.chain}:${row.txHash}:${row.logIndex}`,
        at: this.deps.now().getTime(),
        userId: row.memberId,
        currency: row.currency,
        amount: row.amount,
      });
      if (!result.ok) {
        log.error(`deposit watcher: the ledger refused deposit ${row.id}`, { reason: result.reason });
        continue;
      }
      const credited = await deposits.markCredited(row.id, confirmations);
      if (credited) {
        this.notify(credited);
        core.notify(row.memberId, 'balance', { currency: row.currency });
      }
    }
  }

  private async sweep(adapter: ChainAdapter): Promise<void> {
    if (!adapter.sweep) return;
    for (const { hdIndex, asset } of await this.deps.deposits.unswept(adapter.chain)) {
      try {
        const txHash = await adapter.sweep(hdIndex, asset);
        await this.deps.deposits.markSwept(adapter.chain, hdIndex, asset);
        if (txHash) this.deps.log.info(`deposit watcher: swept address ${hdIndex} (${asset}) on ${adapter.chain}`, { txHash });
      } catch (error) {
        this.deps.log.warn(`deposit watcher: sweeping address ${hdIndex} (${asset}) on ${adapter.chain} failed; retrying later`, { error: String(error) });
      }
    }
  }

  private async saveHashes(chain: string, hashes: Map<bigint, string>): Promise<void> {
    if (hashes.size === 0) return;
    const newest = [...hashes.keys()].reduce((a, b) => (a > b ? a : b));
    await this.deps.db.transaction().execute(async (trx) => {
      for (const [number, hash] of hashes) {
        await trx
          .insertInto('wallet_chain_block')
          .values({ chain, number: number.toString(), hash })
          .onConflict((conflict) => conflict.columns(['chain', 'number']).doUpdateSet({ hash }))
          .execute();
      }
      await trx
        .deleteFrom('wallet_chain_block')
        .where('chain', '=', chain)
        .where('number', '<=', (newest - BigInt(RETAINED_BLOCKS)).toString())
        .execute();
    });
  }

  private notify(row: DepositRow): void {
    this.deps.core.notify(row.memberId, 'deposit', { id: row.id, status: row.status, confirmations: row.confirmations });
  }

  private notifyAll(rows: DepositRow[]): void {
    for (const row of rows) this.notify(row);
  }
}
