// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, ok, openConsole as openPluginConsole, page, useConsoleApi } from '../../../../tests/support/console-pages';
import type { ConsoleCurrency, ConsoleNetwork, ConsoleWithdrawal } from '../../../wallet/shared/types';
import en from '../../../../locales/en/wallet-console.json';
import manifest from '../../plugin';
import walletConsoleWeb from '../index';

const { server, signedInWith } = useConsoleApi();
const openConsole = (path: string) => openPluginConsole(path, { manifest, web: walletConsoleWeb });

const withdrawal = (changes: Partial<ConsoleWithdrawal> = {}): ConsoleWithdrawal => ({
  id: '41',
  memberId: '12',
  uid: '48213377',
  currency: 'USDT',
  network: 'DEVNET',
  address: '0x9f2c4e1a7b3d5f60718293a4b5c6d7e8f9012345',
  amount: '250.5',
  fee: '1',
  receive: '249.5',
  status: 'review',
  reason: null,
  txHash: null,
  confirmations: 0,
  cancellable: true,
  createTime: '2026-05-02T09:30:00.000Z',
  updateTime: '2026-05-02T09:30:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  ...changes,
});

const network = (changes: Partial<ConsoleNetwork> = {}): ConsoleNetwork => ({
  currency: 'USDT',
  chainDecimals: 6,
  network: 'DEVNET',
  label: 'Devnet',
  chain: 'devnet',
  devnet: true,
  contractAddress: null,
  confirmations: 3,
  minDeposit: '1',
  withdrawFee: '1',
  withdrawMin: '5',
  depositEnabled: true,
  withdrawEnabled: true,
  ...changes,
});

const USDT: ConsoleCurrency = {
  currency: 'USDT',
  name: 'Tether',
  icon: '',
  scale: 6,
  sort: 1,
  enabled: true,
  usdtPrice: '1',
  networks: [network(), network({ network: 'ERC20', label: 'Ethereum (ERC-20)', chain: 'evm', devnet: false, contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7' })],
};

/** Semi's dialog buttons are labelled "confirm" / "cancel"; find them by their text. */
const dialogButton = (dialog: HTMLElement, text: string) => within(dialog).getByText(text).closest('button')!;

const sideMenu = () => document.querySelector('[data-section="console.side"]')!;

describe('wallet console menus', () => {
  it('shows only the pages the role may use', async () => {
    signedInWith(['members.read', 'withdrawals.review']);
    server.use(http.get(`${API}/console/wallet/withdrawals`, () => ok(page([]))));
    await openConsole('/wallet/withdrawals');
    const menu = sideMenu();
    await waitFor(() => expect(within(menu as HTMLElement).queryByRole('button', { name: en.menuWithdrawals })).not.toBeNull());
    expect(within(menu as HTMLElement).queryByRole('button', { name: en.menuDeposits })).not.toBeNull();
    expect(within(menu as HTMLElement).queryByRole('button', { name: en.menuCurrencies })).toBeNull();
    expect(within(menu as HTMLElement).queryByRole('button', { name: en.menuBonus })).toBeNull();
  });

  it('shows the configuration and credit pages to a role holding wallet.configure and wallet.credit', async () => {
    signedInWith(['wallet.configure', 'wallet.credit']);
    server.use(http.get(`${API}/console/wallet/currencies`, () => ok([])));
    await openConsole('/wallet/currencies');
    const menu = sideMenu() as HTMLElement;
    await waitFor(() => expect(within(menu).queryByRole('button', { name: en.menuCurrencies })).not.toBeNull());
    expect(within(menu).queryByRole('button', { name: en.menuBonus })).not.toBeNull();
    expect(within(menu).queryByRole('button', { name: en.menuWithdrawals })).toBeNull();
    expect(within(menu).queryByRole('button', { name: en.menuDeposits })).toBeNull();
  });
});

describe('withdrawal review', () => {
  function reviewApi() {
    const calls: Array<{ path: string; body: unknown; auth: string | null }> = [];
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/console/wallet/withdrawals`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return ok(page([withdrawal()]));
      }),
      http.post(`${API}/console/wallet/withdrawals/:id/:action`, async ({ request, params }) => {
        calls.push({ path: new URL(request.url).pathname, body: await request.json(), auth: request.headers.get('Blade-Auth') });
        return params.action === 'approve'
          ? ok(withdrawal({ status: 'approved', cancellable: false, reviewedBy: '3' }))
          : ok(withdrawal({ status: 'rejected', cancellable: false, reason: 'Address on a sanctions list' }));
      }),
    );
    return { calls, queries };
  }

  it('lists withdrawals under review and approves one after confirmation; the row shows the new status', async () => {
    signedInWith(['withdrawals.review']);
    const { calls, queries } = reviewApi();
    await openConsole('/wallet/withdrawals');
    const row = (await screen.findByText('48213377')).closest('tr')!;
    expect(queries[0]!.get('status')).toBe('review');
    expect(row.textContent).toContain('250.5');
    expect(row.textContent).toContain(en.status.review);

    fireEvent.click(within(row).getByRole('button', { name: en.approve }));
    expect(calls).toEqual([]); // not before the confirmation
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialogButton(dialog, en.approve));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ path: '/api/mjkj-web/console/wallet/withdrawals/41/approve', body: {}, auth: 'bearer operator-token' });
    await waitFor(() => expect(screen.getByText('48213377').closest('tr')!.textContent).toContain(en.status.approved));
    expect(within(screen.getByText('48213377').closest('tr')!).queryByRole('button', { name: en.approve })).toBeNull();
  });

  it('asks for a reason before rejecting, and sends the trimmed reason', async () => {
    signedInWith(['withdrawals.review']);
    const { calls } = reviewApi();
    await openConsole('/wallet/withdrawals');
    const row = (await screen.findByText('48213377')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: en.reject }));
    const dialog = await screen.findByTestId('reject-dialog');
    const modal = dialog.closest('[role="dialog"]') as HTMLElement;

    fireEvent.click(dialogButton(modal, en.reject));
    expect((await within(modal).findByRole('alert')).textContent).toBe(en.reasonRequired);
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(dialogButton(modal, en.reject));
    expect((await within(modal).findByRole('alert')).textContent).toBe(en.reasonRequired);
    expect(calls).toEqual([]);

    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '  Address on a sanctions list ' } });
    fireEvent.click(dialogButton(modal, en.reject));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/api/mjkj-web/console/wallet/withdrawals/41/reject');
    expect(calls[0]!.body).toEqual({ reason: 'Address on a sanctions list' });
    await waitFor(() => expect(screen.getByText('48213377').closest('tr')!.textContent).toContain(en.status.rejected));
  });

  it('refuses a reason over 200 characters without calling the server', async () => {
    signedInWith(['withdrawals.review']);
    const { calls } = reviewApi();
    await openConsole('/wallet/withdrawals');
    fireEvent.click(within((await screen.findByText('48213377')).closest('tr')!).getByRole('button', { name: en.reject }));
    const modal = (await screen.findByTestId('reject-dialog')).closest('[role="dialog"]') as HTMLElement;
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(dialogButton(modal, en.reject));
    expect((await within(modal).findByRole('alert')).textContent).toBe(en.reasonTooLong.replace('{{max}}', '200'));
    expect(calls).toEqual([]);
  });
});

describe('currencies and networks', () => {
  it('shows the server’s field error on the field of the currency form', async () => {
    signedInWith(['wallet.configure']);
    const saved: unknown[] = [];
    server.use(
      http.get(`${API}/console/wallet/currencies`, () => ok([USDT])),
      http.post(`${API}/console/wallet/currencies`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ code: 400, success: false, msg: 'The scale is fixed once balances exist', data: { field: 'scale' } }, { status: 400 });
      }),
    );
    await openConsole('/wallet/currencies');
    const row = (await screen.findByText('Tether')).closest('tr')!;
    expect(within(row).getByText('ERC20')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: en.edit }));
    const form = await screen.findByTestId('currency-form');
    const scale = form.querySelector('[data-field="scale"]')!;
    fireEvent.change(scale.querySelector('input')!, { target: { value: '8' } });
    fireEvent.submit(form);

    await waitFor(() => expect(scale.querySelector('[role="alert"]')?.textContent).toBe('The scale is fixed once balances exist'));
    expect(saved).toEqual([{ currency: 'USDT', name: 'Tether', icon: '', scale: 8, sort: 1, enabled: true, usdtPrice: '1' }]);
    expect(form.querySelectorAll('[role="alert"]')).toHaveLength(1);
    // typing again clears the message
    fireEvent.change(scale.querySelector('input')!, { target: { value: '6' } });
    await waitFor(() => expect(scale.querySelector('[role="alert"]')).toBeNull());
  });

  it('asks for the contract address only for tokens and sends null for a native coin', async () => {
    signedInWith(['wallet.configure']);
    const saved: Array<Record<string, unknown>> = [];
    server.use(
      http.get(`${API}/console/wallet/currencies`, () => ok([USDT])),
      http.post(`${API}/console/wallet/networks`, async ({ request }) => {
        saved.push((await request.json()) as Record<string, unknown>);
        return ok(null);
      }),
    );
    await openConsole('/wallet/currencies');
    const row = (await screen.findByText('Tether')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: en.addNetwork }));
    const form = await screen.findByTestId('network-form');
    expect(form.querySelector('[data-field="contractAddress"]')).toBeNull();
    fireEvent.change(form.querySelector('[data-field="network"] input')!, { target: { value: 'devnet2' } });
    fireEvent.change(form.querySelector('[data-field="label"] input')!, { target: { value: 'Second devnet' } });
    fireEvent.submit(form);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ currency: 'USDT', network: 'DEVNET2', label: 'Second devnet', chain: 'devnet', contractAddress: null, chainDecimals: 18, confirmations: 6 });

    fireEvent.click(within(row).getByText('ERC20').closest('button')!);
    const edit = await screen.findByTestId('network-form');
    expect((edit.querySelector('[data-field="contractAddress"] input') as HTMLInputElement).value).toBe('0xdac17f958d2ee523a2206206994597c13d831ec7');
  });
});

describe('deposits', () => {
  const depositsApi = () =>
    server.use(
      http.get(`${API}/console/wallet/deposits`, () => ok(page([]))),
      http.get(`${API}/console/wallet/currencies`, () => ok([USDT])),
      http.get(`${API}/console/wallet/devnet/status`, () => ok({ head: '1284', headHash: '0xfeed', blockTimeMs: 2000, pending: 1 })),
    );

  it('hides the devnet deposit form from an operator without wallet.credit', async () => {
    signedInWith(['members.read']);
    depositsApi();
    await openConsole('/wallet/deposits');
    await screen.findByRole('heading', { name: en.depositsTitle });
    await waitFor(() => expect(document.querySelector('.semi-table-placeholder')).not.toBeNull());
    expect(screen.queryByTestId('devnet-panel')).toBeNull();
    expect(screen.queryByText(en.devnetBadge)).toBeNull();
  });

  it('offers only devnet networks, labelled as simulated, with the head block', async () => {
    signedInWith(['members.read', 'wallet.credit', 'wallet.configure']);
    depositsApi();
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/console/wallet/devnet/deposit`, async ({ request }) => {
        sent.push(await request.json());
        return ok({ txHash: '0xabc' });
      }),
    );
    await openConsole('/wallet/deposits');
    const panel = await screen.findByTestId('devnet-panel');
    expect(within(panel).getByText(en.devnetBadge)).toBeTruthy();
    await waitFor(() => expect(within(panel).getByTestId('devnet-head').textContent).toContain('#1284'));
    expect(within(panel).getByTestId('devnet-head').textContent).toContain(en.devnetBlockTime.replace('{{seconds}}', '2'));

    const form = panel.querySelector('form')!;
    fireEvent.submit(form);
    expect((await within(panel).findByRole('alert')).textContent).toBe(en.required);
    expect(sent).toEqual([]);

    fireEvent.change(form.querySelector('[data-field="address"] input')!, { target: { value: ' 0x00000000000000000000000000000000000000aa ' } });
    await choose(form.querySelector('[data-field="currency"]')!, 'USDT');
    // the devnet network is chosen with the currency; the ERC-20 network is not offered
    expect(form.querySelector('[data-field="network"] .semi-select-selection-text')?.textContent).toBe('Devnet');
    fireEvent.click(form.querySelector('[data-field="network"] .semi-select')!);
    await waitFor(() => expect(document.querySelectorAll('.semi-select-option-text').length).toBeGreaterThan(0));
    expect([...document.querySelectorAll('.semi-select-option-text')].map((option) => option.textContent)).toEqual(['Devnet']);
    fireEvent.change(form.querySelector('[data-field="amount"] input')!, { target: { value: '125.5' } });
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ address: '0x00000000000000000000000000000000000000aa', currency: 'USDT', network: 'DEVNET', amount: '125.5' });
  });
});

/** Opens a Semi select inside `scope` and picks the option with that text. */
async function choose(scope: Element, text: string) {
  const select = scope.querySelector('.semi-select')!;
  fireEvent.click(select);
  fireEvent.click(await screen.findByText(text, { selector: '.semi-select-option-text' }));
  document.querySelectorAll('.semi-portal *').forEach((element) => fireEvent.animationEnd(element));
  await waitFor(() => expect(select.querySelector('.semi-select-selection-text')?.textContent).toBe(text));
}

describe('experience gold', () => {
  it('credits once for a double click, then shows the member’s balances; a changed form is a new submission', async () => {
    signedInWith(['members.read', 'wallet.configure', 'wallet.credit']);
    const credits: Array<{ uid: string; amount: string; clientId: string }> = [];
    let release: () => void = () => undefined;
    server.use(
      http.get(`${API}/console/wallet/currencies`, () => ok([USDT])),
      http.post(`${API}/console/wallet/bonus`, async ({ request }) => {
        credits.push((await request.json()) as { uid: string; amount: string; clientId: string });
        await new Promise<void>((resolve) => (release = resolve));
        return ok(null);
      }),
      http.get(`${API}/console/identity/members`, ({ request }) =>
        ok(page(new URL(request.url).searchParams.get('search') === '48213377' ? [{ id: '12', uid: '48213377' }, { id: '13', uid: '482133771' }] : [])),
      ),
      http.get(`${API}/console/wallet/members/12/balances`, () =>
        ok([
          { type: 1, name: 'coin', balances: [{ currency: 'USDT', available: '0', frozen: '0', total: '0', bonus: '0' }] },
          { type: 4, name: 'contract', balances: [{ currency: 'USDT', available: '50', frozen: '0', total: '50', bonus: '50' }] },
        ]),
      ),
    );
    await openConsole('/wallet/bonus');
    const form = await screen.findByTestId('bonus-form');
    fireEvent.change(form.querySelector('[data-field="uid"] input')!, { target: { value: '48213377' } });
    await choose(form.querySelector('[data-field="currency"]')!, 'USDT');
    fireEvent.change(form.querySelector('[data-field="amount"] input')!, { target: { value: '50.1234567' } });
    expect((form.querySelector('[data-field="amount"] input') as HTMLInputElement).value).toBe('50.123456'); // USDT scale 6

    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(credits).toHaveLength(1));
    release();
    const balances = await screen.findByTestId('member-balances');
    expect(credits[0]).toMatchObject({ uid: '48213377', currency: 'USDT', amount: '50.123456' });
    expect(credits[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect([...balances.querySelectorAll('tbody tr')].map((row) => row.getAttribute('data-account'))).toEqual(['contract']);
    expect(balances.textContent).toContain(en.accountName.contract);

    fireEvent.change(form.querySelector('[data-field="amount"] input')!, { target: { value: '5' } });
    fireEvent.submit(form);
    await waitFor(() => expect(credits).toHaveLength(2));
    release();
    expect(credits[1]!.amount).toBe('5');
    expect(credits[1]!.clientId).not.toBe(credits[0]!.clientId);
  });

  it('says so when no member has the uid', async () => {
    signedInWith(['members.read', 'wallet.configure', 'wallet.credit']);
    server.use(
      http.get(`${API}/console/wallet/currencies`, () => ok([USDT])),
      http.get(`${API}/console/identity/members`, () => ok(page([]))),
    );
    await openConsole('/wallet/bonus');
    const form = await screen.findByTestId('bonus-form');
    fireEvent.change(form.querySelector('[data-field="uid"] input')!, { target: { value: '999' } });
    fireEvent.click(within(form).getByRole('button', { name: en.lookUp }));
    expect(await screen.findByText(en.memberNotFound.replace('{{uid}}', '999'))).toBeTruthy();
  });
});
