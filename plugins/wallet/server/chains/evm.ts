import { FetchRequest, getAddress, hexlify, Interface, JsonRpcProvider, Network, Wallet, type TransactionRequest } from 'ethers';
import { EVM_COIN_TYPE, HdKeys, MAX_HD_INDEX, privateKeyAt } from '../hd';
import { GAS_TOP_UP_DATA, nativeTransfers, tokenTransfers } from './evm-scan';
import { paymentBook } from './evm-payments';
import { nonceSender, serialQueue } from './evm-sender';
import { NATIVE_ASSET, type ChainAdapter, type ChainTransfer, type Receipt, type SendRequest } from './types';

export interface EvmAdapterOptions {
  /** JSON-RPC endpoint of an EVM node (HTTP). */
  rpcUrl: string;
  /** BIP-39 seed bytes of the wallet. */
  seed: Uint8Array;
  /** Which hot wallet key of the seed pays out (m/44'/60'/1'/0/<index>); 0 by default. */
  hotWalletIndex?: number;
  /** How often the provider polls the node while waiting for a transaction; 4 s by default. */
  pollIntervalMs?: number;
}

const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);
const NATIVE_TRANSFER_GAS = 21_000n;
/** How long a token sweep waits for its gas top-up to be mined. */
const TOP_UP_TIMEOUT_MS = 5 * 60_000;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

function hotWalletPath(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_HD_INDEX) throw new RangeError(`hotWalletIndex must be an integer in 0..${MAX_HD_INDEX}, got ${index}`);
  return `m/44'/${EVM_COIN_TYPE}'/1'/0/${index}`;
}

export function normalizeEvmAddress(address: string): string | null {
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  try {
    return getAddress(address);
  } catch {
    return null; // mixed case with a wrong checksum
  }
}

function tokenAddress(asset: string): string {
  const address = normalizeEvmAddress(asset);
  if (!address) throw new Error(`not an EVM asset: ${asset} (expected "${NATIVE_ASSET}" or a token contract address)`);
  return address.toLowerCase();
}

/** Asks the node for its chain id once, so that a wrong URL fails here instead of being retried forever. */
async function chainIdOf(rpcUrl: string): Promise<bigint> {
  const request = new FetchRequest(rpcUrl);
  request.body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
  request.timeout = 15_000;
  const response = await request.send();
  response.assertOk();
  const body = response.bodyJson as { result?: string; error?: { message: string } };
  if (typeof body.result !== 'string') throw new Error(`eth_chainId at ${rpcUrl} failed: ${body.error?.message ?? 'no result'}`);
  return BigInt(body.result);
}

/**
 * An EVM chain over JSON-RPC (ethers v6). Deposit keys are m/44'/60'/0'/0/<index> of the wallet's seed, the hot
 * wallet m/44'/60'/1'/0/<hotWalletIndex>. The chain is named "evm:<chain id>". `send` keeps payments by id (see
 * paymentBook): in memory within a process, and across restarts through the signed transaction the wallet saved in
 * `onSigned` and passes back as `request.signed`, so a repeated id never pays twice.
 */
export async function createEvmAdapter(options: EvmAdapterOptions): Promise<ChainAdapter> {
  const keys = new HdKeys(options.seed, EVM_COIN_TYPE);
  const hotWalletKey = privateKeyAt(options.seed, hotWalletPath(options.hotWalletIndex ?? 0));
  const chainId = await chainIdOf(options.rpcUrl);
  const provider = new JsonRpcProvider(options.rpcUrl, undefined, {
    staticNetwork: Network.from(chainId),
    polling: true,
    pollingInterval: options.pollIntervalMs ?? 4000,
    // The watcher asks for the head right after blocks arrive: no answer may come from a cache.
    cacheTimeout: -1,
  });
  const signer = (privateKey: Uint8Array) => new Wallet(hexlify(privateKey), provider);
  const depositSigner = (index: number) => signer(keys.depositKey(index));
  const hotWallet = signer(hotWalletKey);
  const hotSender = nonceSender(hotWallet);
  const sweepsInTurn = serialQueue();
  const payments = paymentBook(hotSender);

  function paymentTx({ to, asset, amount }: Omit<SendRequest, 'id'>): TransactionRequest {
    const recipient = normalizeEvmAddress(to);
    if (!recipient) throw new Error(`not an EVM address: ${to}`);
    if (typeof amount !== 'bigint' || amount <= 0n) throw new Error(`amount must be a positive integer, got ${amount}`);
    if (asset === NATIVE_ASSET) return { to: recipient, value: amount };
    return { to: tokenAddress(asset), data: ERC20.encodeFunctionData('transfer', [recipient, amount]) };
  }

  /** Gas price fields for a transaction whose total cost must be known in advance (sweeps), and the price per gas. */
  async function gasPricing(): Promise<{ perGas: bigint; fields: TransactionRequest }> {
    const fee = await provider.getFeeData();
    if (fee.maxFeePerGas !== null && fee.maxPriorityFeePerGas !== null) {
      return { perGas: fee.maxFeePerGas, fields: { type: 2, maxFeePerGas: fee.maxFeePerGas, maxPriorityFeePerGas: fee.maxPriorityFeePerGas } };
    }
    if (fee.gasPrice !== null) return { perGas: fee.gasPrice, fields: { type: 0, gasPrice: fee.gasPrice } };
    throw new Error('the node reports no gas price');
  }

  async function sweepNative(index: number): Promise<string | null> {
    const key = depositSigner(index);
    const [balance, pricing] = await Promise.all([provider.getBalance(key.address), gasPricing()]);
    const gasCost = NATIVE_TRANSFER_GAS * pricing.perGas;
    if (balance <= gasCost) return null;
    return (await nonceSender(key).send({ to: hotWallet.address, value: balance - gasCost, gasLimit: NATIVE_TRANSFER_GAS, ...pricing.fields })).hash;
  }

  async function sweepToken(index: number, token: string): Promise<string | null> {
    const key = depositSigner(index);
    const [amount] = ERC20.decodeFunctionResult('balanceOf', await provider.call({ to: token, data: ERC20.encodeFunctionData('balanceOf', [key.address]) }));
    if (amount === 0n) return null;
    const data = ERC20.encodeFunctionData('transfer', [hotWallet.address, amount]);
    const [gasLimit, pricing, gasBalance] = await Promise.all([provider.estimateGas({ from: key.address, to: token, data }), gasPricing(), provider.getBalance(key.address)]);
    const gasCost = gasLimit * pricing.perGas;
    if (gasBalance < gasCost) {
      const topUp = (await hotSender.send({ to: key.address, value: gasCost - gasBalance, data: GAS_TOP_UP_DATA })).hash;
      const mined = await provider.waitForTransaction(topUp, 1, TOP_UP_TIMEOUT_MS);
      if (mined?.status !== 1) throw new Error(`gas top-up ${topUp} for deposit address ${key.address} failed`);
    }
    return (await nonceSender(key).send({ to: token, data, gasLimit, ...pricing.fields })).hash;
  }

  return {
    chain: `evm:${chainId}`,
    normalizeAddress: normalizeEvmAddress,
    depositAddress: (index) => keys.depositAddress(index),

    head: async () => BigInt(await provider.getBlockNumber()),

    async blockHash(number) {
      if (number < 0n) return null;
      return (await provider.getBlock(number))?.hash ?? null;
    },

    async transfersTo(addresses, assets, from, to) {
      if (from > to || addresses.size === 0) return [];
      const tokens = assets.filter((asset) => asset !== NATIVE_ASSET).map(tokenAddress);
      const found: ChainTransfer[] = [
        ...(assets.includes(NATIVE_ASSET) ? await nativeTransfers(provider, addresses, hotWallet.address, from, to) : []),
        ...(tokens.length > 0 ? await tokenTransfers(provider, addresses, tokens, from, to) : []),
      ];
      return found.sort((a, b) => (a.blockNumber === b.blockNumber ? a.index - b.index : a.blockNumber < b.blockNumber ? -1 : 1));
    },

    async send(request, onSigned) {
      const { signed } = request;
      const { hash } = await payments.pay(request.id, () => paymentTx(request), {
        // without its bytes a saved transaction cannot be broadcast again: only what this process remembers helps then
        earlier: signed?.rawTx ? { hash: signed.txHash, raw: signed.rawTx } : undefined,
        onSigned: onSigned && ((tx) => onSigned(tx.hash, tx.raw)),
      });
      return { txHash: hash };
    },

    async receipt(txHash): Promise<Receipt> {
      if (!TX_HASH.test(txHash)) return { status: 'unknown', blockNumber: null, confirmations: 0 };
      const receipt = await provider.getTransactionReceipt(txHash);
      if (!receipt) {
        const known = await provider.getTransaction(txHash);
        return { status: known ? 'pending' : 'unknown', blockNumber: null, confirmations: 0 };
      }
      const head = await provider.getBlockNumber();
      return {
        status: receipt.status === 1 ? 'success' : 'failed',
        blockNumber: BigInt(receipt.blockNumber),
        confirmations: Math.max(0, head - receipt.blockNumber + 1),
      };
    },

    sweep: (index, asset) => sweepsInTurn(() => (asset === NATIVE_ASSET ? sweepNative(index) : sweepToken(index, tokenAddress(asset)))),

    async close() {
      provider.destroy();
    },
  };
}
