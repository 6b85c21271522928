import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Principal } from '../../plugin-api';
import { TOKEN_LIFETIME_S } from '../../shared/constants';

/**
 * Access tokens: compact JWTs signed with HMAC-SHA256 (HS256). The payload names the principal,
 * its session (token family) and the issue/expiry times in seconds.
 */
export interface AccessTokenClaims {
  sub: string;
  kind: Principal['kind'];
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function issueAccessToken(
  principal: Principal,
  secret: string,
  options: { nowSeconds: number; lifetimeSeconds?: number },
): { token: string; claims: AccessTokenClaims } {
  const claims: AccessTokenClaims = {
    sub: principal.id,
    kind: principal.kind,
    sid: principal.sessionId ?? randomUUID(),
    iat: options.nowSeconds,
    exp: options.nowSeconds + (options.lifetimeSeconds ?? TOKEN_LIFETIME_S),
  };
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return { token: `${body}.${sign(body, secret)}`, claims };
}

/** Returns the principal of a valid, unexpired token, else null. Accepts an optional "bearer " prefix. */
export function verifyAccessToken(raw: string | undefined | null, secret: string, nowSeconds: number): Principal | null {
  return verifiedToken(raw, secret, nowSeconds)?.principal ?? null;
}

/**
 * verifyAccessToken that remembers the tokens it verified (by the raw text given), so that a client sending the
 * same token again skips the signature check and the payload decoding. Expiry is checked on every call;
 * revocation is the caller's check after this one (RevokedSessions.admit), as for verifyAccessToken. At most
 * `capacity` tokens are remembered: when full, it starts over.
 */
export function createTokenVerifier(secret: string, capacity = 10_000): (raw: string | undefined | null, nowSeconds: number) => Principal | null {
  const verified = new Map<string, VerifiedToken>();
  return (raw, nowSeconds) => {
    if (!raw) return null;
    let token = verified.get(raw);
    if (!token) {
      token = verifiedToken(raw, secret, nowSeconds) ?? undefined;
      if (!token) return null;
      if (verified.size >= capacity) verified.clear();
      verified.set(raw, token);
    }
    if (token.exp <= nowSeconds) {
      verified.delete(raw);
      return null;
    }
    return { ...token.principal };
  };
}

interface VerifiedToken {
  principal: Principal;
  exp: number;
}

function verifiedToken(raw: string | undefined | null, secret: string, nowSeconds: number): VerifiedToken | null {
  if (!raw) return null;
  const token = raw.replace(/^bearer\s+/i, '').trim();
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: AccessTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  if (claims.kind !== 'user' && claims.kind !== 'operator') return null;
  return { principal: { kind: claims.kind, id: String(claims.sub), sessionId: claims.sid }, exp: claims.exp };
}
