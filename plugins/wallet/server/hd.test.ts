import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDNodeWallet, computeAddress, hexlify, SigningKey } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVNET_COIN_TYPE, EVM_COIN_TYPE, HdKeys, depositPath, hotWalletPath, loadWalletSeed, privateKeyAt, SEED_FILE } from './hd';

// The BIP-39 test mnemonic; its first Ethereum account is a well-known address.
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const FIRST_ETH_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const seed = mnemonicToSeedSync(MNEMONIC);

describe('HD keys', () => {
  it('derives the standard Ethereum account at m/44\'/60\'/0\'/0/0', () => {
    expect(new HdKeys(seed, EVM_COIN_TYPE).depositAddress(0)).toBe(FIRST_ETH_ADDRESS);
  });

  it('agrees with ethers on deposit and hot wallet keys', () => {
    const keys = new HdKeys(seed, EVM_COIN_TYPE);
    const root = HDNodeWallet.fromSeed(seed);
    for (const index of [1, 7, 1000, 2 ** 31 - 1]) {
      const node = root.derivePath(depositPath(EVM_COIN_TYPE, index));
      expect(keys.depositAddress(index)).toBe(node.address);
      expect(hexlify(keys.depositKey(index))).toBe(node.privateKey);
    }
    const hot = root.derivePath("m/44'/60'/1'/0/0");
    expect(keys.hotWalletAddress()).toBe(hot.address);
    expect(hexlify(keys.hotWalletKey())).toBe(hot.privateKey);
    expect(hexlify(privateKeyAt(seed, hotWalletPath(EVM_COIN_TYPE)))).toBe(hot.privateKey);
  });

  it('keeps deposit addresses, hot wallets and chains apart', () => {
    const evm = new HdKeys(seed, EVM_COIN_TYPE);
    const devnet = new HdKeys(seed, DEVNET_COIN_TYPE);
    const addresses = new Set([evm.depositAddress(0), evm.depositAddress(1), evm.hotWalletAddress(), devnet.depositAddress(0), devnet.depositAddress(1), devnet.hotWalletAddress()]);
    expect(addresses.size).toBe(6);
    expect(depositPath(DEVNET_COIN_TYPE, 3)).toBe("m/44'/1'/0'/0/3");
    // an address is the one of its key, checksummed
    const key = devnet.depositKey(5);
    expect(devnet.depositAddress(5)).toBe(computeAddress(new SigningKey(hexlify(key)).publicKey));
    expect(devnet.depositAddress(5)).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('refuses indexes outside 0..2^31-1', () => {
    const keys = new HdKeys(seed, EVM_COIN_TYPE);
    for (const index of [-1, 2 ** 31, 1.5, Number.NaN]) expect(() => keys.depositAddress(index)).toThrow(RangeError);
  });
});

describe('loadWalletSeed', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-seed-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses WALLET_MNEMONIC when set, without a warning or a file', () => {
    const dir = tempDir();
    const warnings: string[] = [];
    const loaded = loadWalletSeed(dir, { WALLET_MNEMONIC: `  ${MNEMONIC.replace(/ /g, '  ')} ` }, (m) => warnings.push(m));
    expect(loaded.from).toBe('env');
    expect(hexlify(loaded.seed)).toBe(hexlify(seed));
    expect(warnings).toEqual([]);
    expect(() => statSync(join(dir, SEED_FILE))).toThrow();
  });

  it('refuses an invalid mnemonic', () => {
    expect(() => loadWalletSeed(tempDir(), { WALLET_MNEMONIC: 'abandon abandon abandon' }, () => undefined)).toThrow(/WALLET_MNEMONIC/);
    expect(() => loadWalletSeed(tempDir(), { WALLET_MNEMONIC: MNEMONIC.replace('about', 'abandon') }, () => undefined)).toThrow(/WALLET_MNEMONIC/);
  });

  it('generates a mnemonic once into <dataDir>/wallet-seed (mode 0600) and warns', () => {
    const dir = tempDir();
    const warnings: string[] = [];
    const first = loadWalletSeed(dir, {}, (m) => warnings.push(m));
    expect(first.from).toBe('generated');
    const file = join(dir, SEED_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().split(' ')).toHaveLength(24);
    const second = loadWalletSeed(dir, {}, (m) => warnings.push(m));
    expect(second.from).toBe('file');
    expect(hexlify(second.seed)).toBe(hexlify(first.seed));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/WALLET_MNEMONIC/);
    // another data dir gets another seed
    expect(hexlify(loadWalletSeed(tempDir(), {}, () => undefined).seed)).not.toBe(hexlify(first.seed));
  });
});
