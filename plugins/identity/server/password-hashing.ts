import { randomBytes } from 'node:crypto';
import { hashPassword as hashWithCost, verifyPassword, type PasswordHashing } from '../../../core/server';

export type Argon2Cost = PasswordHashing;
export { verifyPassword };

/**
 * argon2id cost of member passwords: 32 MiB, 3 passes, 1 lane. Measured with bench-password-hashing.ts on
 * the 2-core host: median 64-66 ms CPU per hash and 66-67 ms per verify when quiet, 74-75 ms under load —
 * within the budget of 100 ms CPU per login, with room for a slower core.
 */
export const MEMBER_PASSWORD_COST: Argon2Cost = { memoryCost: 32_768, timeCost: 3, parallelism: 1 };

export function hashPassword(password: string, cost: Argon2Cost = MEMBER_PASSWORD_COST): Promise<string> {
  return hashWithCost(password, cost);
}

/**
 * Verifies against a hash of a random string when the account is unknown, so an unknown account costs
 * the same time as a wrong password. Always false.
 */
export function createDummyVerifier(cost: Argon2Cost = MEMBER_PASSWORD_COST): (password: string) => Promise<false> {
  let dummy: Promise<string> | undefined;
  return async (password) => {
    dummy ??= hashPassword(randomBytes(24).toString('base64url'), cost);
    await verifyPassword(await dummy, password);
    return false;
  };
}
