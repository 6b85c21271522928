// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from '@douyinfe/semi-ui-19';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { openMemberShell } from '../../../../tests/support/member-shell';
import en from '../../../../locales/en/spot.json';
import { API, balance, envelope, ok, page } from '../../../wallet/web/testing/wallet-fixtures';
import type { SpotOrderView, SpotSymbol } from '../../shared/types';
import { TRADES_SHOWN } from '../spot-api';
import { BTC, candle, depth, ETH, order, trade } from '../testing/spot-fixtures';
import { shellTestServer, SPOT_SHELL_PLUGINS, TEST_MEMBER } from '../../../../tests/support/spot-shell';

vi.mock('lightweight-charts', () => {
  const series = () => ({ setData: () => {}, update: () => {}, applyOptions: () => {}, priceScale: () => ({ applyOptions: () => {} }) });
  return {
    ColorType: { Solid: 'solid' },
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    createChart: () => ({ addSeries: series, priceScale: () => ({ applyOptions: () => {} }), applyOptions: () => {}, remove: () => {} }),
  };
});

const { server, opened } = shellTestServer();

const plugins = SPOT_SHELL_PLUGINS;
const MEMBER = TEST_MEMBER;

/** The exchange screen of BTC/USDT for a member with these open and finished orders; `place` answers an order. */
async function openExchange(options: { open?: SpotOrderView[]; finished?: SpotOrderView[]; place?: () => Response; markets?: () => SpotSymbol[] } = {}) {
  const { open = [order(11)], finished = [], place = () => ok(order(12)), markets = () => [BTC, ETH] } = options;
  server.use(
    http.get(`${API}/coin/open/getSpotGoods`, () => ok(markets())),
    http.get(`${API}/coin/open/depth/:x`, () => ok(depth(5))),
    http.get(`${API}/coin/open/transaction/:a/${TRADES_SHOWN}`, () => ok([trade(1, '30000')])),
    http.get(`${API}/coin/open/get/kline/history`, () => ok([candle(60_000)])),
    http.get(`${API}/coin/open/market/initData`, () => ok({ type: 'spot', contracts: [], serverTime: '', symbols: [] })),
    http.get(`${API}/coin/open/getPriceComparison/:x`, () => ok({ symbol: 'BTC/USDT', close: '30000', prices: [] })),
    http.get(`${API}/coin/assets/getMyBalance`, () => ok([balance('USDT', '100000', { scale: 6 }), balance('BTC', '0.5', { scale: 8 })])),
    http.get(`${API}/coin/quotes/getOptional`, () => ok([])),
    http.get(`${API}/coin/entrust/get/myExchangeLog/:x`, () => ok(open)),
    http.get(`${API}/coin/entrust/entrustlog/:a/:b/:c`, ({ params }) => {
      // the server's filter: a status, or all of them (the first page, 10 rows)
      const rows = [...open, ...finished].filter((row) => params.b === 'all' || row.status === params.b).sort((a, b) => b.id - a.id);
      return ok({ ...page(rows.slice(0, 10)), total: rows.length });
    }),
    http.get(`${API}/coin/entrust/myTrades/:x`, () => ok([])),
    http.post(`${API}/coin/entrust/exchange/:x`, place),
  );
  const setup = await openMemberShell({ server, plugins, path: '/exchange/index?symbol=BTC_USDT', member: MEMBER, opened });
  await waitFor(() => expect((document.getElementById('spot-buy-price') as HTMLInputElement).value).toBe('30000.00'));
  return setup;
}

const buy = (num = '0.5', price?: string) => {
  if (price !== undefined) fireEvent.change(document.getElementById('spot-buy-price')!, { target: { value: price } });
  fireEvent.change(document.getElementById('spot-buy-num')!, { target: { value: num } });
  fireEvent.click(within(screen.getByTestId('spot-form-buy')).getByRole('button', { name: 'Buy BTC' }));
};
/** Answers the open dialog with the button named `name`; the dialog is gone once its closing animation ends (happy-dom runs none). */
async function answerDialog(name: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name }));
  fireEvent.animationEnd(dialog);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}
const cancelButton = async (id: number) =>
  within(await waitFor(() => document.querySelector<HTMLElement>(`[data-row-key="${id}"]`)!)).getByRole('button', { name: en.cancel });

describe('what the exchange screen tells the member', () => {
  it('says an order was not cancelled when the server cannot be reached, and says so when it was', async () => {
    let reachable = false;
    server.use(
      http.post(`${API}/coin/entrust/cancel/entrust`, () => (reachable ? ok(order(11, { status: 'cancelled', reason: 'user' })) : HttpResponse.error())),
    );
    await openExchange();
    fireEvent.click(await cancelButton(11));
    await waitFor(() => expect(screen.getByText(en.cancelUnreachable)).toBeTruthy());
    expect(screen.queryByText(en.orderCancelled)).toBeNull();
    reachable = true;
    fireEvent.click(await cancelButton(11));
    await waitFor(() => expect(screen.getByText(en.orderCancelled)).toBeTruthy());
  });

  it('says an order was not placed when the server cannot be reached', async () => {
    await openExchange({ place: () => HttpResponse.error() });
    buy();
    await waitFor(() => expect(screen.getByText(en.placeUnreachable)).toBeTruthy());
    expect(screen.queryByText('An unknown error occurred')).toBeNull();
    expect(screen.queryByText(en.orderPlaced)).toBeNull();
  });

  it('tells an order the engine ended at once from a placed one: nothing filled, partly filled, filled', async () => {
    const answers = [
      order(12, { status: 'cancelled', reason: 'noLiquidity' }),
      order(13, { status: 'cancelled', reason: 'selfTrade', filledNum: '0.2', filledMoney: '6000', avgPrice: '30000' }),
      order(14, { status: 'filled', filledNum: '0.5', filledMoney: '15000', avgPrice: '30000' }),
    ];
    await openExchange({ place: () => ok(answers.shift()) });
    buy();
    await waitFor(() => expect(screen.getByText(`Order cancelled: ${en.reason_noLiquidity}`)).toBeTruthy());
    expect(screen.queryByText(en.orderPlaced)).toBeNull();
    act(() => Toast.destroyAll());
    buy();
    await waitFor(() => expect(screen.getByText(`Partly filled: 0.200000 BTC of 0.500000 BTC; the rest was cancelled (${en.reason_selfTrade})`)).toBeTruthy());
    act(() => Toast.destroyAll());
    buy();
    await waitFor(() => expect(screen.getByText(en.orderFilled)).toBeTruthy());
    expect(screen.queryByText(en.orderPlaced)).toBeNull();
  });

  it('lists finished orders in the history however many are open, with why the engine cancelled one', async () => {
    const open = Array.from({ length: 10 }, (_, index) => order(40 - index));
    const finished = [order(21, { status: 'cancelled', reason: 'noLiquidity', type: 'market', price: null }), order(20, { status: 'cancelled', reason: 'user' }), order(19, { status: 'filled', filledNum: '0.5' })];
    await openExchange({ open, finished });
    fireEvent.click(screen.getByRole('tab', { name: en.tab_history }));
    await waitFor(() => expect(document.querySelector('[data-row-key="21"]')).toBeTruthy());
    const table = screen.getByTestId('spot-orders-history');
    expect([...table.querySelectorAll('tbody tr')].map((row) => row.getAttribute('data-row-key'))).toEqual(['21', '20', '19']);
    expect(document.querySelector('[data-row-key="21"]')!.textContent).toContain(en.reason_noLiquidity);
    // a member's own cancel goes without saying
    expect(document.querySelector('[data-row-key="20"] [data-reason]')).toBeNull();
  });

  it('writes order times as one compact numeric date and time', async () => {
    await openExchange({ open: [order(11, { createTime: new Date(2026, 10, 29, 22, 49, 9).getTime() })] });
    await waitFor(() => expect(document.querySelector('[data-row-key="11"]')!.textContent).toContain('2026-11-29 22:49:09'));
  });

  it('asks before a buy far above the last price: Cancel sends nothing, Place sends it; a near price does not ask', async () => {
    let posts = 0;
    await openExchange({
      place: () => {
        posts += 1;
        return ok(order(12));
      },
    });
    buy('0.5', '40000');
    const question = await screen.findByRole('dialog');
    expect(question.textContent).toContain(en.farPriceTitle);
    expect(question.textContent).toContain('Your buy price 40,000.00 is 33.3 % above the last price 30,000.00. Place the order anyway?');
    await answerDialog(en.farPriceBack);
    expect(posts).toBe(0);
    expect((document.getElementById('spot-buy-price') as HTMLInputElement).value).toBe('40000');
    expect((document.getElementById('spot-buy-num') as HTMLInputElement).value).toBe('0.5');

    fireEvent.click(within(screen.getByTestId('spot-form-buy')).getByRole('button', { name: 'Buy BTC' }));
    await answerDialog(en.farPricePlace);
    await waitFor(() => expect(screen.getByText(en.orderPlaced)).toBeTruthy());
    expect(posts).toBe(1);

    act(() => Toast.destroyAll());
    buy('0.5', '32000');
    await waitFor(() => expect(screen.getByText(en.orderPlaced)).toBeTruthy());
    expect(posts).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after the server refuses a price beyond a band the page did not know, refuses the next one itself', async () => {
    let band: number | undefined;
    let posts = 0;
    let listed = 0;
    const refusal = en.errPriceOutsideBandBuy
      .replace('{{percent}}', '5')
      .replace('{{reference}}', '30,000.00')
      .replace('{{limit}}', '31,500.00')
      .replace('{{currency}}', 'USDT');
    await openExchange({
      markets: () => {
        listed += 1;
        return [{ ...BTC, price_band_percent: band }, ETH];
      },
      place: () => {
        posts += 1;
        return HttpResponse.json(envelope({ field: 'price' }, 400, refusal));
      },
    });
    const priceError = () => document.querySelector('[data-field="spot-buy-price"] [role="alert"]')?.textContent;
    expect(listed).toBe(1);
    // the operator sets a band of 5 % while the page is open
    band = 5;
    buy('0.5', '32000.00');
    await waitFor(() => expect(priceError()).toBe(refusal));
    expect(posts).toBe(1);
    fireEvent.change(document.getElementById('spot-buy-price')!, { target: { value: '32500.00' } });
    expect(priceError()).toBeUndefined();
    // the market list is loaded again once the guard's second since its first load is over
    await waitFor(() => expect(listed).toBe(2), { timeout: 3000 });
    fireEvent.click(within(screen.getByTestId('spot-form-buy')).getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(priceError()).toBe(refusal));
    expect(posts).toBe(1);
  });
});
