import { describe, expect, it } from 'vitest';
import { BILL_KINDS } from '../shared/types';
import { BILL_RULES, billKindFilter, billKindOf, matches, type EntryFacts } from './bill-kinds';

const facts = (command: string, bucket: 'available' | 'frozen', negative: boolean, line = 1): EntryFacts => ({ command, bucket, negative, line });

describe('billKindOf', () => {
  it('names the lines of every ledger command', () => {
    expect(billKindOf(facts('depositCredit', 'available', false, 2))).toBe('deposit');
    expect(billKindOf(facts('withdrawalHold', 'available', true, 1))).toBe('withdrawal');
    expect(billKindOf(facts('withdrawalHold', 'frozen', false, 2))).toBe('freeze');
    expect(billKindOf(facts('withdrawalSettle', 'frozen', true, 1))).toBe('withdrawal');
    expect(billKindOf(facts('withdrawalRelease', 'frozen', true, 1))).toBe('unfreeze');
    expect(billKindOf(facts('withdrawalRelease', 'available', false, 2))).toBe('withdrawalReturn');
    expect(billKindOf(facts('transfer', 'available', true, 1))).toBe('transferOut');
    expect(billKindOf(facts('transfer', 'available', false, 2))).toBe('transferIn');
    expect(billKindOf(facts('transfer', 'available', true, 3))).toBe('bonusClawback');
    expect(billKindOf(facts('hold', 'available', true))).toBe('freeze');
    expect(billKindOf(facts('hold', 'frozen', false, 2))).toBe('freeze');
    expect(billKindOf(facts('release', 'frozen', true))).toBe('unfreeze');
    expect(billKindOf(facts('settle', 'available', false))).toBe('trade');
    expect(billKindOf(facts('bonusCredit', 'available', false, 2))).toBe('bonus');
    expect(billKindOf(facts('somethingNew', 'available', false))).toBe('other');
  });

  it('uses only wire bill kinds', () => {
    for (const rule of BILL_RULES) expect(BILL_KINDS).toContain(rule.kind);
  });
});

describe('billKindFilter', () => {
  // every combination a line can have, to check that the filter selects exactly the lines billKindOf names
  const commands = [...new Set(BILL_RULES.map((rule) => rule.command)), 'somethingNew'];
  const all: EntryFacts[] = commands.flatMap((command) =>
    (['available', 'frozen'] as const).flatMap((bucket) => [true, false].flatMap((negative) => [1, 2, 3, 4].map((line) => facts(command, bucket, negative, line)))),
  );
  const selects = (kind: (typeof BILL_KINDS)[number], line: EntryFacts) => {
    const filter = billKindFilter(kind);
    if (filter.otherThan) return !(filter.otherThan as string[]).includes(line.command);
    return filter.rules.some(({ rule, unless }) => matches(rule, line) && !unless.some((earlier) => matches(earlier, line)));
  };

  it.each([...BILL_KINDS])('selects exactly the lines named %s', (kind) => {
    for (const line of all) expect(selects(kind, line), JSON.stringify(line)).toBe(billKindOf(line) === kind);
  });
});
