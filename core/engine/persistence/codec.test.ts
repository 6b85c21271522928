import { describe, expect, it } from 'vitest';
import type { LedgerCommand } from '../ledger/commands';
import { LedgerEngine } from '../ledger/engine';
import { decodeJson, encodeApplied, encodeJson } from './codec';

describe('ledger codec', () => {
  it('round-trips bigints exactly and the hand-written encoder matches the generic one', () => {
    const engine = new LedgerEngine([{ code: 'USDT', scale: 18 }]);
    const commands: LedgerCommand[] = [
      { id: 'a"1', at: 1, kind: 'bonusCredit', userId: 'u1', currency: 'USDT', amount: '123456789012345678.123456789012345678' },
      { id: 'b', at: 2, kind: 'transfer', userId: 'u1', currency: 'USDT', amount: '1', from: 'contract', to: 'coin' },
      { id: 'c', at: 3, kind: 'depositCredit', userId: 'u1', currency: 'USDT', amount: '5', accountType: 'contract' },
      { id: 'd', at: 4, kind: 'transfer', userId: 'u1', currency: 'USDT', amount: '1', from: 'contract', to: 'coin' },
    ];
    for (const command of commands) {
      const result = engine.apply(command);
      const text = encodeApplied(command, result);
      expect(text).toBe(encodeJson({ command, result }));
      expect(decodeJson(text)).toEqual({ command, result });
    }
    expect(engine.resultOf('d')).toMatchObject({ ok: true });
    expect(engine.resultOf('b')).toMatchObject({ ok: false, reason: 'bonusNotTransferable' });
  });
});
