/**
 * Wire types and paths of the wallet: accounts, balances, deposits, withdrawals, transfers, bills and the
 * console's wallet calls. Amounts are decimal strings in the currency's scale; times are ISO-8601 strings.
 * Paths are under /api/{head} unless they start with /api/.
 */

/** Wallet account types on the wire: 0 is the valued total of all accounts, 8 the merchant account. */
export const ACCOUNT_TYPES = { total: 0, coin: 1, margin: 2, finance: 3, contract: 4, merchant: 8 } as const;
export type AccountTypeName = keyof typeof ACCOUNT_TYPES;
export type AccountTypeCode = (typeof ACCOUNT_TYPES)[AccountTypeName];
/** Account types money can be transferred between (merchant only for merchants, is_merchant = 2). */
export const TRANSFER_ACCOUNT_TYPES: readonly AccountTypeCode[] = [1, 4, 2, 3, 8];

// ---------------------------------------------------------------- member paths
export const WALLET_PATHS = {
  walletAccounts: '/coin/assets/getWalletAccount',
  myBalance: '/coin/assets/getMyBalance',
  currencyAccount: '/coin/assets/getCurrencyAccount',
  myBill: '/coin/assets/getMyBill',
  transfer: '/coin/wallet/trans',
  contractTransferable: '/coin/wallet/contract/transferable/:currency',
  rechargeCurrency: '/coin/assets/getRechargeCurrency',
  depositAddress: '/coin/assets/getDepositAddressWithNotEncrypt/:currency',
  rechargeLog: '/coin/assets/getRechargeLog',
  withdraw: '/coin/assets/withdrawalWithNotDecrypt',
  withdrawalCancel: '/api/mjkj-web/coin/assets/withdrawal/cancel/:id',
  withdrawalLog: '/coin/assets/getWithdrawalLog',
  /** POST, body ExportRequest: a CSV or XLSX file download. :kind is deposits | withdrawals | bills. */
  exportRecords: '/coin/assets/exportRecords/:kind',
} as const;

// ---------------------------------------------------------------- console paths (operator)
export const WALLET_CONSOLE_PATHS = {
  /** GET: every currency with its networks (enabled or not). Permission wallet.configure. */
  currencies: '/console/wallet/currencies',
  /** POST CurrencyInput: creates or updates a currency. Permission wallet.configure. */
  saveCurrency: '/console/wallet/currencies',
  /** POST NetworkInput: creates or updates a network of a currency. Permission wallet.configure. */
  saveNetwork: '/console/wallet/networks',
  /** GET ?status&currency&uid&current&size: Page<ConsoleWithdrawal>. Permission withdrawals.review. */
  withdrawals: '/console/wallet/withdrawals',
  /** POST (empty body). Permission withdrawals.review. */
  approveWithdrawal: '/console/wallet/withdrawals/:id/approve',
  /** POST { reason } (1..200 characters). Permission withdrawals.review. */
  rejectWithdrawal: '/console/wallet/withdrawals/:id/reject',
  /** GET ?status&currency&uid&current&size: Page<ConsoleDeposit>. Permission members.read. */
  deposits: '/console/wallet/deposits',
  /** POST DevnetDepositInput: sends coins on the devnet chain to an address. Permission wallet.credit. */
  devnetDeposit: '/console/wallet/devnet/deposit',
  /** GET: the devnet chain's head block and block time. Permission wallet.credit. */
  devnetStatus: '/console/wallet/devnet/status',
  /** POST BonusInput: credits experience gold; answers the contract account's CurrencyBalance. Permission wallet.credit. */
  creditBonus: '/console/wallet/bonus',
  /** GET: a member's balances in every account type. Permission members.read. */
  memberBalances: '/console/wallet/members/:memberId/balances',
} as const;

/** The realtime topic of a member's own changes; wallet messages carry `type: 'wallet'`. */
export const refreshTopic = (memberId: string) => `refresh_${memberId}`;

// ---------------------------------------------------------------- accounts and balances
/** GET walletAccounts: one row per account type the member has, type 0 (total) first. */
export interface WalletAccount {
  type: AccountTypeCode;
  /** Account type name: total, coin, margin, finance, contract, merchant. */
  name: AccountTypeName;
  /** Value of the account in USDT (reference prices). */
  usdt: string;
  /** Value of the account in the display currency of the request (?currency=EUR, site default otherwise). */
  rate: string;
  /** The display currency `rate` is in. */
  currency: string;
}

/** GET myBalance?type=1: every enabled currency of that account type (zeros included), sorted by the currency's sort. */
export interface CurrencyBalance {
  currency: string;
  /** Currency display name and icon URL (may be empty). */
  name: string;
  icon: string;
  scale: number;
  available: string;
  frozen: string;
  /** available + frozen. */
  total: string;
  /** Experience gold in this account (contract account only; "0" elsewhere). */
  bonus: string;
  /** What may leave this account now: available − bonus, at least 0. */
  transferable: string;
  /** Value of total in USDT. */
  usdt: string;
}

/** POST currencyAccount body. */
export interface CurrencyAccountRequest {
  type: AccountTypeCode;
  currency: string;
}

/** GET contractTransferable answer. */
export interface Transferable {
  currency: string;
  available: string;
  bonus: string;
  transferable: string;
}

/**
 * GET transfer query: from and to are account type codes (1, 2, 3, 4, 8), amount a decimal string. `clientId`
 * (optional, ≤ 64 characters) makes a retry safe: the same id is applied once. Answer: the two CurrencyBalance rows
 * after the transfer, as `{ from, to }`.
 */
export interface TransferQuery {
  from: string;
  to: string;
  currency: string;
  amount: string;
  clientId?: string;
}

// ---------------------------------------------------------------- currencies and networks
export type ChainKind = 'devnet' | 'evm';

export interface NetworkInfo {
  /** Network code, unique per currency: e.g. "ERC20", "ETH", "DEVNET". */
  network: string;
  /** Display name, e.g. "Ethereum (ERC-20)". */
  label: string;
  chain: ChainKind;
  /** True on the simulated devnet chain: the UI labels it "devnet". */
  devnet: boolean;
  /** Token contract address; null for the chain's native coin. */
  contractAddress: string | null;
  confirmations: number;
  minDeposit: string;
  withdrawFee: string;
  withdrawMin: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}

/** GET rechargeCurrency?type=deposit|withdraw: enabled currencies with their networks usable for that purpose. */
export interface RechargeCurrency {
  currency: string;
  name: string;
  icon: string;
  scale: number;
  networks: NetworkInfo[];
}

/** GET depositAddress/{currency}?network=X (network defaults to the first deposit-enabled one). */
export interface DepositAddress {
  currency: string;
  network: string;
  address: string;
  devnet: boolean;
}

// ---------------------------------------------------------------- records
/** Paged list requests (POST bodies): current ≥ 1, size 1..100 (default 10). */
export interface PageRequest {
  current?: number;
  size?: number;
}

export type DepositStatus = 'pending' | 'credited' | 'reversed';
export const DEPOSIT_STATUSES: readonly DepositStatus[] = ['pending', 'credited', 'reversed'];

export interface DepositRecord {
  id: string;
  currency: string;
  network: string;
  address: string;
  amount: string;
  txHash: string;
  confirmations: number;
  requiredConfirmations: number;
  /** pending: seen on chain, not final; credited: final and in the coin account; reversed: its block was orphaned. */
  status: DepositStatus;
  createTime: string;
  creditTime: string | null;
}

export interface RecordFilter extends PageRequest {
  currency?: string;
  status?: string;
  /** Epoch ms bounds on createTime (inclusive start, exclusive end). */
  startTime?: number;
  endTime?: number;
}

/**
 * review: waiting for an operator (the user may cancel); approved: queued for the chain; broadcast: sent, waiting
 * for confirmations; completed; rejected (reason shown); cancelled (by the user); failed: the chain refused it after
 * retries and the amount was returned to the user.
 */
export type WithdrawalStatus = 'review' | 'approved' | 'broadcast' | 'completed' | 'rejected' | 'cancelled' | 'failed';
export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['review', 'approved', 'broadcast', 'completed', 'rejected', 'cancelled', 'failed'];

export interface WithdrawalRecord {
  id: string;
  currency: string;
  network: string;
  address: string;
  /** Gross amount frozen and debited. */
  amount: string;
  fee: string;
  /** What arrives at the address: amount − fee. */
  receive: string;
  status: WithdrawalStatus;
  /** The operator's reason when rejected, or why the chain failed; null otherwise. */
  reason: string | null;
  txHash: string | null;
  confirmations: number;
  /** True while the user may still cancel (status review). */
  cancellable: boolean;
  createTime: string;
  updateTime: string;
}

/** POST withdraw body. */
export interface WithdrawalRequest {
  currency: string;
  network: string;
  address: string;
  amount: string;
  tradePassword: string;
  /** Required when the member has bound Google authenticator. */
  googleCode?: string;
  /** Optional idempotency id (≤ 64 characters): a repeat returns the first withdrawal. */
  clientId?: string;
}

/** Bill kinds: what moved the money. */
export const BILL_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawalFee',
  'withdrawalReturn',
  'transferIn',
  'transferOut',
  'bonus',
  'bonusClawback',
  'freeze',
  'unfreeze',
  'trade',
  'fee',
  'other',
] as const;
export type BillKind = (typeof BILL_KINDS)[number];

export interface BillRecord {
  /** "<ledger seq>-<line>". */
  id: string;
  type: AccountTypeCode;
  currency: string;
  kind: BillKind;
  bucket: 'available' | 'frozen';
  /** Signed decimal string. */
  amount: string;
  createTime: string;
}

/** POST myBill body. */
export interface BillFilter extends PageRequest {
  type?: AccountTypeCode;
  currency?: string;
  kind?: BillKind;
  startTime?: number;
  endTime?: number;
}

export type ExportFormat = 'csv' | 'xlsx';
/**
 * POST exportRecords/{kind} body: the filters of that list without paging (at most 10,000 rows), the format, and the
 * IANA time zone ("Europe/Berlin") the file's times are written in (UTC when absent).
 */
export type ExportRequest = (RecordFilter | BillFilter) & { format: ExportFormat; timeZone?: string };

// ---------------------------------------------------------------- console
export interface ConsoleCurrency {
  currency: string;
  name: string;
  icon: string;
  scale: number;
  sort: number;
  enabled: boolean;
  /** Reference price in USDT used to value balances until a market price exists. */
  usdtPrice: string;
  networks: ConsoleNetwork[];
}

/** POST saveCurrency: code [A-Z0-9]{1,20}; scale 0..18 and fixed once balances exist (409 otherwise). */
export interface CurrencyInput {
  currency: string;
  name: string;
  icon?: string;
  scale: number;
  sort?: number;
  enabled: boolean;
  usdtPrice: string;
}

/** POST saveNetwork. */
export interface NetworkInput {
  currency: string;
  network: string;
  label: string;
  chain: ChainKind;
  contractAddress?: string | null;
  /** On-chain decimals of the coin or token (18 for ETH, 6 for most USDT tokens). */
  chainDecimals: number;
  confirmations: number;
  minDeposit: string;
  withdrawFee: string;
  withdrawMin: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}

/** A network as the console reads and saves it: the wire fields plus its currency and on-chain decimals. */
export interface ConsoleNetwork extends NetworkInfo {
  currency: string;
  chainDecimals: number;
}

/** GET memberBalances: one entry per account type of the member. */
export interface AccountBalances {
  type: AccountTypeCode;
  name: AccountTypeName;
  balances: CurrencyBalance[];
}

/** POST devnetDeposit answer. */
export interface DevnetDepositResult {
  txHash: string;
}

/** GET devnetStatus. */
export interface DevnetStatus {
  chain: string;
  /** Head block number as a decimal string. */
  head: string;
  headHash: string;
  blockTimeMs: number;
  hotWallet: string;
  /** Transactions waiting for the next block. */
  pending: number;
}

export interface ConsoleWithdrawal extends WithdrawalRecord {
  memberId: string;
  uid: string;
  /** Operator who decided, and when. */
  reviewedBy: string | null;
  reviewedAt: string | null;
}

export interface ConsoleDeposit extends DepositRecord {
  memberId: string;
  uid: string;
}

export interface DevnetDepositInput {
  address: string;
  currency: string;
  network: string;
  amount: string;
}

export interface BonusInput {
  /** Member uid as shown in the console. */
  uid: string;
  currency: string;
  amount: string;
  /** Idempotency id: the same id credits once. */
  clientId: string;
}
