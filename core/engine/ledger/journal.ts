import type { Balance } from './balances';
import type { LedgerCommand } from './commands';
import type { CommandResult } from './events';

export interface AppliedCommand {
  command: LedgerCommand;
  result: CommandResult;
}

/** A changed account and its balances at the moment its batch was sealed. */
export interface BalanceChange {
  account: string;
  balance: Balance;
}

/**
 * What the engine changed since the journal was opened: the commands it recorded and, for every account
 * it touched, the balance before the first change — enough to persist the batch or to undo it.
 */
export class Journal {
  readonly records: AppliedCommand[] = [];
  /** Balance before the first change in this journal (undefined: the account did not exist). */
  readonly before = new Map<string, Balance | undefined>();
  sealed = false;
  changes: BalanceChange[] = [];

  constructor(readonly seqBefore: number) {}

  /** Keeps an account's balance before its first change in this journal. */
  keep(account: string, balance: Readonly<Balance> | undefined): void {
    if (!this.before.has(account)) this.before.set(account, balance ? { ...balance } : undefined);
  }
}
