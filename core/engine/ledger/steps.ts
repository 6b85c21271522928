import type { LedgerCommand } from './commands';
import type { CommandResult } from './events';

/**
 * Internal steps: postings another engine (the spot engine) books for one of its own commands. The ledger
 * keeps no id or result per step; a step's id is derived from its owner command's id, its position among that
 * command's steps and its kind: `s:<owner id>:<n><h|r|t>` (hold, release, settle), and the owner answers which
 * ledger sequence numbers its command took.
 */
export type StepKind = 'hold' | 'release' | 'settle';

const LETTERS: Record<StepKind, string> = { hold: 'h', release: 'r', settle: 't' };
const KINDS: Record<string, StepKind> = { h: 'hold', r: 'release', t: 'settle' };
const STEP_RE = /^([1-9][0-9]{0,8})([hrt])$/;

/** The engine whose commands own steps. */
export interface StepOwner {
  /** The ledger sequence numbers (from, to] the steps of the owner's command `id` took, if it was applied. */
  stepRange(id: string): { from: number; to: number } | undefined;
  /** The ledger sequence number of the owner's last step (0: none). */
  readonly lastStepSeq: number;
}

/** Builds the logged command of a step (only while a journal records it for the database). */
export interface StepSource {
  describeStep(seq: number, kind: StepKind): LedgerCommand;
}

export function stepId(ownerId: string, n: number, kind: StepKind): string {
  return `s:${ownerId}:${n}${LETTERS[kind]}`;
}

export function parseStepId(id: string): { ownerId: string; n: number; kind: StepKind } | undefined {
  if (!id.startsWith('s:')) return undefined;
  const colon = id.lastIndexOf(':');
  if (colon < 2) return undefined;
  const match = STEP_RE.exec(id.slice(colon + 1));
  if (!match) return undefined;
  return { ownerId: id.slice(2, colon), n: Number(match[1]), kind: KINDS[match[2]!]! };
}

/** The result a step stands for, without its posting (what a repeat or a look-up of its id answers). */
export function stepResult(owner: StepOwner | undefined, id: string): CommandResult | undefined {
  if (!owner) return undefined;
  const step = parseStepId(id);
  const range = step && owner.stepRange(step.ownerId);
  if (!step || !range || range.from + step.n > range.to) return undefined;
  return { ok: true, seq: range.from + step.n, id, kind: step.kind, duplicate: false, events: [] };
}

