// Compiles tests/fixtures/erc20/TestToken.sol with solc-js (cached by source hash) and deploys it.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Contract, ContractFactory, type ContractRunner, type InterfaceAbi } from 'ethers';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE = join(ROOT, 'tests', 'fixtures', 'erc20', 'TestToken.sol');
const CACHE = join(ROOT, 'node_modules', '.cache', 'bourse-erc20.json');
/** An EVM version every current node accepts (newer defaults may emit opcodes an older node lacks). */
const EVM_VERSION = 'cancun';

export interface CompiledToken {
  abi: InterfaceAbi;
  bytecode: string;
}

interface CacheFile extends CompiledToken {
  key: string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: InterfaceAbi; evm: { bytecode: { object: string } } }>>;
}

function compile(source: string): CompiledToken {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: EVM_VERSION, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`TestToken.sol does not compile:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  const contract = output.contracts?.['TestToken.sol']?.TestToken;
  if (!contract) throw new Error('solc produced no TestToken contract');
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** The compiled TestToken; solc runs only when the source (or the compiler settings) changed since the last run. */
export async function compiledTestToken(): Promise<CompiledToken> {
  const source = await readFile(SOURCE, 'utf8');
  const key = createHash('sha256').update(`${EVM_VERSION}\n${source}`).digest('hex');
  const cached = await readFile(CACHE, 'utf8')
    .then((text) => JSON.parse(text) as CacheFile)
    .catch(() => null);
  if (cached?.key === key) return { abi: cached.abi, bytecode: cached.bytecode };
  const compiled = compile(source);
  await mkdir(dirname(CACHE), { recursive: true });
  await writeFile(CACHE, JSON.stringify({ key, ...compiled } satisfies CacheFile));
  return compiled;
}

/** Deploys a TestToken (6 decimals) from `deployer`, who alone may mint. */
export async function deployTestToken(deployer: ContractRunner, name = 'Test Tether', symbol = 'TUSD'): Promise<Contract> {
  const { abi, bytecode } = await compiledTestToken();
  const contract = await new ContractFactory(abi, bytecode, deployer).deploy(name, symbol);
  await contract.waitForDeployment();
  return contract as Contract;
}
