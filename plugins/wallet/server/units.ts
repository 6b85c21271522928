import { parseDecimal, rescale } from '../../../core/shared';
import type { NetworkConfig } from './core-types';
import { NATIVE_ASSET } from './chains/types';

/**
 * Minor units of a configured decimal (fees, minimums). Trailing zeros beyond the scale are accepted, since
 * PostgreSQL pads numeric columns ("0.010000000000000000").
 */
export function configuredMinor(value: string, scale: number): bigint {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return parseDecimal(trimmed, scale);
}

/** The asset a network moves, as the chain adapters name it: `native` or the token contract in lower case. */
export function networkAsset(network: Pick<NetworkConfig, 'contractAddress'>): string {
  return network.contractAddress ? network.contractAddress.toLowerCase() : NATIVE_ASSET;
}

/** On-chain base units → ledger minor units, truncated: dust below the currency's scale stays on chain. */
export function chainToLedger(amount: bigint, chainDecimals: number, scale: number): bigint {
  return rescale(amount, chainDecimals, scale, 'down');
}

/** Ledger minor units → on-chain base units, or null when the chain cannot carry that many decimals. */
export function ledgerToChain(amount: bigint, scale: number, chainDecimals: number): bigint | null {
  const onChain = rescale(amount, scale, chainDecimals, 'down');
  return rescale(onChain, chainDecimals, scale, 'down') === amount ? onChain : null;
}

/** A unique-index violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(message ?? '');
}

export const toBigInt = (value: string | number | bigint) => BigInt(String(value));
