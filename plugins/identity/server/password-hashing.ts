import argon2 from 'argon2';

export interface Argon2Cost {
  /** KiB of memory. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id cost of member passwords: 32 MiB, 3 passes, 1 lane. Measured on the 2-core host this was
 * tuned on (bench-password-hashing.ts): median 74 ms CPU per hash and 75 ms per verify, within the
 * budget of 100 ms CPU per login.
 */
export const MEMBER_PASSWORD_COST: Argon2Cost = { memoryCost: 32_768, timeCost: 3, parallelism: 1 };

export function hashPassword(password: string, cost: Argon2Cost = MEMBER_PASSWORD_COST): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Verifies against a hash of a random string when the account is unknown, so an unknown account costs
 * the same time as a wrong password. Always false.
 */
export function createDummyVerifier(cost: Argon2Cost = MEMBER_PASSWORD_COST): (password: string) => Promise<false> {
  let dummy: Promise<string> | undefined;
  return async (password) => {
    dummy ??= hashPassword(`no account ${Math.random()}`, cost);
    await verifyPassword(await dummy, password);
    return false;
  };
}
