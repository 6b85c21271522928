import { describe, expect, it } from 'vitest';
import type { Principal } from '../../plugin-api';
import { TopicRules, addBuiltInRules } from './topic-rules';

const user42: Principal = { kind: 'user', id: '42' };
const operator42: Principal = { kind: 'operator', id: '42' };

function builtIn(): TopicRules {
  const rules = new TopicRules();
  addBuiltInRules(rules);
  return rules;
}

describe('TopicRules', () => {
  it('lets everybody read the public topics, and only those exact topics', async () => {
    const rules = builtIn();
    expect(await rules.allows(null, 'index')).toBe(true);
    expect(await rules.allows(user42, 'all_symbol_detail')).toBe(true);
    expect(await rules.allows(null, 'index_secret')).toBe(false);
  });

  it('gives a member their own refresh channel only', async () => {
    const rules = builtIn();
    expect(await rules.allows(user42, 'refresh_42')).toBe(true);
    expect(await rules.allows(user42, 'refresh_43')).toBe(false);
    expect(await rules.allows(user42, 'refresh_420')).toBe(false);
    expect(await rules.allows(null, 'refresh_42')).toBe(false);
    expect(await rules.allows(operator42, 'refresh_42')).toBe(false);
  });

  it('denies topics without a rule and any wildcard', async () => {
    const rules = builtIn();
    rules.add('market.', () => true);
    expect(await rules.allows(null, 'unknown')).toBe(false);
    expect(await rules.allows(null, 'market.#')).toBe(false);
    expect(await rules.allows(null, 'market.+.ticker')).toBe(false);
    expect(await rules.allows(user42, '#')).toBe(false);
    expect(await rules.allows(null, '')).toBe(false);
    expect(await rules.allows(null, 'market.btc_usdt.ticker')).toBe(true);
  });

  it('lets the longest matching prefix decide, async rules included', async () => {
    const rules = builtIn();
    rules.add('refresh_m', async (principal, topic) => principal?.id === '7' && topic === 'refresh_m7');
    expect(rules.ruleFor('refresh_m7')).toBe('refresh_m');
    expect(rules.ruleFor('refresh_7')).toBe('refresh_');
    expect(await rules.allows({ kind: 'user', id: '7' }, 'refresh_m7')).toBe(true);
    // The longer prefix decides even where the shorter one would have allowed.
    expect(await rules.allows({ kind: 'user', id: 'm7' }, 'refresh_m7')).toBe(false);
  });

  it('refuses a second rule for the same prefix', () => {
    const rules = builtIn();
    expect(() => rules.add('refresh_', () => true)).toThrow(/already registered/);
  });
});
