// Starts a real local EVM node (anvil, from the @foundry-rs/anvil npm package) for tests that talk JSON-RPC.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { TransactionReceipt } from 'ethers';

export interface Anvil {
  rpcUrl: string;
  chainId: number;
  /** Milliseconds from spawning the process to the first answered RPC call. */
  startMs: number;
  /** Sends one JSON-RPC call (anvil_*, evm_* and eth_* methods) and returns its result; throws on an RPC error. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

/** Anvil's first default account: unlocked, 10,000 ETH (the well-known test mnemonic's index 0). */
export const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    packageJson = require.resolve('@foundry-rs/anvil-linux-amd64/package.json');
  } catch {
    throw new Error('anvil is not installed: the npm package @foundry-rs/anvil-linux-amd64 is missing (it comes with the @foundry-rs/anvil dev dependency)');
  }
  const binary = join(dirname(packageJson), 'bin', 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary not found at ${binary}`);
  return binary;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function call<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts anvil on a free port (automine, chain id 31337 unless given) and waits until it answers RPC calls. */
export async function startAnvil(options: { chainId?: number; timeoutMs?: number } = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337;
  const port = await freePort();
  const started = performance.now();
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A test run that ends without calling stop() must not leave the node running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };

  const deadline = started + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited (${child.exitCode ?? child.signalCode}) before answering: ${stderr.trim()}`);
    }
    try {
      await call(rpcUrl, 'eth_chainId', []);
      break;
    } catch {
      if (performance.now() > deadline) {
        await stop();
        throw new Error(`anvil did not answer on ${rpcUrl} within ${options.timeoutMs ?? 20_000} ms: ${stderr.trim()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    rpcUrl,
    chainId,
    startMs: Math.round(performance.now() - started),
    rpc: (method, params = []) => call(rpcUrl, method, params),
    stop,
  };
}

export interface RpcCall {
  method: string;
  params: unknown[];
}

/**
 * What the proxy does with a call: null forwards it; a message answers that error instead (the node never sees the
 * call); `{ lost: message }` forwards it and answers that error anyway (the node got it, its answer was lost).
 */
export type ProxyDecision = string | null | { lost: string };

/**
 * A JSON-RPC proxy in front of a node that answers some calls with an error, the way public nodes enforce their
 * limits or a connection fails. `refuse` decides per call (see ProxyDecision); refused calls are listed.
 */
export async function startRpcProxy(targetUrl: string, refuse: (call: RpcCall) => ProxyDecision): Promise<{ url: string; refused: RpcCall[]; stop(): Promise<void> }> {
  const refused: RpcCall[] = [];
  const forward = async (call: RpcCall) => (await fetch(targetUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) })).json();
  const answer = async (call: RpcCall & { id: unknown }) => {
    const decision = refuse(call);
    if (decision === null) return forward(call);
    if (typeof decision !== 'string') await forward(call);
    refused.push({ method: call.method, params: call.params });
    return { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: typeof decision === 'string' ? decision : decision.lost } };
  };
  const server = createHttpServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const payload = JSON.parse(body) as (RpcCall & { id: unknown }) | (RpcCall & { id: unknown })[];
    const result = Array.isArray(payload) ? await Promise.all(payload.map(answer)) : await answer(payload);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** How often `minedReceipt` asks the node. */
const RECEIPT_POLL_MS = 25;

/**
 * The receipt of a transaction once the node has mined it, asked for until it has. ethers' `waitForTransaction`
 * can wait for ever on an automining node: when the block is mined between its first receipt check and its block
 * listener's first poll, that block is the listener's starting point and no later block comes.
 */
export async function minedReceipt(provider: { getTransactionReceipt(hash: string): Promise<TransactionReceipt | null> }, hash: string): Promise<TransactionReceipt> {
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}
