import { dataSlice, getAddress, hexlify, id, toUtf8Bytes, zeroPadValue, type JsonRpcProvider } from 'ethers';
import { NATIVE_ASSET, type ChainTransfer } from './types';

export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
/**
 * Data of the hot wallet's gas top-ups to deposit addresses (before a token sweep): such a transfer is not a
 * deposit. A payment from the hot wallet to a deposit address without it (a withdrawal to another member) is one.
 */
export const GAS_TOP_UP_DATA = hexlify(toUtf8Bytes('gas top-up'));
/** Blocks per eth_getLogs call: public nodes commonly refuse wider ranges. */
const LOG_RANGE = 2000n;
/** Recipient topics per eth_getLogs call, so that a wallet with many deposit addresses stays within request limits. */
const TOPICS_PER_QUERY = 500;
/** Blocks fetched at once when looking for native transfers (the provider batches them into one HTTP request). */
const BLOCKS_AT_ONCE = 20n;

/** The chain changed under a scan (a block or receipt vanished): the caller should scan the range again. */
export class ScanInterrupted extends Error {}

function* ranges(from: bigint, to: bigint, size: bigint): Generator<[bigint, bigint]> {
  for (let start = from; start <= to; start += size) yield [start, start + size - 1n < to ? start + size - 1n : to];
}

function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * Native coin transfers into the addresses: top-level transactions with value whose receipt says success, except
 * gas top-ups from the hot wallet. Value moved by contracts (internal transactions) is not seen; deposits must be
 * plain transfers.
 */
export async function nativeTransfers(provider: JsonRpcProvider, addresses: ReadonlySet<string>, hotWallet: string, from: bigint, to: bigint): Promise<ChainTransfer[]> {
  const found: ChainTransfer[] = [];
  for (const [first, last] of ranges(from, to, BLOCKS_AT_ONCE)) {
    const numbers = Array.from({ length: Number(last - first) + 1 }, (_, offset) => first + BigInt(offset));
    const blocks = await Promise.all(numbers.map((number) => provider.getBlock(number, true)));
    for (const [position, block] of blocks.entries()) {
      if (!block?.hash) throw new ScanInterrupted(`block ${numbers[position]} is not on the chain`);
      const candidates = block.prefetchedTransactions.filter(
        (tx) => tx.to !== null && tx.value > 0n && addresses.has(tx.to) && !(tx.from === hotWallet && tx.data === GAS_TOP_UP_DATA),
      );
      const receipts = await Promise.all(candidates.map((tx) => provider.getTransactionReceipt(tx.hash)));
      for (const [n, tx] of candidates.entries()) {
        const receipt = receipts[n];
        if (!receipt || receipt.blockHash !== block.hash) throw new ScanInterrupted(`receipt of ${tx.hash} does not match block ${block.number}`);
        if (receipt.status !== 1) continue;
        found.push({ txHash: tx.hash, index: 0, blockNumber: BigInt(block.number), blockHash: block.hash, to: tx.to!, asset: NATIVE_ASSET, amount: tx.value });
      }
    }
  }
  return found;
}

/** ERC-20 Transfer events of the token contracts (lower-case addresses) whose recipient is one of the addresses. */
export async function tokenTransfers(provider: JsonRpcProvider, addresses: ReadonlySet<string>, tokens: readonly string[], from: bigint, to: bigint): Promise<ChainTransfer[]> {
  const recipientTopics = [...addresses].map((address) => zeroPadValue(address, 32).toLowerCase());
  const found: ChainTransfer[] = [];
  for (const [fromBlock, toBlock] of ranges(from, to, LOG_RANGE)) {
    for (const recipients of batches(recipientTopics, TOPICS_PER_QUERY)) {
      const logs = await provider.getLogs({ address: [...tokens], topics: [TRANSFER_TOPIC, null, recipients], fromBlock, toBlock });
      for (const log of logs) {
        // Three topics and one data word: an ERC-20 Transfer (ERC-721 shares the signature but indexes the token id).
        if (log.removed || log.topics.length !== 3 || log.data.length !== 66) continue;
        const recipient = getAddress(dataSlice(log.topics[2], 12));
        if (!addresses.has(recipient)) continue;
        found.push({
          txHash: log.transactionHash,
          index: log.index,
          blockNumber: BigInt(log.blockNumber),
          blockHash: log.blockHash,
          to: recipient,
          asset: log.address.toLowerCase(),
          amount: BigInt(log.data),
        });
      }
    }
  }
  return found;
}
