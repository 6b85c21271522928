// Wire rows and msw handlers for the wallet's page tests (msw answers the shell's HTTP client).
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { CurrencyBalance, DepositRecord, RechargeCurrency, WalletAccount, WithdrawalRecord } from '../../shared/types';

export const API = '*/api/mjkj-web';

export function envelope(data: unknown, code = 200, msg = 'success') {
  return { code, success: code === 200, msg, data } as JsonBodyType;
}

export const ok = (data: unknown) => HttpResponse.json(envelope(data));

export function account(type: WalletAccount['type'], name: WalletAccount['name'], usdt: string): WalletAccount {
  return { type, name, usdt, rate: usdt, currency: 'USD' };
}

export function balance(currency: string, available: string, changes: Partial<CurrencyBalance> = {}): CurrencyBalance {
  return {
    currency,
    name: currency,
    icon: '',
    scale: 8,
    available,
    frozen: '0',
    total: available,
    bonus: '0',
    transferable: available,
    usdt: available,
    ...changes,
  };
}

export const DEVNET_USDT: RechargeCurrency = {
  currency: 'USDT',
  name: 'Tether',
  icon: '',
  scale: 6,
  networks: [
    {
      network: 'DEVNET',
      label: 'Devnet (simulated)',
      chain: 'devnet',
      devnet: true,
      contractAddress: null,
      confirmations: 2,
      minDeposit: '1',
      withdrawFee: '0.1',
      withdrawMin: '2',
      depositEnabled: true,
      withdrawEnabled: true,
    },
  ],
};

export const ETH: RechargeCurrency = {
  currency: 'ETH',
  name: 'Ether',
  icon: '',
  scale: 8,
  networks: [{ ...DEVNET_USDT.networks[0]!, network: 'ERC20', label: 'Ethereum', chain: 'evm', devnet: false, withdrawFee: '0.003', withdrawMin: '0.01' }],
};

export function depositRecord(id: string, changes: Partial<DepositRecord> = {}): DepositRecord {
  return {
    id,
    currency: 'USDT',
    network: 'DEVNET',
    address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    amount: '25',
    txHash: `0x${id.padStart(64, 'a')}`,
    confirmations: 1,
    requiredConfirmations: 2,
    status: 'pending',
    createTime: '2026-05-01T10:00:00.000Z',
    creditTime: null,
    ...changes,
  };
}

export function withdrawalRecord(id: string, changes: Partial<WithdrawalRecord> = {}): WithdrawalRecord {
  return {
    id,
    currency: 'USDT',
    network: 'DEVNET',
    address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    amount: '10',
    fee: '0.1',
    receive: '9.9',
    status: 'review',
    reason: null,
    txHash: null,
    confirmations: 0,
    cancellable: true,
    createTime: '2026-05-01T10:00:00.000Z',
    updateTime: '2026-05-01T10:00:00.000Z',
    ...changes,
  };
}

export const page = <T>(records: T[], current = 1, size = 10) => ({ records, total: records.length, size, current, pages: Math.ceil(records.length / size) });

/** Answers of a member with no records yet. */
export function emptyLists() {
  return [
    http.post(`${API}/coin/assets/getRechargeLog`, () => ok(page([]))),
    http.post(`${API}/coin/assets/getWithdrawalLog`, () => ok(page([]))),
    http.post(`${API}/coin/assets/getMyBill`, () => ok(page([]))),
  ];
}
