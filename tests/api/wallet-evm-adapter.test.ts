// The EVM chain adapter against a real local node (anvil): deposits, confirmations, reorgs, payouts, sweeps.
import { randomBytes } from 'node:crypto';
import { HDNodeWallet, JsonRpcProvider, Mnemonic, Network, parseEther, type Contract, type JsonRpcSigner } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvmAdapter } from '../../plugins/wallet/server/chains/evm';
import { NATIVE_ASSET, type ChainAdapter } from '../../plugins/wallet/server/chains/types';
import { ANVIL_ACCOUNT_0, minedReceipt, startAnvil, startRpcProxy, type Anvil, type RpcCall } from '../support/anvil';
import { deployTestToken } from '../support/erc20';

const OUTSIDER = '0x000000000000000000000000000000000000dEaD';
/** Runtime code that always reverts (PUSH1 0 PUSH1 0 REVERT): a value transfer to it fails on chain. */
const REVERTING_CODE = '0x60006000fd';

let anvil: Anvil;
let provider: JsonRpcProvider;
let funder: JsonRpcSigner;
let adapter: ChainAdapter;
let token: Contract;
let tokenAsset: string;
let hotWallet: string;
const seed = randomBytes(64);
const suiteStarted = performance.now();

const watch = (...indexes: number[]) => new Set(indexes.map((index) => adapter.depositAddress(index)));
const mined = (hash: string) => minedReceipt(provider, hash);

async function fund(to: string, value: bigint): Promise<{ hash: string; block: bigint }> {
  const tx = await funder.sendTransaction({ to, value });
  return { hash: tx.hash, block: BigInt((await mined(tx.hash)).blockNumber) };
}

async function tokenTransfer(to: string, amount: bigint): Promise<{ hash: string; block: bigint }> {
  const tx = await token.transfer(to, amount);
  return { hash: tx.hash, block: BigInt((await mined(tx.hash)).blockNumber) };
}

/** The hot wallet key at m/44'/60'/1'/0/<index>, derived here independently of the adapter. */
const hotKey = (index = 0) => HDNodeWallet.fromSeed(seed).derivePath(`m/44'/60'/1'/0/${index}`).connect(provider);
const tokenBalance = async (address: string): Promise<bigint> => token.balanceOf(address);
const nonceOf = async (hash: string) => (await provider.getTransaction(hash))!.nonce;

beforeAll(async () => {
  anvil = await startAnvil();
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { staticNetwork: Network.from(anvil.chainId), cacheTimeout: -1, pollingInterval: 50 });
  funder = await provider.getSigner(ANVIL_ACCOUNT_0);
  adapter = await createEvmAdapter({ rpcUrl: anvil.rpcUrl, seed, pollIntervalMs: 50 });
  token = await deployTestToken(funder);
  tokenAsset = (await token.getAddress()).toLowerCase();
  await mined((await token.mint(ANVIL_ACCOUNT_0, 1_000_000_000_000n)).hash);
  hotWallet = hotKey().address;
  await fund(hotWallet, parseEther('10'));
  await tokenTransfer(hotWallet, 5_000_000n);
});

afterAll(async () => {
  await adapter?.close?.();
  provider?.destroy();
  await anvil?.stop();
  console.info(`anvil started in ${anvil?.startMs} ms; EVM adapter suite took ${Math.round(performance.now() - suiteStarted)} ms`);
});

describe('EVM adapter: addresses', () => {
  it('derives deposit addresses at m/44\'/60\'/0\'/0/i and names the chain by its id', async () => {
    const wellKnown = Mnemonic.fromPhrase('test test test test test test test test test test test junk').computeSeed();
    const other = await createEvmAdapter({ rpcUrl: anvil.rpcUrl, seed: Buffer.from(wellKnown.slice(2), 'hex') });
    expect(other.chain).toBe('evm:31337');
    // The well-known test mnemonic's first two accounts are anvil's default accounts 0 and 1.
    expect(other.depositAddress(0)).toBe(ANVIL_ACCOUNT_0);
    expect(other.depositAddress(1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await other.close?.();
    expect(adapter.depositAddress(1)).not.toBe(adapter.depositAddress(2));
    expect(adapter.depositAddress(1)).not.toBe(hotWallet);
    expect(() => adapter.depositAddress(-1)).toThrow(RangeError);
    expect(() => adapter.depositAddress(2 ** 31)).toThrow(RangeError);
  });

  it('refuses to start without a reachable node', async () => {
    await expect(createEvmAdapter({ rpcUrl: 'http://127.0.0.1:1', seed })).rejects.toThrow();
  });

  it('normalizes addresses to checksummed form and refuses what is not one', () => {
    expect(adapter.normalizeAddress(ANVIL_ACCOUNT_0.toLowerCase())).toBe(ANVIL_ACCOUNT_0);
    expect(adapter.normalizeAddress(ANVIL_ACCOUNT_0.toUpperCase().replace('0X', '0x'))).toBe(ANVIL_ACCOUNT_0);
    expect(adapter.normalizeAddress(ANVIL_ACCOUNT_0.replace('f39F', 'F39f'))).toBeNull(); // wrong checksum
    expect(adapter.normalizeAddress(ANVIL_ACCOUNT_0.slice(2))).toBeNull();
    expect(adapter.normalizeAddress(`${ANVIL_ACCOUNT_0}00`)).toBeNull();
    expect(adapter.normalizeAddress('vitalik.eth')).toBeNull();
    expect(adapter.normalizeAddress('')).toBeNull();
  });
});

describe('EVM adapter: deposits', () => {
  it('finds a native transfer to a deposit address in its block, and only there', async () => {
    const deposit = adapter.depositAddress(1);
    const { hash, block } = await fund(deposit, parseEther('1.5'));
    const found = await adapter.transfersTo(watch(1, 2), [NATIVE_ASSET, tokenAsset], block, block);
    expect(found).toEqual([{ txHash: hash, index: 0, blockNumber: block, blockHash: await adapter.blockHash(block), to: deposit, asset: NATIVE_ASSET, amount: parseEther('1.5') }]);
    expect(await adapter.transfersTo(watch(2), [NATIVE_ASSET], block, block)).toEqual([]);
    expect(await adapter.transfersTo(watch(1), [tokenAsset], block, block)).toEqual([]);
    expect(await adapter.transfersTo(watch(1), [NATIVE_ASSET], block, block - 1n)).toEqual([]);
    await expect(adapter.transfersTo(watch(1), [NATIVE_ASSET], block, (await adapter.head()) + 5n)).rejects.toThrow(/not on the chain/);
    await expect(adapter.transfersTo(watch(1), ['USDT'], block, block)).rejects.toThrow(/not an EVM asset/);
  });

  it('ignores a value transfer whose transaction failed', async () => {
    const deposit = adapter.depositAddress(9);
    await anvil.rpc('anvil_setCode', [deposit, REVERTING_CODE]);
    const tx = await funder.sendTransaction({ to: deposit, value: parseEther('1'), gasLimit: 100_000n });
    const receipt = await mined(tx.hash);
    expect(receipt.status).toBe(0);
    const block = BigInt(receipt.blockNumber);
    expect(await adapter.transfersTo(watch(9), [NATIVE_ASSET], block, block)).toEqual([]);
    expect((await adapter.receipt(tx.hash)).status).toBe('failed');
  });

  it('finds an ERC-20 transfer with its amount and log index among other transfers of the block', async () => {
    const deposit = adapter.depositAddress(3);
    await anvil.rpc('evm_setAutomine', [false]);
    let toOutsider: string, toDeposit: string;
    try {
      toOutsider = (await token.transfer(OUTSIDER, 7n)).hash;
      toDeposit = (await token.transfer(deposit, 12_345_678n)).hash;
      await anvil.rpc('evm_mine', []);
    } finally {
      await anvil.rpc('evm_setAutomine', [true]);
    }
    const receipt = await mined(toDeposit);
    expect((await mined(toOutsider)).blockNumber).toBe(receipt.blockNumber);
    const block = BigInt(receipt.blockNumber);
    expect(receipt.logs[0].index).toBe(1);
    expect(await adapter.transfersTo(watch(3), [NATIVE_ASSET, tokenAsset], block, block)).toEqual([
      { txHash: toDeposit, index: 1, blockNumber: block, blockHash: receipt.blockHash, to: deposit, asset: tokenAsset, amount: 12_345_678n },
    ]);
    expect(await adapter.transfersTo(watch(3), [NATIVE_ASSET], block, block)).toEqual([]);
  });

  it('splits log queries into ranges of at most 2,000 blocks, as public nodes require', async () => {
    const blocksOf = (call: RpcCall) => {
      const { fromBlock, toBlock } = call.params[0] as { fromBlock: string; toBlock: string };
      return BigInt(toBlock) - BigInt(fromBlock) + 1n;
    };
    const node = await startRpcProxy(anvil.rpcUrl, (call) => (call.method === 'eth_getLogs' && blocksOf(call) > 2000n ? 'block range is too wide' : null));
    const limited = await createEvmAdapter({ rpcUrl: node.url, seed });
    try {
      const deposit = adapter.depositAddress(4);
      const first = await tokenTransfer(deposit, 1_000_000n);
      await anvil.rpc('anvil_mine', ['0x7d0']); // 2,000 empty blocks
      const second = await tokenTransfer(deposit, 2_000_000n);
      const found = await limited.transfersTo(watch(4), [tokenAsset.toUpperCase().replace('0X', '0x')], first.block, second.block);
      expect(found.map((transfer) => [transfer.txHash, transfer.blockNumber, transfer.amount])).toEqual([
        [first.hash, first.block, 1_000_000n],
        [second.hash, second.block, 2_000_000n],
      ]);
      expect(found.every((transfer) => transfer.asset === tokenAsset)).toBe(true);
      expect(node.refused).toEqual([]);
    } finally {
      await limited.close?.();
      await node.stop();
    }
  });

  it('counts confirmations from the head as blocks are mined', async () => {
    const { hash, block } = await fund(adapter.depositAddress(5), parseEther('0.1'));
    expect(await adapter.receipt(hash)).toEqual({ status: 'success', blockNumber: block, confirmations: 1 });
    await anvil.rpc('anvil_mine', ['0x5']);
    expect(await adapter.head()).toBe(block + 5n);
    expect(await adapter.receipt(hash)).toEqual({ status: 'success', blockNumber: block, confirmations: 6 });
    expect(await adapter.blockHash((await adapter.head()) + 1n)).toBeNull();
    expect(await adapter.blockHash(-1n)).toBeNull();
    expect(await adapter.receipt(`0x${'ab'.repeat(32)}`)).toEqual({ status: 'unknown', blockNumber: null, confirmations: 0 });
    expect((await adapter.receipt('not a hash')).status).toBe('unknown');
  });

  it('sees a reorg: the block hash changes and the orphaned transfer disappears', async () => {
    const deposit = adapter.depositAddress(6);
    const { hash, block } = await fund(deposit, parseEther('0.2'));
    await anvil.rpc('anvil_mine', ['0x2']);
    const before = await adapter.blockHash(block);
    expect(await adapter.transfersTo(watch(6), [NATIVE_ASSET], block, block)).toHaveLength(1);
    const head = await adapter.head();

    await anvil.rpc('anvil_reorg', [Number(head - block) + 1, []]);

    expect(await adapter.head()).toBe(head);
    expect(await adapter.blockHash(block)).not.toBe(before);
    expect(await adapter.blockHash(block - 1n)).not.toBeNull();
    expect(await adapter.transfersTo(watch(6), [NATIVE_ASSET], block, head)).toEqual([]);
    expect(await adapter.receipt(hash)).toEqual({ status: 'unknown', blockNumber: null, confirmations: 0 });
    expect(await provider.getBalance(deposit)).toBe(0n);
  });
});

describe('EVM adapter: payouts from the hot wallet', () => {
  it('sends the native coin and a token; a repeated id returns the first transaction', async () => {
    const coinBefore = await provider.getBalance(OUTSIDER);
    const tokenBefore = await tokenBalance(OUTSIDER);
    const native = await adapter.send({ id: 'payout-native', to: OUTSIDER.toLowerCase(), asset: NATIVE_ASSET, amount: parseEther('0.25') });
    const erc20 = await adapter.send({ id: 'payout-token', to: OUTSIDER, asset: tokenAsset, amount: 250_000n });
    await Promise.all([mined(native.txHash), mined(erc20.txHash)]);
    expect(await provider.getBalance(OUTSIDER)).toBe(coinBefore + parseEther('0.25'));
    expect(await tokenBalance(OUTSIDER)).toBe(tokenBefore + 250_000n);
    await anvil.rpc('anvil_mine', ['0x2']);
    for (const { txHash } of [native, erc20]) {
      const receipt = await adapter.receipt(txHash);
      expect(receipt.status).toBe('success');
      expect(receipt.confirmations).toBeGreaterThanOrEqual(3);
    }
    const count = await provider.getTransactionCount(hotWallet);
    expect(await adapter.send({ id: 'payout-native', to: OUTSIDER, asset: NATIVE_ASSET, amount: parseEther('0.25') })).toEqual(native);
    expect(await provider.getTransactionCount(hotWallet)).toBe(count);
    expect(await provider.getBalance(OUTSIDER)).toBe(coinBefore + parseEther('0.25'));
  });

  it('gives concurrent sends consecutive nonces', async () => {
    const sends = await Promise.all(
      ['a', 'b', 'c'].map((suffix, n) => adapter.send({ id: `concurrent-${suffix}`, to: adapter.depositAddress(20 + n), asset: n === 1 ? tokenAsset : NATIVE_ASSET, amount: 1000n })),
    );
    const nonces = await Promise.all(sends.map(({ txHash }) => nonceOf(txHash)));
    expect(nonces).toEqual([nonces[0], nonces[0] + 1, nonces[0] + 2]);
    for (const { txHash } of sends) expect((await adapter.receipt(txHash)).status).toBe('success');
    // A payment from the hot wallet to a deposit address (a withdrawal to another member) is a deposit.
    const blocks = await Promise.all(sends.map(async ({ txHash }) => BigInt((await mined(txHash)).blockNumber)));
    const seen = await adapter.transfersTo(watch(20, 21, 22), [NATIVE_ASSET, tokenAsset], blocks[0], blocks[2]);
    expect(seen.map((transfer) => [transfer.txHash, transfer.to, transfer.amount])).toEqual(sends.map(({ txHash }, n) => [txHash, adapter.depositAddress(20 + n), 1000n]));
  });

  it('reports a transaction the node holds but has not mined as pending', async () => {
    await anvil.rpc('evm_setAutomine', [false]);
    try {
      const { txHash } = await adapter.send({ id: 'payout-pending', to: OUTSIDER, asset: NATIVE_ASSET, amount: 1n });
      expect(await adapter.receipt(txHash)).toEqual({ status: 'pending', blockNumber: null, confirmations: 0 });
      await anvil.rpc('evm_mine', []);
      expect(await adapter.receipt(txHash)).toMatchObject({ status: 'success', confirmations: 1 });
    } finally {
      await anvil.rpc('evm_setAutomine', [true]);
    }
  });

  it('refuses what the hot wallet cannot cover or what is malformed, without burning a nonce', async () => {
    const last = await adapter.send({ id: 'before-refusals', to: OUTSIDER, asset: NATIVE_ASSET, amount: 1n });
    const coins = await provider.getBalance(hotWallet);
    const tokens = await tokenBalance(hotWallet);
    await expect(adapter.send({ id: 'too-much-coin', to: OUTSIDER, asset: NATIVE_ASSET, amount: coins + 1n })).rejects.toThrow();
    await expect(adapter.send({ id: 'too-much-token', to: OUTSIDER, asset: tokenAsset, amount: tokens + 1n })).rejects.toThrow();
    await expect(adapter.send({ id: 'bad-address', to: '0x1234', asset: NATIVE_ASSET, amount: 1n })).rejects.toThrow(/not an EVM address/);
    await expect(adapter.send({ id: 'zero', to: OUTSIDER, asset: NATIVE_ASSET, amount: 0n })).rejects.toThrow(/positive/);
    await expect(adapter.send({ id: 'bad-asset', to: OUTSIDER, asset: 'USDT', amount: 1n })).rejects.toThrow(/not an EVM asset/);
    expect(await tokenBalance(hotWallet)).toBe(tokens);

    // A refused id may be tried again, and the next payment takes the next nonce.
    const retried = await adapter.send({ id: 'too-much-token', to: OUTSIDER, asset: tokenAsset, amount: 1n });
    expect(await nonceOf(retried.txHash)).toBe((await nonceOf(last.txHash)) + 1);
    expect((await adapter.receipt(retried.txHash)).status).toBe('success');
  });

  it('pays from the hot wallet key chosen by hotWalletIndex', async () => {
    const second = hotKey(1).address;
    await fund(second, parseEther('1'));
    const other = await createEvmAdapter({ rpcUrl: anvil.rpcUrl, seed, hotWalletIndex: 1 });
    try {
      const { txHash } = await other.send({ id: 'from-second-hot-wallet', to: OUTSIDER, asset: NATIVE_ASSET, amount: 1n });
      expect((await provider.getTransaction(txHash))!.from).toBe(second);
    } finally {
      await other.close?.();
    }
    await expect(createEvmAdapter({ rpcUrl: anvil.rpcUrl, seed, hotWalletIndex: -1 })).rejects.toThrow(RangeError);
  });

  it('resynchronises its nonce after the hot wallet sent a transaction elsewhere', async () => {
    const before = await adapter.send({ id: 'before-outside-send', to: OUTSIDER, asset: NATIVE_ASSET, amount: 1n });
    // The same key used by another process: the adapter's counter is now behind the chain.
    await mined((await hotKey().sendTransaction({ to: OUTSIDER, value: 2n })).hash);
    const after = await adapter.send({ id: 'after-outside-send', to: OUTSIDER, asset: NATIVE_ASSET, amount: 1n });
    expect(await nonceOf(after.txHash)).toBe((await nonceOf(before.txHash)) + 2);
    expect((await adapter.receipt(after.txHash)).status).toBe('success');
  });
});

describe('EVM adapter: a payment the chain lost', () => {
  /** Pays under an id, then orphans the payment's block: the node no longer knows the transaction. */
  async function paidThenOrphaned(id: string, to: string) {
    const first = await adapter.send({ id, to, asset: NATIVE_ASSET, amount: 777n });
    const { blockNumber } = await mined(first.txHash);
    await anvil.rpc('anvil_reorg', [(await provider.getBlockNumber()) - blockNumber + 1, []]);
    expect((await adapter.receipt(first.txHash)).status).toBe('unknown');
    expect(await provider.getBalance(to)).toBe(0n);
    return first;
  }

  it('sends the same signed transaction again, so the id still pays once', async () => {
    const to = adapter.depositAddress(40);
    const first = await paidThenOrphaned('orphaned-payment', to);
    const again = await adapter.send({ id: 'orphaned-payment', to, asset: NATIVE_ASSET, amount: 777n });
    expect(again).toEqual(first);
    await mined(again.txHash);
    expect((await adapter.receipt(again.txHash)).status).toBe('success');
    expect(await provider.getBalance(to)).toBe(777n);
  });

  it('signs anew only when another transaction took the lost one\'s nonce', async () => {
    const to = adapter.depositAddress(41);
    const first = await paidThenOrphaned('orphaned-nonce-taken', to);
    // The same key spends the freed nonce (the node's next one) elsewhere: the first transaction can never be mined now.
    await mined((await hotKey().sendTransaction({ to: OUTSIDER, value: 1n })).hash);
    const again = await adapter.send({ id: 'orphaned-nonce-taken', to, asset: NATIVE_ASSET, amount: 777n });
    expect(again.txHash).not.toBe(first.txHash);
    await mined(again.txHash);
    expect(await provider.getBalance(to)).toBe(777n);
    // The counter followed: the next payment goes straight through.
    const next = await adapter.send({ id: 'after-nonce-taken', to: OUTSIDER, asset: NATIVE_ASSET, amount: 1n });
    expect((await adapter.receipt((await mined(next.txHash)).hash)).status).toBe('success');
  });
});

describe('EVM adapter: a payment saved before its broadcast', () => {
  type Saved = { txHash: string; rawTx: string | null };
  const noNewSignature = async () => {
    throw new Error('signed anew');
  };

  /** Signs a payment, saves it, and stops before the broadcast (as a server that dies there). */
  async function signedNotSent(id: string, to: string): Promise<Saved> {
    let saved: Saved | undefined;
    const count = await provider.getTransactionCount(hotWallet, 'pending');
    await expect(
      adapter.send({ id, to, asset: NATIVE_ASSET, amount: 555n }, async (txHash, rawTx) => {
        saved = { txHash, rawTx };
        throw new Error('the server stopped');
      }),
    ).rejects.toThrow('the server stopped');
    expect(saved!.rawTx).toMatch(/^0x[0-9a-f]+$/);
    expect(await provider.getTransaction(saved!.txHash)).toBeNull();
    expect(await provider.getTransactionCount(hotWallet, 'pending')).toBe(count);
    return saved!;
  }

  it('hands each transaction to onSigned before the node has it', async () => {
    const seen: Array<{ txHash: string; known: boolean }> = [];
    const { txHash } = await adapter.send({ id: 'saved-before-broadcast', to: OUTSIDER, asset: tokenAsset, amount: 1n }, async (hash) => {
      seen.push({ txHash: hash, known: (await provider.getTransaction(hash)) !== null });
    });
    expect(seen).toEqual([{ txHash, known: false }]);
    expect((await adapter.receipt(txHash)).status).toBe('success');
  });

  it('after a restart, broadcasts the saved bytes of a payment the node never got: the id pays once', async () => {
    const to = adapter.depositAddress(50);
    const saved = await signedNotSent('restart-unsent', to);
    const restarted = await createEvmAdapter({ rpcUrl: anvil.rpcUrl, seed });
    try {
      const sent = await restarted.send({ id: 'restart-unsent', to, asset: NATIVE_ASSET, amount: 555n, signed: saved }, noNewSignature);
      expect(sent.txHash).toBe(saved.txHash);
      await mined(sent.txHash);
      expect(await restarted.send({ id: 'restart-unsent', to, asset: NATIVE_ASSET, amount: 555n, signed: saved }, noNewSignature)).toEqual(sent);
    } finally {
      await restarted.close?.();
    }
    expect(await provider.getBalance(to)).toBe(555n);
    // the first process's nonce counter catches up on its next payment
    const next = await adapter.send({ id: 'after-restart-unsent', to: OUTSIDER, asset: NATIVE_ASSET, amount: 1n });
    expect(await nonceOf(next.txHash)).toBe((await nonceOf(saved.txHash)) + 1);
  });

  it('after a restart, returns the saved payment the node already has without paying again', async () => {
    const to = adapter.depositAddress(51);
    let saved: Saved | undefined;
    const first = await adapter.send({ id: 'restart-sent', to, asset: NATIVE_ASSET, amount: 555n }, async (txHash, rawTx) => void (saved = { txHash, rawTx }));
    await mined(first.txHash);
    const count = await provider.getTransactionCount(hotWallet);
    const restarted = await createEvmAdapter({ rpcUrl: anvil.rpcUrl, seed });
    try {
      expect(await restarted.send({ id: 'restart-sent', to, asset: NATIVE_ASSET, amount: 555n, signed: saved }, noNewSignature)).toEqual(first);
    } finally {
      await restarted.close?.();
    }
    expect(await provider.getTransactionCount(hotWallet)).toBe(count);
    expect(await provider.getBalance(to)).toBe(555n);
  });

  it('signs a saved payment anew only when another transaction took its nonce, and saves the new one first', async () => {
    const to = adapter.depositAddress(52);
    const saved = await signedNotSent('restart-nonce-taken', to);
    await mined((await hotKey().sendTransaction({ to: OUTSIDER, value: 1n })).hash);
    const resaved: Saved[] = [];
    const restarted = await createEvmAdapter({ rpcUrl: anvil.rpcUrl, seed });
    try {
      const sent = await restarted.send({ id: 'restart-nonce-taken', to, asset: NATIVE_ASSET, amount: 555n, signed: saved }, async (txHash, rawTx) => void resaved.push({ txHash, rawTx }));
      expect(sent.txHash).not.toBe(saved.txHash);
      expect(resaved.map((signed) => signed.txHash)).toEqual([sent.txHash]);
      await mined(sent.txHash);
    } finally {
      await restarted.close?.();
    }
    expect(await provider.getBalance(to)).toBe(555n);
  });
});

describe('EVM adapter: sweeps', () => {
  it('moves a token deposit to the hot wallet, topping up gas first', async () => {
    const deposit = adapter.depositAddress(7);
    const { block: depositBlock } = await tokenTransfer(deposit, 3_000_000n);
    expect(await provider.getBalance(deposit)).toBe(0n);
    const hotTokens = await tokenBalance(hotWallet);
    const hotNonce = await provider.getTransactionCount(hotWallet);

    const txHash = await adapter.sweep!(7, tokenAsset);
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await mined(txHash!);
    expect((await adapter.receipt(txHash!)).status).toBe('success');
    expect(await tokenBalance(deposit)).toBe(0n);
    expect(await tokenBalance(hotWallet)).toBe(hotTokens + 3_000_000n);
    expect(await adapter.sweep!(7, tokenAsset)).toBeNull();
    // One gas top-up went out from the hot wallet; it reached the deposit address but is no deposit.
    expect(await provider.getTransactionCount(hotWallet)).toBe(hotNonce + 1);
    const seen = await adapter.transfersTo(watch(7), [NATIVE_ASSET, tokenAsset], depositBlock, await adapter.head());
    expect(seen.map((transfer) => [transfer.asset, transfer.amount])).toEqual([[tokenAsset, 3_000_000n]]);
  });

  it('moves a native deposit to the hot wallet, less the gas', async () => {
    const deposit = adapter.depositAddress(8);
    await fund(deposit, parseEther('1'));
    const hotCoins = await provider.getBalance(hotWallet);

    const txHash = await adapter.sweep!(8, NATIVE_ASSET);
    const receipt = await mined(txHash!);
    const gasPaid = receipt.gasUsed * receipt.gasPrice;
    const received = (await provider.getBalance(hotWallet)) - hotCoins;
    expect(received).toBeGreaterThan(parseEther('0.99'));
    // What stays behind is the unused part of the fee cap: less than the transfer's gas at that cap.
    const left = await provider.getBalance(deposit);
    expect(received + gasPaid + left).toBe(parseEther('1'));
    expect(left).toBeLessThan(21_000n * (await provider.getFeeData()).maxFeePerGas! * 2n);
    expect(await adapter.sweep!(8, NATIVE_ASSET)).toBeNull();
    expect(await adapter.sweep!(30, NATIVE_ASSET)).toBeNull();
  });
});
