import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { computeAddress, hexlify } from 'ethers';

/**
 * The wallet's keys: one BIP-39 seed, BIP-44 paths. Deposit addresses are m/44'/<coin>'/0'/0/<index> (coin 60 on
 * EVM chains, 1 — "testnet" — on the devnet), hot wallets m/44'/<coin>'/1'/0/0, so a deposit key never pays out.
 */
export const EVM_COIN_TYPE = 60;
export const DEVNET_COIN_TYPE = 1;
export const MAX_HD_INDEX = 2 ** 31 - 1;
export const SEED_FILE = 'wallet-seed';

export const depositPath = (coinType: number, index: number) => `m/44'/${coinType}'/0'/0/${checkIndex(index)}`;
export const hotWalletPath = (coinType: number) => `m/44'/${coinType}'/1'/0/0`;

function checkIndex(index: number): number {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_HD_INDEX) throw new RangeError(`HD index must be an integer in 0..${MAX_HD_INDEX}, got ${index}`);
  return index;
}

export interface SeedSource {
  /** BIP-39 seed bytes (64), what the chain adapters derive their keys from. */
  seed: Uint8Array;
  /** Where the mnemonic came from. */
  from: 'env' | 'file' | 'generated';
}

/**
 * The wallet seed: WALLET_MNEMONIC when set, otherwise a mnemonic generated once and kept in <dataDir>/wallet-seed
 * (mode 0600). Production must set WALLET_MNEMONIC (and keep it offline): the file lives beside the database.
 */
export function loadWalletSeed(dataDir: string, env: Record<string, string | undefined>, warn: (message: string) => void): SeedSource {
  const fromEnv = env.WALLET_MNEMONIC?.trim().replace(/\s+/g, ' ');
  if (fromEnv) {
    if (!validateMnemonic(fromEnv, wordlist)) throw new Error('WALLET_MNEMONIC is not a valid BIP-39 English mnemonic');
    return { seed: mnemonicToSeedSync(fromEnv), from: 'env' };
  }
  const file = join(dataDir, SEED_FILE);
  let from: SeedSource['from'] = 'file';
  if (!existsSync(file)) {
    try {
      // 'wx': never overwrite a seed another process wrote meanwhile
      writeFileSync(file, `${generateMnemonic(wordlist, 256)}\n`, { mode: 0o600, flag: 'wx' });
      from = 'generated';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const mnemonic = readFileSync(file, 'utf8').trim();
  if (!validateMnemonic(mnemonic, wordlist)) throw new Error(`${file} does not hold a valid BIP-39 English mnemonic`);
  warn(`wallet seed ${from === 'generated' ? 'generated in' : 'read from'} ${file}; production must set WALLET_MNEMONIC`);
  return { seed: mnemonicToSeedSync(mnemonic), from };
}

/** Keys and EVM-format addresses of one coin type, with the deposit branch and addresses cached. */
export class HdKeys {
  private readonly root: HDKey;
  private readonly depositBranch: HDKey;
  private readonly addresses = new Map<number, string>();

  constructor(
    seed: Uint8Array,
    readonly coinType: number,
  ) {
    this.root = HDKey.fromMasterSeed(seed);
    this.depositBranch = this.root.derive(`m/44'/${coinType}'/0'/0`);
  }

  /** Private key (32 bytes) of the deposit address at an index. */
  depositKey(index: number): Uint8Array {
    return privateKeyOf(this.depositBranch.deriveChild(checkIndex(index)));
  }

  /** Checksummed address of the deposit key at an index. */
  depositAddress(index: number): string {
    let address = this.addresses.get(index);
    if (address === undefined) {
      address = addressOf(this.depositBranch.deriveChild(checkIndex(index)));
      this.addresses.set(index, address);
    }
    return address;
  }

  hotWalletKey(): Uint8Array {
    return privateKeyOf(this.root.derive(hotWalletPath(this.coinType)));
  }

  hotWalletAddress(): string {
    return addressOf(this.root.derive(hotWalletPath(this.coinType)));
  }
}

/** Private key at any path of the seed (what an adapter signs with). */
export function privateKeyAt(seed: Uint8Array, path: string): Uint8Array {
  return privateKeyOf(HDKey.fromMasterSeed(seed).derive(path));
}

function privateKeyOf(key: HDKey): Uint8Array {
  if (!key.privateKey) throw new Error('HD key has no private key');
  return key.privateKey;
}

function addressOf(key: HDKey): string {
  if (!key.publicKey) throw new Error('HD key has no public key');
  return computeAddress(hexlify(key.publicKey));
}
