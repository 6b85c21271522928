import { sql } from 'kysely';
import type { WithdrawalHold } from '../../../core/engine';
import { decodeJson } from '../../../core/engine/persistence';
import type { WalletCore } from './core-types';
import type { WithdrawalRow, WithdrawalStore } from './withdrawal-store';

/**
 * The ledger side of a finished withdrawal: release (cancelled, rejected, failed → frozen back to available) or
 * settle (completed → paid out, fee to the fees account). Ledger ids are derived from the withdrawal id, so running
 * this again after a crash applies nothing twice; the row's `funds` column records that it is done.
 */
export async function finishFunds(core: Pick<WalletCore, 'submit' | 'notify' | 'context'>, store: WithdrawalStore, row: WithdrawalRow): Promise<boolean> {
  if (row.funds !== 'held') return true;
  const base = { at: core.context.now().getTime(), userId: row.memberId, currency: row.currency, amount: row.amount };
  const settle = row.status === 'completed';
  if (!settle && !['cancelled', 'rejected', 'failed'].includes(row.status)) return false;
  const result = await core.submit(
    settle
      ? { ...base, kind: 'withdrawalSettle', id: `withdrawal-settle:${row.id}`, fee: row.fee }
      : { ...base, kind: 'withdrawalRelease', id: `withdrawal-release:${row.id}` },
  );
  if (!result.ok) {
    core.context.log.error(`withdrawal ${row.id}: the ledger refused the ${settle ? 'settlement' : 'release'}`, { reason: result.reason });
    return false;
  }
  await store.setFunds(row.id, settle ? 'settled' : 'released');
  core.notify(row.memberId, 'balance', { currency: row.currency });
  return true;
}

/**
 * Holds without a withdrawal row: the server stopped between a hold and the insert that follows it. Their ids are
 * random and never reused, so the held amounts are simply returned. Run at start, before requests are served.
 */
export async function releaseOrphanHolds(core: Pick<WalletCore, 'submit' | 'context'>): Promise<number> {
  const { db, log } = core.context;
  const orphans = await db
    .selectFrom('ledger_command as c')
    .select(['c.id', 'c.body'])
    .where('c.kind', '=', 'withdrawalHold')
    .where('c.ok', '=', 1)
    .where('c.id', 'like', 'withdrawal:%')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('wallet_withdrawal as w').select('w.id').where(sql<boolean>`${sql.lit('withdrawal:')} || w.id = c.id`))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_command as r').select('r.seq').where(sql<boolean>`r.id = ${sql.lit('withdrawal-release:')} || substr(c.id, 12)`))),
    )
    .execute();
  for (const orphan of orphans) {
    const { command } = decodeJson<{ command: WithdrawalHold }>(String(orphan.body));
    const id = String(orphan.id).slice('withdrawal:'.length);
    const result = await core.submit({ ...command, kind: 'withdrawalRelease', id: `withdrawal-release:${id}`, at: core.context.now().getTime() });
    log.warn(`withdrawal ${id}: the server stopped before recording it; the held amount was ${result.ok ? 'returned' : 'not returned'}`);
  }
  return orphans.length;
}
