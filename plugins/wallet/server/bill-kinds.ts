import type { Bucket, CommandKind } from '../../../core/engine';
import type { BillKind } from '../shared/types';

/** What a ledger line of a member says about itself (a row of ledger_entry). */
export interface EntryFacts {
  /** Kind of the ledger command that posted it. */
  command: string;
  bucket: Bucket;
  negative: boolean;
  /** Position of the line in its posting (1-based, system lines counted). */
  line: number;
}

/** A rule: the lines of `command` (narrowed by bucket, sign or line) are bills of `kind`. */
export interface BillRule {
  command: CommandKind;
  bucket?: Bucket;
  negative?: boolean;
  line?: number;
  kind: BillKind;
}

/**
 * Bill kinds of ledger lines, first matching rule wins. Every bucket keeps its own bills, so the bills of a bucket
 * add up to its balance: a withdrawal leaves `available` when it is held (withdrawal) and parks the amount in
 * `frozen` (freeze), which it leaves when paid out (withdrawal) or returns from when cancelled or rejected
 * (unfreeze, and withdrawalReturn in `available`). A transfer out of the contract account that claws back
 * experience gold posts the claw-back as the third line.
 */
export const BILL_RULES: readonly BillRule[] = [
  { command: 'depositCredit', kind: 'deposit' },
  { command: 'withdrawalHold', bucket: 'available', kind: 'withdrawal' },
  { command: 'withdrawalHold', bucket: 'frozen', kind: 'freeze' },
  { command: 'withdrawalSettle', kind: 'withdrawal' },
  { command: 'withdrawalRelease', bucket: 'available', kind: 'withdrawalReturn' },
  { command: 'withdrawalRelease', bucket: 'frozen', kind: 'unfreeze' },
  { command: 'transfer', line: 3, kind: 'bonusClawback' },
  { command: 'transfer', negative: true, kind: 'transferOut' },
  { command: 'transfer', negative: false, kind: 'transferIn' },
  { command: 'hold', kind: 'freeze' },
  { command: 'release', kind: 'unfreeze' },
  { command: 'settle', kind: 'trade' },
  { command: 'bonusCredit', kind: 'bonus' },
];

export function matches(rule: BillRule, facts: EntryFacts): boolean {
  return (
    rule.command === facts.command &&
    (rule.bucket === undefined || rule.bucket === facts.bucket) &&
    (rule.negative === undefined || rule.negative === facts.negative) &&
    (rule.line === undefined || rule.line === facts.line)
  );
}

export function billKindOf(facts: EntryFacts): BillKind {
  return BILL_RULES.find((rule) => matches(rule, facts))?.kind ?? 'other';
}

/**
 * The lines of one bill kind as a filter: each rule of that kind, minus the earlier rules of the same command
 * (which take their lines first). `other` is every command no rule names; kinds without rules match nothing.
 */
export function billKindFilter(kind: BillKind): { rules: Array<{ rule: BillRule; unless: BillRule[] }>; otherThan?: CommandKind[] } {
  if (kind === 'other') return { rules: [], otherThan: [...new Set(BILL_RULES.map((rule) => rule.command))] };
  return {
    rules: BILL_RULES.flatMap((rule, index) =>
      rule.kind === kind ? [{ rule, unless: BILL_RULES.slice(0, index).filter((earlier) => earlier.command === rule.command) }] : [],
    ),
  };
}
