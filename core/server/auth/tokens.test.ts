import { describe, expect, it } from 'vitest';
import { RevokedSessions } from './revoked-sessions';
import { createTokenVerifier, issueAccessToken } from './tokens';

const SECRET = 's'.repeat(64);
const NOW = 1_700_000_000;

function issue(lifetimeSeconds = 60) {
  return issueAccessToken({ kind: 'user', id: 'u1', sessionId: 'session-1' }, SECRET, { nowSeconds: NOW, lifetimeSeconds }).token;
}

describe('createTokenVerifier', () => {
  it('verifies a token once and answers its repeats from memory, each time a fresh principal', () => {
    const verify = createTokenVerifier(SECRET);
    const token = issue();
    const first = verify(`bearer ${token}`, NOW);
    expect(first).toEqual({ kind: 'user', id: 'u1', sessionId: 'session-1' });
    first!.id = 'changed by a caller';
    expect(verify(`bearer ${token}`, NOW + 1)).toEqual({ kind: 'user', id: 'u1', sessionId: 'session-1' });
    expect(verify(token, NOW)).toEqual({ kind: 'user', id: 'u1', sessionId: 'session-1' });
  });

  it('refuses a remembered token once it has expired', () => {
    const verify = createTokenVerifier(SECRET);
    const token = issue(60);
    expect(verify(token, NOW + 59)).not.toBeNull();
    expect(verify(token, NOW + 60)).toBeNull();
    expect(verify(token, NOW + 30)).not.toBeNull();
  });

  it('refuses a bad signature or another secret every time', () => {
    const verify = createTokenVerifier(SECRET);
    const token = issue();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(verify(forged, NOW)).toBeNull();
    expect(verify(forged, NOW)).toBeNull();
    expect(createTokenVerifier('t'.repeat(64))(token, NOW)).toBeNull();
    expect(verify('', NOW)).toBeNull();
    expect(verify(undefined, NOW)).toBeNull();
  });

  it('stays bounded: past its capacity it starts over and still verifies', () => {
    const verify = createTokenVerifier(SECRET, 2);
    const tokens = ['a', 'b', 'c'].map((id) => issueAccessToken({ kind: 'user', id }, SECRET, { nowSeconds: NOW }).token);
    for (const token of tokens) expect(verify(token, NOW)?.id).toBeDefined();
    expect(tokens.map((token) => verify(token, NOW)?.id)).toEqual(['a', 'b', 'c']);
  });

  it('a remembered token of a revoked session is refused by the revocation check that follows it', async () => {
    const verify = createTokenVerifier(SECRET);
    const inserted: unknown[] = [];
    const db = {
      insertInto: () => ({ values: (row: unknown) => ({ onConflict: () => ({ execute: async () => inserted.push(row) }) }) }),
    };
    const revoked = new RevokedSessions(db as never, () => NOW);
    const token = issue();
    expect(revoked.admit(verify(token, NOW))).not.toBeNull();
    await revoked.revoke('session-1', new Date((NOW + 60) * 1000));
    expect(inserted).toHaveLength(1);
    expect(revoked.admit(verify(token, NOW))).toBeNull();
  });
});
