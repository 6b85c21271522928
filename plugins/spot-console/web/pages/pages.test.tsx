// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, ok, openConsole as openPluginConsole, refused, useConsoleApi } from '../../../../tests/support/console-pages';
import type { ConsoleMarket } from '../../../spot/shared/types';
import en from '../../../../locales/en/spot-console.json';
import manifest from '../../plugin';
import spotConsoleWeb from '../index';

const { server, signedInWith } = useConsoleApi();
const openConsole = (path = '/spot/markets') => openPluginConsole(path, { manifest, web: spotConsoleWeb });

const market = (changes: Partial<ConsoleMarket> = {}): ConsoleMarket => ({
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  priceScale: 2,
  qtyScale: 6,
  tickSize: '0.01',
  lotSize: '0.000001',
  minNotional: '5',
  makerFeePpm: 1000,
  takerFeePpm: 1500,
  selfTrade: 'cancelTaker',
  priceBandPercent: 0,
  halted: false,
  ...changes,
});

/**
 * The markets route answering `markets` (changed by the POST handlers the test adds), and a record of every POST
 * with its operator header.
 */
function marketsApi(markets: ConsoleMarket[]) {
  const posts: Array<{ path: string; body: unknown; auth: string | null }> = [];
  let listed = 0;
  server.use(
    http.get(`${API}/console/spot/markets`, ({ request }) => {
      listed += 1;
      expect(request.headers.get('Blade-Auth')).toBe('bearer operator-token');
      return ok(markets);
    }),
  );
  const record = async (request: Request) => {
    const body = await request.json();
    posts.push({ path: new URL(request.url).pathname, body, auth: request.headers.get('Blade-Auth') });
    return body as Record<string, unknown>;
  };
  return { posts, record, listings: () => listed };
}

const sideMenu = () => document.querySelector('[data-section="console.side"]') as HTMLElement;
const rowOf = (symbol: string) => document.querySelector(`tr[data-symbol="${symbol}"]`) as HTMLElement | null;
const fieldInput = (form: HTMLElement, field: string) => form.querySelector(`[data-field="${field}"] input`) as HTMLInputElement;
const type = (form: HTMLElement, field: string, value: string) => fireEvent.change(fieldInput(form, field), { target: { value } });
/** Types each field's value, in order. */
const typeAll = (form: HTMLElement, values: Record<string, string>) => Object.entries(values).forEach(([field, value]) => type(form, field, value));
const fieldError = (form: HTMLElement, field: string) => form.querySelector(`[data-field="${field}"] [role="alert"]`)?.textContent;
const dialogButton = (dialog: HTMLElement, text: string) => within(dialog).getByText(text).closest('button')!;

describe('spot markets page', () => {
  it('lists the markets with decimals, fees in percent, policy, price band and status, and offers Halt or Reopen by status', async () => {
    signedInWith(['spot.markets']);
    marketsApi([market(), market({ symbol: 'ETH/BTC', base: 'ETH', quote: 'BTC', minNotional: '0.001', makerFeePpm: 500, selfTrade: 'cancelResting', priceBandPercent: 25, halted: true })]);
    await openConsole();
    await waitFor(() => expect(rowOf('ETH/BTC')).not.toBeNull());
    expect(within(sideMenu()).getByRole('button', { name: en.menuMarkets })).toBeTruthy();
    const btc = rowOf('BTC/USDT')!;
    expect(btc.textContent).toContain('2 / 6');
    expect(btc.textContent).toContain('5 USDT');
    expect(btc.textContent).toContain('0.1 %');
    expect(btc.textContent).toContain('0.15 %');
    expect(btc.textContent).toContain(en.selfTradePolicy.cancelTaker);
    expect(btc.textContent).toContain(en.noPriceBand);
    expect(btc.textContent).toContain(en.status.trading);
    expect(within(btc).getByRole('button', { name: en.halt })).toBeTruthy();
    const eth = rowOf('ETH/BTC')!;
    expect(eth.textContent).toContain('0.05 %');
    expect(eth.textContent).toContain(en.selfTradePolicy.cancelResting);
    expect(eth.textContent).toContain('25 %');
    expect(eth.textContent).not.toContain(en.noPriceBand);
    expect(eth.textContent).toContain(en.status.halted);
    expect(within(eth).getByRole('button', { name: en.reopen })).toBeTruthy();
    expect(within(eth).queryByRole('button', { name: en.status.trading })).toBeNull();
  });

  it('adds a market: the POST carries the form with fees in ppm, then a toast and the refreshed table', async () => {
    signedInWith(['spot.markets']);
    const markets = [market()];
    const api = marketsApi(markets);
    server.use(
      http.post(`${API}/console/spot/markets`, async ({ request }) => {
        const body = await api.record(request);
        const added = market({ symbol: 'ETH/BTC', base: 'ETH', quote: 'BTC', priceScale: 8, qtyScale: 8, tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFeePpm: 500, takerFeePpm: 1000 });
        expect(body.symbol).toBe('ETH/BTC');
        markets.push(added);
        return ok(added);
      }),
    );
    await openConsole();
    await waitFor(() => expect(rowOf('BTC/USDT')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: en.addMarket }));
    const form = await screen.findByTestId('market-form');
    expect(fieldInput(form, 'priceScale').value).toBe('8');
    expect(fieldInput(form, 'qtyScale').value).toBe('8');
    typeAll(form, { symbol: 'eth/btc', tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFee: '0.05' });
    type(form, 'takerFee', '0.1x'); // only digits and a point are kept
    expect(fieldInput(form, 'takerFee').value).toBe('0.1');
    expect(fieldInput(form, 'priceBandPercent').value).toBe('0');
    type(form, 'priceBandPercent', '20.5'); // a whole number: the decimals are cut
    expect(fieldInput(form, 'priceBandPercent').value).toBe('20');
    fireEvent.submit(form);

    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toEqual({
      path: '/api/mjkj-web/console/spot/markets',
      auth: 'bearer operator-token',
      body: { symbol: 'ETH/BTC', priceScale: 8, qtyScale: 8, tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFeePpm: 500, takerFeePpm: 1000, selfTrade: 'cancelTaker', priceBandPercent: 20 },
    });
    expect(await screen.findByText(en.marketAdded.replace('{{symbol}}', 'ETH/BTC'))).toBeTruthy();
    await waitFor(() => expect(rowOf('ETH/BTC')).not.toBeNull());
    expect(api.listings()).toBe(2);
  });

  it('shows every required field of the empty form at once, each under its own field, and sends nothing', async () => {
    signedInWith(['spot.markets']);
    const api = marketsApi([market()]);
    await openConsole();
    fireEvent.click(await screen.findByRole('button', { name: en.addMarket }));
    const form = await screen.findByTestId('market-form');
    fireEvent.submit(form);
    const required = ['symbol', 'tickSize', 'lotSize', 'minNotional', 'makerFee', 'takerFee'];
    await waitFor(() => expect(required.map((field) => fieldError(form, field))).toEqual(required.map(() => en.required)));
    expect(form.querySelectorAll('[role="alert"]')).toHaveLength(required.length);
    expect(document.activeElement).toBe(fieldInput(form, 'symbol')); // the first field at fault
    expect(api.posts).toEqual([]);

    type(form, 'tickSize', '0'); // typing clears that field's message only
    await waitFor(() => expect(fieldError(form, 'tickSize')).toBeUndefined());
    expect(form.querySelectorAll('[role="alert"]')).toHaveLength(required.length - 1);
    typeAll(form, { symbol: 'ETH/BTC', lotSize: '0.001', minNotional: '0.0001', makerFee: '0.05' });
    fireEvent.submit(form); // a bad number and an empty field together
    await waitFor(() => expect(fieldError(form, 'tickSize')).toBe(en.notPositive));
    expect(fieldError(form, 'takerFee')).toBe(en.required);
    expect(form.querySelectorAll('[role="alert"]')).toHaveLength(2);
    expect(document.activeElement).toBe(fieldInput(form, 'tickSize'));
    expect(api.posts).toEqual([]);
  });

  it('shows a missing field before sending, and the server’s refusal on the field it names', async () => {
    signedInWith(['spot.markets']);
    const api = marketsApi([market()]);
    server.use(
      http.post(`${API}/console/spot/markets`, async ({ request }) => {
        await api.record(request);
        return refused('Dieser Wert liegt außerhalb des Bereichs', 'makerFeePpm');
      }),
    );
    await openConsole();
    fireEvent.click(await screen.findByRole('button', { name: en.addMarket }));
    const form = await screen.findByTestId('market-form');
    type(form, 'symbol', 'ETH/BTC');
    fireEvent.submit(form);
    await waitFor(() => expect(fieldError(form, 'tickSize')).toBe(en.required));
    expect(api.posts).toEqual([]);

    typeAll(form, { tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFee: '9.5', takerFee: '0.1' });
    fireEvent.submit(form);
    await waitFor(() => expect(fieldError(form, 'makerFee')).toBe('Dieser Wert liegt außerhalb des Bereichs'));
    expect(api.posts).toHaveLength(1);
    expect((api.posts[0]!.body as { makerFeePpm: number }).makerFeePpm).toBe(95_000);
    expect(form.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(rowOf('ETH/BTC')).toBeNull();
    type(form, 'makerFee', '0.05'); // typing again clears the message
    await waitFor(() => expect(fieldError(form, 'makerFee')).toBeUndefined());
  });

  it('names the limit on the field before sending: decimals up to 18, steps within them, fees up to 10 %', async () => {
    signedInWith(['spot.markets']);
    const api = marketsApi([market()]);
    await openConsole();
    fireEvent.click(await screen.findByRole('button', { name: en.addMarket }));
    const form = await screen.findByTestId('market-form');
    typeAll(form, { symbol: 'ETH/BTC', priceScale: '19', tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFee: '12', takerFee: '0.1' });
    fireEvent.submit(form);
    await waitFor(() => expect(fieldError(form, 'priceScale')).toBe(en.scaleRange.replace('{{max}}', '18')));
    expect(fieldError(form, 'makerFee')).toBe(en.feeTooHigh.replace('{{max}}', '10'));
    type(form, 'priceScale', '4');
    fireEvent.submit(form);
    await waitFor(() => expect(fieldError(form, 'tickSize')).toBe(en.tooManyDecimals.replace('{{max}}', '4')));
    type(form, 'priceScale', '5'); // the step's message goes with its scale's
    await waitFor(() => expect(fieldError(form, 'tickSize')).toBeUndefined());
    expect(fieldError(form, 'makerFee')).toBe(en.feeTooHigh.replace('{{max}}', '10'));
    fireEvent.submit(form);
    await waitFor(() => expect(fieldError(form, 'makerFee')).toBe(en.feeTooHigh.replace('{{max}}', '10')));
    expect(form.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(api.posts).toEqual([]);
  });

  it('edits a market: symbol and decimals fixed, every field at fault shown at once, only the changed fee is sent', async () => {
    signedInWith(['spot.markets']);
    const markets = [market()];
    const api = marketsApi(markets);
    server.use(
      http.post(`${API}/console/spot/markets/update`, async ({ request }) => {
        await api.record(request);
        markets[0] = market({ takerFeePpm: 2000 });
        return ok(markets[0]);
      }),
    );
    await openConsole();
    await waitFor(() => expect(rowOf('BTC/USDT')).not.toBeNull());
    fireEvent.click(within(rowOf('BTC/USDT')!).getByRole('button', { name: en.edit }));
    const form = await screen.findByTestId('market-form');
    expect(fieldInput(form, 'symbol').disabled).toBe(true);
    expect(fieldInput(form, 'priceScale').disabled).toBe(true);
    expect(fieldInput(form, 'takerFee').value).toBe('0.15');

    fireEvent.submit(form);
    expect(await within(form).findByText(en.noChanges)).toBeTruthy();
    expect(api.posts).toEqual([]);

    typeAll(form, { lotSize: '', takerFee: '12' });
    fireEvent.submit(form);
    await waitFor(() => expect(fieldError(form, 'lotSize')).toBe(en.required));
    expect(fieldError(form, 'takerFee')).toBe(en.feeTooHigh.replace('{{max}}', '10'));
    expect(form.querySelectorAll('[role="alert"]')).toHaveLength(2);
    expect(api.posts).toEqual([]);
    type(form, 'lotSize', '0.000001');

    type(form, 'takerFee', '0.2');
    fireEvent.submit(form);
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]!.body).toEqual({ symbol: 'BTC/USDT', takerFeePpm: 2000 });
    await waitFor(() => expect(rowOf('BTC/USDT')!.textContent).toContain('0.2 %'));
  });

  it('halts a market only after the confirmation, then shows it halted', async () => {
    signedInWith(['spot.markets']);
    const markets = [market()];
    const api = marketsApi(markets);
    server.use(
      http.post(`${API}/console/spot/markets/halt`, async ({ request }) => {
        const body = await api.record(request);
        markets[0] = market({ halted: body.halted as boolean });
        return ok(markets[0]);
      }),
    );
    await openConsole();
    await waitFor(() => expect(rowOf('BTC/USDT')).not.toBeNull());
    fireEvent.click(within(rowOf('BTC/USDT')!).getByRole('button', { name: en.halt }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(en.haltConfirmTitle.replace('{{symbol}}', 'BTC/USDT'));
    expect(api.posts).toEqual([]); // not before the confirmation
    fireEvent.click(dialogButton(dialog, en.halt));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toEqual({ path: '/api/mjkj-web/console/spot/markets/halt', body: { symbol: 'BTC/USDT', halted: true }, auth: 'bearer operator-token' });
    await waitFor(() => expect(rowOf('BTC/USDT')!.textContent).toContain(en.status.halted));
    expect(within(rowOf('BTC/USDT')!).getByRole('button', { name: en.reopen })).toBeTruthy();
  });

  it('shows neither the menu entry nor the page to an operator without spot.markets, and asks the server nothing', async () => {
    signedInWith(['members.read', 'wallet.configure']);
    const api = marketsApi([market()]);
    await openConsole();
    expect(await screen.findByTestId('spot-markets-denied')).toBeTruthy();
    expect(screen.getByTestId('spot-markets-denied').textContent).toBe(en.notPermitted);
    expect(within(sideMenu()).queryByRole('button', { name: en.menuMarkets })).toBeNull();
    expect(screen.queryByRole('button', { name: en.addMarket })).toBeNull();
    expect(api.listings()).toBe(0);
  });
});
