// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openMemberShell, type ShellMember } from '../../../../tests/support/member-shell';
import en from '../../../../locales/en/wallet.json';
import identityManifest from '../../../identity/plugin';
import identityWeb from '../../../identity/web/index';
import manifest from '../../plugin';
import webPlugin from '../index';
import {
  account,
  API,
  balance,
  depositRecord,
  DEVNET_USDT,
  emptyLists,
  envelope,
  ETH,
  ok,
  page,
  withdrawalRecord,
} from '../testing/wallet-fixtures';

const server = setupServer();
const opened: { dispose(): void }[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  opened.splice(0).forEach((root) => root.dispose());
  server.resetHandlers();
  window.localStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const plugins = [
  { manifest: identityManifest, web: identityWeb },
  { manifest, web: webPlugin },
];
const MEMBER = { id: '7', uid: '48213377', email: 'anna@example.com', is_merchant: 0, googleBound: false, tradePwdSet: true };

/** The whole shell at `path`, signed in as `member`, with the wallet's English texts. */
async function open(path: string, member: ShellMember = MEMBER) {
  return openMemberShell({ server, plugins, path, member, opened });
}

/** Records the query of each request to a path. */
function recorder() {
  const seen: URL[] = [];
  return { seen, record: (request: Request) => seen.push(new URL(request.url)) };
}

const rowOf = (currency: string) => document.querySelector<HTMLElement>(`tr[data-currency="${currency}"]`);
const typeInto = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const fieldError = (id: string) => document.querySelector(`[data-field="${id}"] [role="alert"]`)?.textContent ?? null;

describe('assets page', () => {
  const ACCOUNTS = [account(0, 'total', '1234.5'), account(4, 'contract', '34.5'), account(1, 'coin', '1200'), account(8, 'merchant', '0')];

  function answers(balances: Record<string, ReturnType<typeof balance>[]>) {
    const queries = recorder();
    server.use(
      http.get(`${API}/coin/assets/getWalletAccount`, () => ok(ACCOUNTS)),
      http.get(`${API}/coin/assets/getMyBalance`, ({ request }) => {
        queries.record(request);
        return ok(balances[new URL(request.url).searchParams.get('type')!] ?? []);
      }),
    );
    return queries;
  }

  it('selects the contract account with t=4 and shows its experience gold', async () => {
    const queries = answers({ 4: [balance('USDT', '34.5', { bonus: '20', transferable: '14.5' })] });
    await open('/account/wallet/assets?t=4');
    await waitFor(() => expect(rowOf('USDT')).toBeTruthy());
    expect(queries.seen.map((url) => url.searchParams.get('type'))).toEqual(['4']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(en.accountContract);
    expect(screen.getByRole('columnheader', { name: en.colBonus })).toBeTruthy();
    expect(within(rowOf('USDT')!).getByText('20')).toBeTruthy();
    expect(screen.getByTestId('bonus-note').textContent).toBe(en.bonusNote);
    // the valued total in the display currency
    expect(screen.getByTestId('wallet-total').textContent).toBe('$1,234.50');
  });

  it('lists total first, then coin and contract, and the merchant account only for merchants', async () => {
    answers({});
    await open('/account/wallet/assets');
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(3));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([en.accountTotal, en.accountCoin, en.accountContract]);
    cleanup();
    opened.splice(0).forEach((root) => root.dispose());

    answers({});
    await open('/account/wallet/assets', { ...MEMBER, is_merchant: 2 });
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(4));
    expect(screen.getAllByRole('tab').at(-1)!.textContent).toBe(en.accountMerchant);
  });

  it('hides zero balances unless "show all assets" is on, and keeps that choice and the tab', async () => {
    answers({ 1: [balance('USDT', '1200'), balance('BTC', '0')] });
    const { root } = await open('/account/wallet/assets?t=1');
    await waitFor(() => expect(rowOf('BTC')).toBeTruthy());
    fireEvent.click(screen.getByRole('switch', { name: en.showAllAssets }));
    await waitFor(() => expect(rowOf('BTC')).toBeNull());
    expect(rowOf('USDT')).toBeTruthy();
    expect(root.settings.assetDisplay).toEqual({ showAllAssets: false, type: 1 });
    await waitFor(() => expect(window.localStorage.getItem('release-test:settings')).toContain('"showAllAssets":false'));
    expect(JSON.parse(window.localStorage.getItem('release-test:settings')!).assetDisplay).toEqual({ showAllAssets: false, type: 1 });

    fireEvent.click(screen.getByRole('tab', { name: en.accountContract }));
    await waitFor(() => expect(window.location.search).toBe('?t=4'));
    expect(root.settings.assetDisplay).toEqual({ showAllAssets: false, type: 4 });
  });

  it('opens the tab kept from the last visit, and the total of the accounts when the member has not that account', async () => {
    window.localStorage.setItem('release-test:settings', JSON.stringify({ assetDisplay: { showAllAssets: true, type: 4 } }));
    const queries = answers({ 4: [balance('USDT', '34.5')] });
    await open('/account/wallet/assets');
    await waitFor(() => expect(rowOf('USDT')).toBeTruthy());
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(en.accountContract);
    cleanup();
    opened.splice(0).forEach((root) => root.dispose());

    // a merchant's last tab, then a member without a merchant account on the same browser
    window.localStorage.setItem('release-test:settings', JSON.stringify({ assetDisplay: { showAllAssets: true, type: 8 } }));
    await open('/account/wallet/assets');
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe(en.accountTotal));
    expect(queries.seen.map((url) => url.searchParams.get('type'))).toEqual(['4']);
    expect(document.querySelector('[data-account="4"]')!.textContent).toContain('$34.50');
  });

  it('reloads the balances when a wallet message arrives on the member topic', async () => {
    let available = '5';
    server.use(
      http.get(`${API}/coin/assets/getWalletAccount`, () => ok(ACCOUNTS)),
      http.get(`${API}/coin/assets/getMyBalance`, () => ok([balance('USDT', available)])),
    );
    const { realtime } = await open('/account/wallet/assets?t=1');
    await waitFor(() => expect(within(rowOf('USDT')!).getAllByText('5').length).toBeGreaterThan(0));
    expect(realtime.topics).toContain('refresh_7');
    available = '30';
    act(() => realtime.emit('refresh_7', { type: 'otc', orderCode: '1' }));
    act(() => realtime.emit('refresh_7', { type: 'wallet', event: 'deposit' }));
    await waitFor(() => expect(within(rowOf('USDT')!).getAllByText('30').length).toBeGreaterThan(0));
  });
});

describe('deposit page', () => {
  const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

  it('shows the address of the chosen network with its QR code, devnet badge and notes, and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const asked = recorder();
    server.use(
      http.get(`${API}/coin/assets/getRechargeCurrency`, () => ok([ETH, DEVNET_USDT])),
      http.get(`${API}/coin/assets/getDepositAddressWithNotEncrypt/:currency`, ({ request, params }) => {
        asked.record(request);
        return ok({ currency: params.currency, network: new URL(request.url).searchParams.get('network'), address: ADDRESS, devnet: true });
      }),
      http.post(`${API}/coin/assets/getRechargeLog`, () => ok(page([depositRecord('1', { confirmations: 1, requiredConfirmations: 2 })]))),
    );
    await open('/account/wallet/deposit?currency=USDT');
    await waitFor(() => expect(screen.getByTestId('deposit-address').textContent).toBe(ADDRESS));
    expect(asked.seen.map((url) => url.pathname.split('/').pop() + '?' + url.search.slice(1))).toEqual(['USDT?network=DEVNET']);
    await waitFor(() => expect(screen.getByTestId('deposit-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    expect(within(screen.getByTestId('deposit-address-panel')).getByTestId('devnet-badge').textContent).toBe('devnet');
    const panel = screen.getByTestId('deposit-address-panel').textContent!;
    expect(panel).toContain('Minimum deposit: 1 USDT');
    expect(panel).toContain('after 2 network confirmations');
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe('1/2');

    fireEvent.click(screen.getByRole('button', { name: en.copyAddress }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ADDRESS));
    expect(await screen.findByText(en.copied)).toBeTruthy();
  });

  it('is framed by the account center under /account/center/deposit, with its own history link', async () => {
    server.use(
      http.get(`${API}/coin/assets/getRechargeCurrency`, () => ok([DEVNET_USDT])),
      http.get(`${API}/coin/assets/getDepositAddressWithNotEncrypt/:currency`, () => ok({ currency: 'USDT', network: 'DEVNET', address: ADDRESS, devnet: true })),
      ...emptyLists(),
    );
    await open('/account/center/deposit');
    await waitFor(() => expect(screen.getByTestId('deposit-address').textContent).toBe(ADDRESS));
    const menu = document.querySelector('.bourse-section')!;
    expect(menu.getAttribute('data-section')).toBe('account.center');
    expect(within(menu as HTMLElement).getByRole('button', { current: 'page' }).textContent).toBe(en.menuDeposit);
    expect(screen.getByRole('link', { name: en.allRecords }).getAttribute('href')).toBe('/account/center/history-deposit');
  });
});

describe('withdrawal page', () => {
  function answers(withdraw: (body: Record<string, unknown>) => Response) {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(`${API}/coin/assets/getRechargeCurrency`, () => ok([DEVNET_USDT])),
      http.get(`${API}/coin/assets/getMyBalance`, () => ok([balance('USDT', '100.5', { scale: 6 })])),
      http.post(`${API}/coin/assets/withdrawalWithNotDecrypt`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return withdraw(body);
      }),
      ...emptyLists(),
    );
    return sent;
  }

  it('truncates the amount to the currency scale and shows what arrives exactly (amount − fee)', async () => {
    answers(() => ok(null));
    await open('/account/wallet/withdrawal');
    await waitFor(() => expect(document.getElementById('withdraw-amount')).toBeTruthy());
    typeInto('withdraw-amount', '0.30000019');
    expect((document.getElementById('withdraw-amount') as HTMLInputElement).value).toBe('0.300000');
    // 0.3 − 0.1 is 0.2 exactly, not 0.19999999999999998
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('0.2 USDT');
    typeInto('withdraw-amount', '0..5a');
    expect((document.getElementById('withdraw-amount') as HTMLInputElement).value).toBe('0.5');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0.1 USDT');
    fireEvent.click(screen.getByRole('button', { name: en.max }));
    expect((document.getElementById('withdraw-amount') as HTMLInputElement).value).toBe('100.5');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('100.4 USDT');
  });

  it('checks the form before sending and names each problem under its field', async () => {
    const sent = answers(() => ok(null));
    await open('/account/wallet/withdrawal');
    await waitFor(() => expect(document.getElementById('withdraw-amount')).toBeTruthy());
    typeInto('withdraw-amount', '1');
    typeInto('withdraw-trade-password', '12a4');
    fireEvent.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    await waitFor(() => expect(fieldError('withdraw-address')).toBe(en.addressRequired));
    expect(fieldError('withdraw-amount')).toBe('The minimum withdrawal is 2 USDT');
    expect(fieldError('withdraw-trade-password')).toBe(en.tradePasswordSixDigits);
    typeInto('withdraw-amount', '500');
    fireEvent.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    await waitFor(() => expect(fieldError('withdraw-amount')).toBe(en.amountAboveAvailable));
    expect(sent).toEqual([]);
  });

  it('sends the request, shows the server error of a 400 under the field it names, then succeeds', async () => {
    let refuse = true;
    const sent = answers(() =>
      refuse
        ? HttpResponse.json(envelope({ field: 'tradePassword' }, 400, 'Wrong transaction password'), { status: 400 })
        : ok(withdrawalRecord('9')),
    );
    await open('/account/wallet/withdrawal');
    await waitFor(() => expect(document.getElementById('withdraw-amount')).toBeTruthy());
    typeInto('withdraw-address', ' 0x8ba1f109551bD432803012645Ac136ddd64DBA72 ');
    typeInto('withdraw-amount', '10');
    typeInto('withdraw-trade-password', '123456');
    fireEvent.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    await waitFor(() => expect(fieldError('withdraw-trade-password')).toBe('Wrong transaction password'));
    expect(sent[0]).toMatchObject({ currency: 'USDT', network: 'DEVNET', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', amount: '10', tradePassword: '123456' });
    expect(sent[0]).not.toHaveProperty('googleCode');

    refuse = false;
    server.use(http.post(`${API}/coin/assets/getWithdrawalLog`, () => ok(page([withdrawalRecord('9')]))));
    fireEvent.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    expect(await screen.findByText(en.withdrawDone)).toBeTruthy();
    // a new attempt after a refusal carries a new idempotency id
    expect(sent[1]!.clientId).toEqual(expect.any(String));
    expect(sent[1]!.clientId).not.toBe(sent[0]!.clientId);
    await waitFor(() => expect(document.querySelector('tr[data-record="9"]')).toBeTruthy());
    expect((document.getElementById('withdraw-amount') as HTMLInputElement).value).toBe('');
  });

  it('asks for the Google code when the member has bound an authenticator, and links to the trade password page when none is set', async () => {
    const sent = answers(() => ok(null));
    await open('/account/wallet/withdrawal', { ...MEMBER, googleBound: true, tradePwdSet: false });
    await waitFor(() => expect(document.getElementById('withdraw-google-code')).toBeTruthy());
    expect(screen.getByRole('link', { name: en.setTradePassword }).getAttribute('href')).toBe('/account/center/setting/trade-pwd');
    typeInto('withdraw-address', '0xabc');
    typeInto('withdraw-amount', '3');
    typeInto('withdraw-trade-password', '123456');
    fireEvent.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    await waitFor(() => expect(fieldError('withdraw-google-code')).toBe(en.googleCodeRequired));
    typeInto('withdraw-google-code', '654321');
    fireEvent.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.googleCode).toBe('654321');
  });
});

describe('withdrawal history page', () => {
  it('offers cancel only where cancellable, shows the rejection reason, and cancels after a confirmation', async () => {
    const cancelled: string[] = [];
    server.use(
      http.get(`${API}/coin/assets/getMyBalance`, () => ok([balance('USDT', '1')])),
      http.post(`${API}/coin/assets/getWithdrawalLog`, () =>
        ok(
          page([
            withdrawalRecord('1', { status: cancelled.length ? 'cancelled' : 'review', cancellable: cancelled.length === 0 }),
            withdrawalRecord('2', { status: 'rejected', cancellable: false, reason: 'Address on a sanctions list' }),
            withdrawalRecord('3', { status: 'completed', cancellable: false, txHash: `0x${'b'.repeat(64)}` }),
          ]),
        ),
      ),
      http.post(`${API}/coin/assets/withdrawal/cancel/:id`, ({ params }) => {
        cancelled.push(String(params.id));
        return ok(null);
      }),
    );
    await open('/account/wallet/history-withdrawal');
    await waitFor(() => expect(document.querySelector('tr[data-record="3"]')).toBeTruthy());
    const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-record="${id}"]`)!;
    expect(within(row('1')).getByRole('button', { name: en.cancelWithdrawal })).toBeTruthy();
    expect(within(row('2')).queryByRole('button', { name: en.cancelWithdrawal })).toBeNull();
    expect(within(row('3')).queryByRole('button', { name: en.cancelWithdrawal })).toBeNull();
    expect(within(row('2')).getByTestId('withdrawal-reason').textContent).toBe('Address on a sanctions list');
    expect(screen.getByRole('columnheader', { name: en.colReason })).toBeTruthy();

    fireEvent.click(within(row('1')).getByRole('button', { name: en.cancelWithdrawal }));
    // Semi labels the confirm button "confirm"; its text is the one to find
    fireEvent.click(await screen.findByText(en.cancelConfirm, { selector: '.semi-modal button span' }));
    await waitFor(() => expect(cancelled).toEqual(['1']));
    await waitFor(() => expect(within(row('1')).queryByRole('button', { name: en.cancelWithdrawal })).toBeNull());
    expect(within(row('1')).getByText(en.statusCancelled)).toBeTruthy();
  });
});

describe('bills page', () => {
  it('pages through the bills and exports them with the filters as a file', async () => {
    const listed: Record<string, unknown>[] = [];
    const exported: { kind: string; body: unknown }[] = [];
    server.use(
      http.get(`${API}/coin/assets/getMyBalance`, () => ok([balance('USDT', '1')])),
      http.post(`${API}/coin/assets/getMyBill`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        listed.push(body);
        const bills = [
          { id: '12-0', type: 4, currency: 'USDT', kind: 'transferIn', bucket: 'available', amount: '5', createTime: '2026-05-01T10:00:00.000Z' },
          { id: '11-1', type: 1, currency: 'USDT', kind: 'withdrawalFee', bucket: 'available', amount: '-0.1', createTime: '2026-05-01T09:00:00.000Z' },
        ];
        return ok({ records: bills, total: 25, size: 10, current: body.current, pages: 3 });
      }),
      http.post(`${API}/coin/assets/exportRecords/:kind`, async ({ request, params }) => {
        exported.push({ kind: String(params.kind), body: await request.json() });
        return new HttpResponse('\uFEFFtime,currency\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="bills-20260501.csv"' },
        });
      }),
    );
    const clicks: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:bills');
    URL.revokeObjectURL = vi.fn();

    await open('/account/wallet/bills');
    await waitFor(() => expect(screen.getByText(en.kindWithdrawalFee)).toBeTruthy());
    expect(screen.getByText('-0.1')).toBeTruthy();
    expect(screen.getByText('+5')).toBeTruthy();
    expect(listed[0]).toEqual({ current: 1, size: 10 });
    fireEvent.click(screen.getByText('2', { selector: '.semi-page-item' }));
    await waitFor(() => expect(listed.at(-1)).toEqual({ current: 2, size: 10 }));

    fireEvent.click(screen.getByRole('button', { name: en.exportCsv }));
    await waitFor(() => expect(clicks).toEqual([{ download: 'bills-20260501.csv', href: 'blob:bills' }]));
    expect(exported).toEqual([{ kind: 'bills', body: { format: 'csv', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } }]);
  });

  it('says so when the export is refused', async () => {
    server.use(
      http.get(`${API}/coin/assets/getMyBalance`, () => ok([])),
      ...emptyLists(),
      http.post(`${API}/coin/assets/exportRecords/:kind`, () => HttpResponse.json(envelope(null, 400, 'Too many rows to export'), { status: 400 })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { root } = await open('/account/wallet/bills');
    const download = vi.spyOn(root.http, 'download');
    fireEvent.click(await screen.findByRole('button', { name: en.exportXlsx }));
    expect(await screen.findAllByText('Too many rows to export')).toHaveLength(1);
    // the client's own toast stays off: the page's is the one
    expect(download.mock.calls[0]![2]).toMatchObject({ silent: true });
    expect(click).not.toHaveBeenCalled();
  });
});

describe('transfer page', () => {
  function answers() {
    const transfers: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/coin/assets/getMyBalance`, ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        return ok(type === '4' ? [balance('USDT', '50', { bonus: '20', transferable: '30' })] : [balance('USDT', '12.5')]);
      }),
      http.get(`${API}/coin/wallet/contract/transferable/:currency`, () => ok({ currency: 'USDT', available: '50', bonus: '20', transferable: '30' })),
      http.get(`${API}/coin/wallet/trans`, ({ request }) => {
        transfers.push(new URL(request.url).searchParams);
        return ok({ from: balance('USDT', '0'), to: balance('USDT', '30') });
      }),
    );
    return transfers;
  }
  const submit = () => fireEvent.click(within(screen.getByTestId('wallet-transfer')).getByRole('button', { name: en.transferSubmit }));
  const selected = (id: string) => document.getElementById(id)!.closest('.semi-select')!.querySelector('.semi-select-selection-text')!.textContent;

  it('swaps the accounts; out of the contract account it shows the transferable amount and the experience gold note', async () => {
    answers();
    await open('/account/wallet/transfer');
    await waitFor(() => expect(screen.getByTestId('transfer-transferable').textContent).toBe('Transferable: 12.5 USDT'));
    expect([selected('transfer-from'), selected('transfer-to')]).toEqual([en.accountCoin, en.accountContract]);
    expect(screen.queryByTestId('bonus-clawback-note')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: en.swapAccounts }));
    expect([selected('transfer-from'), selected('transfer-to')]).toEqual([en.accountContract, en.accountCoin]);
    await waitFor(() => expect(screen.getByTestId('transfer-transferable').textContent).toBe('Transferable: 30 USDT'));
    expect(screen.getByTestId('bonus-clawback-note').textContent).toBe(
      'Transferring out of the contract account forfeits your experience gold: 20 USDT will be removed.',
    );
  });

  it('fills in everything transferable with "all", refuses more, and sends the transfer', async () => {
    const transfers = answers();
    await open('/account/wallet/transfer?from=4&currency=USDT');
    await waitFor(() => expect(screen.getByTestId('transfer-transferable').textContent).toBe('Transferable: 30 USDT'));
    typeInto('transfer-amount', '30.5');
    submit();
    await waitFor(() => expect(fieldError('transfer-amount')).toBe(en.amountAboveTransferable));
    fireEvent.click(screen.getByRole('button', { name: en.all }));
    submit();
    expect(await screen.findByText(en.transferDone)).toBeTruthy();
    expect(transfers).toHaveLength(1);
    expect(Object.fromEntries([...transfers[0]!].filter(([key]) => key !== 'clientId'))).toEqual({ from: '4', to: '1', currency: 'USDT', amount: '30' });
    expect(transfers[0]!.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
