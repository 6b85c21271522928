// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { openMemberShell } from '../../../../tests/support/member-shell';
import en from '../../../../locales/en/spot.json';
import marketsEn from '../../../../locales/en/markets.json';
import { MARKETS_STORE, type WatchlistHost } from '../../../markets/shared/watchlist';
import type { WatchlistItem } from '../../../markets/shared/types';
import { watchlistHandlers } from '../../../markets/web/testing/market-rows';
import { API, balance, envelope, ok } from '../../../wallet/web/testing/wallet-fixtures';
import { TRADES_SHOWN } from '../spot-api';
import { PHONE_QUERY } from '../components/use-media-query';
import { dateTime } from '../format';
import { BTC, candle, depth, ETH, order, trade } from '../testing/spot-fixtures';
import { shellTestServer, SPOT_SHELL_PLUGINS, TEST_MEMBER } from '../../../../tests/support/spot-shell';

/** The chart library as a recorder: what the screen hands it. */
const chart = vi.hoisted(() => ({ data: [] as unknown[], updates: [] as unknown[], options: [] as unknown[] }));
vi.mock('lightweight-charts', () => {
  const series = () => ({
    setData: (data: unknown[]) => chart.data.push(data),
    update: (point: unknown) => chart.updates.push(point),
    applyOptions: () => {},
    priceScale: () => ({ applyOptions: () => {} }),
  });
  return {
    ColorType: { Solid: 'solid' },
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    createChart: (_element: HTMLElement, options: unknown) => {
      chart.options.push(options);
      return { addSeries: series, priceScale: () => ({ applyOptions: () => {} }), applyOptions: () => {}, remove: () => {} };
    },
  };
});

const { server, opened } = shellTestServer(() => {
  chart.data.length = 0;
  chart.updates.length = 0;
  chart.options.length = 0;
  vi.restoreAllMocks();
});

const plugins = SPOT_SHELL_PLUGINS;
const MEMBER = TEST_MEMBER;
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

function marketData() {
  server.use(
    http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
    http.get(`${API}/coin/open/depth/:x`, () => ok(depth(5, [['29990', '0.5'], ['29980', '1']], [['30010', '0.25']]))),
    http.get(`${API}/coin/open/transaction/:a/${TRADES_SHOWN}`, () => ok([trade(1, '30000')])),
    http.get(`${API}/coin/open/get/kline/history`, () => ok([candle(60_000), candle(120_000, '30000', '3')])),
    http.get(`${API}/coin/open/market/initData`, () =>
      ok({ type: 'spot', contracts: [], serverTime: '', symbols: [{ symbol_name: 'BTC/USDT', contract_type: 0, close: '30000', zdf: '-1.25', high: '31000', low: '29000', amount: '900000', vol: '30', demo: false }] }),
    ),
    http.get(`${API}/coin/open/getPriceComparison/:x`, () => ok({ symbol: 'BTC/USDT', close: '30000', prices: [{ currency: 'USD', symbol: '$', price: '30000' }] })),
  );
}

function memberData(placed: unknown[] = [], usdt = { available: '1000' }) {
  server.use(
    http.get(`${API}/coin/assets/getMyBalance`, () => ok([balance('USDT', usdt.available, { scale: 6 }), balance('BTC', '0.5', { scale: 8 })])),
    http.get(`${API}/coin/quotes/getOptional`, () => ok([])),
    http.get(`${API}/coin/entrust/get/myExchangeLog/:x`, () => ok([order(11)])),
    http.get(`${API}/coin/entrust/entrustlog/:a/:b/:c`, () => ok(page([order(10, { status: 'filled', filledNum: '0.5', avgPrice: '29000' })]))),
    http.get(`${API}/coin/entrust/myTrades/:x`, () =>
      ok([{ tradeId: 8, symbol: 'BTC/USDT', side: 'sell', maker: false, price: '29000', num: '0.5', money: '14500', fee: '14.5', feeCurrency: 'USDT', time: 1 }]),
    ),
    http.post(`${API}/coin/entrust/exchange/:x`, async ({ request }) => {
      const body = (await request.json()) as { num?: string };
      placed.push(body);
      if (body.num === '0.099') return HttpResponse.json(envelope({ field: 'num' }, 400, 'Refused by the server'), { status: 400 });
      if (body.num === '0.098') return HttpResponse.json(envelope({ field: 'money' }, 400, 'Not enough USDT'), { status: 400 });
      return ok(order(12));
    }),
  );
}

async function open(path: string, member: typeof MEMBER | null = MEMBER) {
  return openMemberShell({ server, plugins, path, member: member, opened });
}

/** The exchange page's orders panel: a spinner and no "No orders" until the open orders arrive, then the order. */
async function expectSpinnerWhileOrdersLoad() {
  marketData();
  memberData();
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.get(`${API}/coin/entrust/get/myExchangeLog/:x`, async () => {
      await answered;
      return ok([order(11)]);
    }),
  );
  await open('/exchange/index?symbol=BTC_USDT');
  const panel = await screen.findByRole('region', { name: en.myOrders });
  await waitFor(() => expect(panel.querySelector('.semi-spin-wrapper')).toBeTruthy());
  expect(panel.textContent).not.toContain(en.noOrders);
  answer();
  await waitFor(() => expect(panel.querySelector('[data-order="11"]')).toBeTruthy());
  expect(panel.querySelector('.semi-spin-wrapper')).toBeNull();
}

const form = (side: 'buy' | 'sell') => screen.getByTestId(`spot-form-${side}`);

/** The text of an order's cell under the column titled `title` in the first table in `within`. */
function cellText(within: HTMLElement, id: number, title: string) {
  const titles = [...within.querySelector('thead')!.querySelectorAll('th')].map((th) => th.textContent);
  expect(titles).toContain(title);
  return within.querySelector(`tr[data-row-key="${id}"]`)!.querySelectorAll('td')[titles.indexOf(title)]!.textContent;
}

/** A window as narrow as a phone: the media query of the card layout matches, no other. */
function phoneWindow() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** A card's title / value pairs. */
const cardFields = (card: Element) =>
  Object.fromEntries([...card.querySelectorAll('.spot-card__field')].map((field) => [field.querySelector('dt')!.textContent, field.querySelector('dd')!.textContent]));

/** A filled buy (its fee in the base currency) and a filled sell (its fee in the quote currency). */
const FILLED_BUY = order(41, { status: 'filled', filledNum: '0.5', filledMoney: '14500', avgPrice: '29000', fee: '0.0005', feeCurrency: 'BTC', updateTime: 1_700_000_090_000 });
const FILLED_SELL = order(42, { side: 'sell', status: 'filled', filledNum: '0.5', filledMoney: '14500.5', avgPrice: '29001', fee: '14.5005', feeCurrency: 'USDT' });
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const fieldError = (id: string) => document.querySelector(`[data-field="${id}"] [role="alert"]`)?.textContent ?? null;
const slider = (side: 'buy' | 'sell') => within(form(side)).getByRole('slider', { name: en.percentOfAvailable });
/** Moves a form's percentage slider up by `tens` × 10 % from the keyboard. */
const slideUp = (side: 'buy' | 'sell', tens: number) => {
  for (let step = 0; step < tens; step += 1) fireEvent.keyDown(slider(side), { key: 'PageUp' });
};

describe('exchange screen', () => {
  it('shows a spinner, not "No orders", while the member’s orders load', async () => {
    await expectSpinnerWhileOrdersLoad();
  });

  it('shows the pair, the book, the trades, the chart and the member orders of the asked market', async () => {
    marketData();
    memberData();
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(screen.getByTestId('spot-last-price').textContent).toBe('30,000.00'));
    expect(screen.getByTestId('spot-pair-header').textContent).toContain('-1.25%');
    await waitFor(() => expect(screen.getByTestId('spot-fiat-price').textContent).toBe('≈ $30,000.00'));
    const book = screen.getByTestId('spot-order-book');
    expect(within(book).getAllByRole('button').map((row) => row.getAttribute('data-price'))).toEqual(['30010.00', '29990.00', '29980.00']);
    expect(screen.getByTestId('spot-recent-trades').textContent).toContain('30,000.00');
    await waitFor(() => expect(chart.data.length).toBeGreaterThanOrEqual(2));
    expect(chart.options[0]).toMatchObject({ layout: { attributionLogo: true } });
    // a price label the canvas edge would cut is left out
    expect(chart.options[0]).toMatchObject({ rightPriceScale: { entireTextOnly: true } });
    expect(screen.getByRole('link', { name: en.chartCredit }).getAttribute('href')).toBe('https://www.tradingview.com/');
    await waitFor(() => expect(document.querySelector('[data-row-key="11"]')).toBeTruthy());
    expect(screen.getByTestId('spot-available-buy').textContent).toBe('1,000.00 USDT');
    expect(screen.getByTestId('spot-available-sell').textContent).toBe('0.500000 BTC');
    // both forms open at the last price (30000), written with the market's price decimals as the book writes it
    expect(input('spot-buy-price').value).toBe('30000.00');
    expect(input('spot-sell-price').value).toBe('30000.00');

    // the trade history lists the member's fills, not their orders
    fireEvent.click(screen.getByRole('tab', { name: en.tab_trades }));
    const fills = await waitFor(() => screen.getByTestId('spot-orders-trades'));
    await waitFor(() => expect(fills.querySelectorAll('tbody td').length).toBeGreaterThan(1));
    const cells = [...fills.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([en.side_sell, '29,000.00', '0.500000', '14,500 USDT', '14.5 USDT', en.taker]);
  });

  it('fills the price from the book, shows the total and places a limit buy; a refusal shows on its field', async () => {
    marketData();
    const placed: unknown[] = [];
    memberData(placed, { available: '10000' });
    await open('/exchange/index?symbol=BTC_USDT');
    const bid = await waitFor(() => within(screen.getByTestId('spot-order-book')).getByText('29,980.00'));
    fireEvent.click(bid);
    await waitFor(() => expect(input('spot-buy-price').value).toBe('29980.00'));
    fireEvent.change(input('spot-buy-num'), { target: { value: '0.1234567' } });
    expect(input('spot-buy-num').value).toBe('0.123456');
    expect(screen.getByTestId('spot-total-buy').textContent).toBe('3,701.21088 USDT');
    fireEvent.click(within(form('buy')).getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(placed).toEqual([{ side: 'buy', type: 'limit', price: '29980.00', num: '0.123456' }]));

    fireEvent.change(input('spot-buy-num'), { target: { value: '0.099' } });
    fireEvent.click(within(form('buy')).getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(fieldError('spot-buy-num')).toBe('Refused by the server'));

    // a refusal naming a field this form does not show is a toast, not a silent no-op
    fireEvent.change(input('spot-buy-num'), { target: { value: '0.098' } });
    fireEvent.click(within(form('buy')).getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(screen.getByText('Not enough USDT')).toBeTruthy());
    expect(fieldError('spot-buy-num')).toBeNull();
  });

  it('a placed order clears the amount and the take-profit / stop-loss; a refused one keeps them', async () => {
    marketData();
    const placed: unknown[] = [];
    memberData(placed, { available: '10000' });
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(input('spot-buy-price').value).toBe('30000.00'));
    const exit = (name: string) => within(form('buy')).getByRole('checkbox', { name }) as HTMLInputElement;
    const fillOrder = (num: string) => {
      fireEvent.change(input('spot-buy-num'), { target: { value: num } });
      fireEvent.click(exit(en.takeProfit));
      fireEvent.change(input('spot-buy-fullPrice'), { target: { value: '35000' } });
      fireEvent.click(exit(en.stopLoss));
      fireEvent.change(input('spot-buy-lossPrice'), { target: { value: '25000' } });
      fireEvent.click(within(form('buy')).getByRole('button', { name: 'Buy BTC' }));
    };
    fillOrder('0.1');
    await waitFor(() => expect(screen.getByText(en.orderPlaced)).toBeTruthy());
    expect(placed).toEqual([{ side: 'buy', type: 'limit', price: '30000.00', num: '0.1', fullCheck: true, fullPrice: '35000', lossCheck: true, lossPrice: '25000' }]);
    await waitFor(() => expect(input('spot-buy-num').value).toBe(''));
    expect(exit(en.takeProfit).checked).toBe(false);
    expect(exit(en.stopLoss).checked).toBe(false);
    expect(input('spot-buy-fullPrice')).toBeNull();
    expect(input('spot-buy-lossPrice')).toBeNull();
    expect(input('spot-buy-price').value).toBe('30000.00');

    // ticked again, the exits start empty; a refusal keeps everything as typed
    fillOrder('0.099');
    await waitFor(() => expect(fieldError('spot-buy-num')).toBe('Refused by the server'));
    expect(input('spot-buy-num').value).toBe('0.099');
    expect(exit(en.takeProfit).checked).toBe(true);
    expect(input('spot-buy-fullPrice').value).toBe('35000');
    expect(exit(en.stopLoss).checked).toBe(true);
    expect(input('spot-buy-lossPrice').value).toBe('25000');
  });

  it('keeps the percentage slider and the amount consistent when the price changes', async () => {
    marketData();
    memberData();
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(screen.getByTestId('spot-available-buy').textContent).toBe('1,000.00 USDT'));
    await waitFor(() => expect(input('spot-buy-price').value).toBe('30000.00'));
    // 50 % of 1,000 USDT at 30,000
    slideUp('buy', 5);
    expect(slider('buy').getAttribute('aria-valuenow')).toBe('50');
    expect(input('spot-buy-num').value).toBe('0.016666');
    fireEvent.change(input('spot-buy-price'), { target: { value: '25000' } });
    expect(input('spot-buy-num').value).toBe('0.02');
    expect(screen.getByTestId('spot-total-buy').textContent).toBe('500.00 USDT');
    expect(slider('buy').getAttribute('aria-valuenow')).toBe('50');
    // a price picked in the book counts as a new price too
    fireEvent.click(within(screen.getByTestId('spot-order-book')).getByText('29,980.00'));
    await waitFor(() => expect(input('spot-buy-price').value).toBe('29980.00'));
    expect(input('spot-buy-num').value).toBe('0.016677');

    // a sell's amount does not depend on the price
    await waitFor(() => expect(screen.getByTestId('spot-available-sell').textContent).toBe('0.500000 BTC'));
    slideUp('sell', 5);
    expect(input('spot-sell-num').value).toBe('0.25');
    fireEvent.change(input('spot-sell-price'), { target: { value: '31000' } });
    expect(input('spot-sell-num').value).toBe('0.25');

    // an amount typed by hand resets the slider, and a new price leaves it alone
    fireEvent.change(input('spot-buy-num'), { target: { value: '0.01' } });
    expect(slider('buy').getAttribute('aria-valuenow')).toBe('0');
    fireEvent.change(input('spot-buy-price'), { target: { value: '20000' } });
    expect(input('spot-buy-num').value).toBe('0.01');

    // the stop-limit form follows its limit price the same way
    fireEvent.click(screen.getByRole('tab', { name: en.type_stop }));
    fireEvent.change(input('spot-buy-price'), { target: { value: '25000' } });
    slideUp('buy', 10);
    expect(input('spot-buy-num').value).toBe('0.04');
    fireEvent.change(input('spot-buy-price'), { target: { value: '20000' } });
    expect(input('spot-buy-num').value).toBe('0.05');
  });

  it('disables the percentage slider when there is nothing available to spend', async () => {
    marketData();
    memberData([], { available: '0' });
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(screen.getByTestId('spot-available-sell').textContent).toBe('0.500000 BTC'));
    expect(slider('buy').getAttribute('aria-disabled')).toBe('true');
    expect(slider('sell').getAttribute('aria-disabled')).toBe('false');
    // its keys still reach it (Semi does not stop them): they fill nothing
    slideUp('buy', 5);
    expect(input('spot-buy-num').value).toBe('');
  });

  it('asks for the missing fields before sending, and a market buy takes a quote amount', async () => {
    marketData();
    const placed: unknown[] = [];
    memberData(placed);
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(screen.getByTestId('spot-available-buy').textContent).toContain('1,000'));
    fireEvent.click(within(form('sell')).getByRole('button', { name: 'Sell BTC' }));
    await waitFor(() => expect(fieldError('spot-sell-num')).toBe(en.errRequired));
    expect(placed).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: en.type_market }));
    expect(input('spot-buy-money')).toBeTruthy();
    fireEvent.change(input('spot-buy-money'), { target: { value: '250.5' } });
    fireEvent.click(within(form('buy')).getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(placed).toEqual([{ side: 'buy', type: 'market', money: '250.5' }]));
  });

  it('refuses a zero, an order below the market minimum or beyond the balance before sending, as the server words it', async () => {
    marketData();
    const placed: unknown[] = [];
    memberData(placed);
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(screen.getByTestId('spot-available-buy').textContent).toBe('1,000.00 USDT'));
    await waitFor(() => expect(input('spot-buy-price').value).toBe('30000.00'));
    const place = (side: 'buy' | 'sell', field: string, value: string) => {
      fireEvent.change(input(`spot-${side}-${field}`), { target: { value } });
      fireEvent.click(within(form(side)).getByRole('button', { name: side === 'buy' ? 'Buy BTC' : 'Sell BTC' }));
    };
    place('sell', 'num', '0');
    await waitFor(() => expect(fieldError('spot-sell-num')).toBe(en.errNonPositive));
    fireEvent.change(input('spot-buy-price'), { target: { value: '0.00' } });
    place('buy', 'num', '1');
    await waitFor(() => expect(fieldError('spot-buy-price')).toBe(en.errNonPositive));
    // minimum 1 USDT: 30,000 × 0.000033 is 0.99
    fireEvent.change(input('spot-buy-price'), { target: { value: '30000.00' } });
    place('buy', 'num', '0.000033');
    await waitFor(() => expect(fieldError('spot-buy-num')).toBe(en.errBelowMinNotional.replace('{{value}}', '1').replace('{{currency}}', 'USDT')));
    // 1,000 USDT buys 0.033333 at 30,000 (999.99 USDT), not 0.033334 (1,000.02 USDT)
    place('buy', 'num', '0.033334');
    await waitFor(() => expect(fieldError('spot-buy-num')).toBe(en.errInsufficientFunds));
    place('sell', 'num', '0.500001');
    await waitFor(() => expect(fieldError('spot-sell-num')).toBe(en.errInsufficientFunds));
    expect(placed).toEqual([]);
    place('buy', 'num', '0.033333');
    await waitFor(() => expect(placed).toEqual([{ side: 'buy', type: 'limit', price: '30000.00', num: '0.033333' }]));

    fireEvent.click(screen.getByRole('tab', { name: en.type_market }));
    place('buy', 'money', '1000.000001');
    await waitFor(() => expect(fieldError('spot-buy-money')).toBe(en.errInsufficientFunds));
    place('buy', 'money', '0.999999');
    await waitFor(() => expect(fieldError('spot-buy-money')).toBe(en.errBelowMinNotional.replace('{{value}}', '1').replace('{{currency}}', 'USDT')));
    expect(placed).toHaveLength(1);
    fireEvent.change(input('spot-buy-money'), { target: { value: '1000' } });
    fireEvent.click(within(form('buy')).getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(placed).toHaveLength(2));
    expect(placed[1]).toEqual({ side: 'buy', type: 'market', money: '1000' });
  });

  it('follows the topics: a trade batch, a candle and a refresh message', async () => {
    marketData();
    const usdt = { available: '1000' };
    memberData([], usdt);
    const { realtime } = await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(realtime.topics).toEqual(expect.arrayContaining(['depth_BTC_USDT', 'trades_BTC_USDT', 'kline_BTC_USDT_15min', 'refresh_7'])));
    await waitFor(() => expect(screen.getByTestId('spot-recent-trades').textContent).toContain('30,000.00'));
    act(() => realtime.emit('trades_BTC_USDT', { symbol: 'BTC/USDT', trades: [trade(2, '30123.45', 'sell')] }));
    expect(screen.getByTestId('spot-last-price').textContent).toBe('30,123.45');
    expect(screen.getByTestId('spot-last-price').className).toContain('spot-down');
    act(() => realtime.emit('kline_BTC_USDT_15min', { symbol: 'BTC/USDT', period: '15min', candle: candle(120_000, '30123.45', '4') }));
    expect(screen.getByTestId('spot-candle').getAttribute('data-volume')).toBe('4');
    await waitFor(() => expect(chart.updates.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('spot-available-buy').textContent).toBe('1,000.00 USDT'));
    usdt.available = '700.5';
    await new Promise((resolve) => setTimeout(resolve, 300));
    act(() => realtime.emit('refresh_7', { type: 'spot', event: 'trade', symbol: 'BTC/USDT' }));
    await waitFor(() => expect(screen.getByTestId('spot-available-buy').textContent).toBe('700.50 USDT'));
  });

  it('links the order history to all the orders when its first page does not hold them all', async () => {
    marketData();
    memberData();
    server.use(http.get(`${API}/coin/entrust/entrustlog/:a/:b/:c`, () => ok({ ...page([order(10, { status: 'filled', filledNum: '0.5' })]), total: 25, pages: 3 })));
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(document.querySelector('[data-row-key="11"]')).toBeTruthy());
    expect(screen.queryByRole('link', { name: en.viewAll })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: en.tab_history }));
    await waitFor(() => expect(document.querySelector('[data-row-key="10"]')).toBeTruthy());
    expect(screen.getByRole('link', { name: en.viewAll }).getAttribute('href')).toBe('/account/entrust/spot');
  });

  it('tells what a finished order cost in the order history, and not in the open orders', async () => {
    marketData();
    memberData();
    server.use(http.get(`${API}/coin/entrust/entrustlog/:a/:b/:c`, () => ok(page([FILLED_BUY, FILLED_SELL, order(43, { status: 'cancelled', reason: 'user' })]))));
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(document.querySelector('[data-row-key="11"]')).toBeTruthy());
    const titles = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(titles(screen.getByTestId('spot-orders-open'))).not.toContain(en.total);
    expect(titles(screen.getByTestId('spot-orders-open'))).not.toContain(en.col_fee);
    fireEvent.click(screen.getByRole('tab', { name: en.tab_history }));
    const history = await waitFor(() => screen.getByTestId('spot-orders-history'));
    await waitFor(() => expect(history.querySelector('[data-row-key="43"]')).toBeTruthy());
    expect(cellText(history, 41, en.total)).toBe('14,500 USDT');
    expect(cellText(history, 41, en.col_fee)).toBe('0.0005 BTC');
    expect(cellText(history, 42, en.total)).toBe('14,500.5 USDT');
    expect(cellText(history, 42, en.col_fee)).toBe('14.5005 USDT');
    // nothing filled: no cost to tell
    expect(cellText(history, 43, en.total)).toBe('--');
    expect(cellText(history, 43, en.col_fee)).toBe('--');
  });

  it('says a halted market is halted, marks it in the list and takes no order there', async () => {
    marketData();
    const placed: unknown[] = [];
    memberData(placed);
    server.use(http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, { ...ETH, halted: true }])));
    await open('/exchange/index?symbol=ETH_USDT');
    const notice = await waitFor(() => screen.getByTestId('spot-halted-notice'));
    expect(notice.textContent).toBe(en.haltedNotice.replace('{{symbol}}', 'ETH/USDT'));
    const listed = (path: string) => document.querySelector(`button[data-market="${path}"]`)!.textContent;
    expect(listed('ETH_USDT')).toContain(en.halted);
    expect(listed('BTC_USDT')).not.toContain(en.halted);
    await waitFor(() => expect(screen.getByTestId('spot-available-buy').textContent).toContain('1,000'));
    fireEvent.change(input('spot-buy-num'), { target: { value: '1' } });
    const buy = within(form('buy')).getByRole('button', { name: 'Buy ETH' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    fireEvent.click(buy);
    fireEvent.submit(form('buy'));
    expect((within(form('sell')).getByRole('button', { name: 'Sell ETH' }) as HTMLButtonElement).disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(placed).toEqual([]);

    // an open market shows no notice
    fireEvent.click(document.querySelector('button[data-market="BTC_USDT"]')!);
    await waitFor(() => expect(screen.getByTestId('spot-exchange').getAttribute('data-market')).toBe('BTC_USDT'));
    expect(screen.queryByTestId('spot-halted-notice')).toBeNull();
  });

  it('shows log-in and register instead of the submit button to a signed-out visitor', async () => {
    marketData();
    await open('/exchange/index?symbol=BTC_USDT', null);
    await waitFor(() => expect(screen.getByTestId('spot-exchange').getAttribute('data-market')).toBe('BTC_USDT'));
    // both come back to this market once the visitor is signed in
    const back = '/exchange/index%3Fsymbol%3DBTC_USDT';
    expect(within(form('buy')).getByRole('link', { name: en.logIn }).getAttribute('href')).toBe(`/user/login?redirect=${back}`);
    expect(within(form('sell')).getByRole('link', { name: en.register }).getAttribute('href')).toBe(`/user/register?redirect=${back}`);
    expect(within(form('buy')).queryByRole('button', { name: 'Buy BTC' })).toBeNull();
    // nothing to take a percentage of
    expect(slider('buy').getAttribute('aria-disabled')).toBe('true');
    expect(slider('sell').getAttribute('aria-disabled')).toBe('true');
    // no balance to show, rather than a balance of zero
    expect(screen.getByTestId('spot-available-buy').textContent).toBe('-- USDT');
    expect(screen.getByTestId('spot-available-sell').textContent).toBe('-- BTC');
  });

  it('switches the pair from the market list and searches it', async () => {
    marketData();
    const { root } = await open('/exchange/full-screen/BTC_USDT', null);
    await waitFor(() => expect(document.querySelector('[data-market="ETH_USDT"]')).toBeTruthy());
    expect(document.querySelector('.bourse-header')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: en.searchMarkets }), { target: { value: 'eth' } });
    expect(document.querySelector('button[data-market="BTC_USDT"]')).toBeNull();
    fireEvent.click(document.querySelector('button[data-market="ETH_USDT"]')!);
    await waitFor(() => expect(root.location).toBe('/exchange/full-screen/ETH_USDT'));
    await waitFor(() => expect(screen.getByTestId('spot-exchange').getAttribute('data-market')).toBe('ETH_USDT'));
  });

  it('says when the asked pair is not traded here and opens the market it shows instead', async () => {
    marketData();
    const { root } = await open('/exchange/full-screen/BNB_USDT', null);
    const notice = await waitFor(() => screen.getByTestId('spot-unknown-pair'));
    expect(notice.textContent).toBe('BNB/USDT is not traded hereBTC/USDT');
    fireEvent.click(within(notice).getByRole('button', { name: 'BTC/USDT' }));
    await waitFor(() => expect(root.location).toBe('/exchange/full-screen/BTC_USDT'));
    await waitFor(() => expect(screen.queryByTestId('spot-unknown-pair')).toBeNull());
  });

  it('the spot nav entry sets deal type cash', async () => {
    marketData();
    const { root } = await open('/exchange/index', null);
    root.settings.set('dealType', 'pry');
    root.registry.menus('nav').find((entry) => entry.id === 'spot')!.onSelect!(root);
    expect(root.settings.dealType).toBe('cash');
  });
});

describe('the market list’s favourites', () => {
  const listed = () => [...document.querySelectorAll<HTMLElement>('.spot-markets button[data-market]')].map((row) => row.dataset.market);
  const itemOf = (path: string) => document.querySelector(`.spot-markets button[data-market="${path}"]`)!.closest<HTMLElement>('[role="listitem"]')!;
  const tab = (name: string) => within(document.querySelector<HTMLElement>('.spot-markets')!).getByRole('tab', { name });

  it('opens on All; Favourites lists the starred spot markets in the order starred, and the search looks there too', async () => {
    marketData();
    memberData();
    // starred: ETH/USDT, then a contract (not listed here), then BTC/USDT
    server.use(...watchlistHandlers([{ symbol_name: 'ETH/USDT', contract_type: 0 }, { symbol_name: 'BTC/USD', contract_type: 2 }, { symbol_name: 'BTC/USDT', contract_type: 0 }]));
    await open('/exchange/index?symbol=BTC_USDT');
    await waitFor(() => expect(within(itemOf('ETH_USDT')).getByRole('button', { name: marketsEn.starRemove }).getAttribute('aria-pressed')).toBe('true'));
    expect(tab(en.all).getAttribute('aria-selected')).toBe('true');
    expect(tab(marketsEn.tabFavourites).getAttribute('aria-selected')).toBe('false');
    expect(listed()).toEqual(['BTC_USDT', 'ETH_USDT']);

    fireEvent.click(tab(marketsEn.tabFavourites));
    expect(tab(marketsEn.tabFavourites).getAttribute('aria-selected')).toBe('true');
    expect(listed()).toEqual(['ETH_USDT', 'BTC_USDT']);
    fireEvent.change(screen.getByRole('textbox', { name: en.searchMarkets }), { target: { value: 'btc' } });
    expect(listed()).toEqual(['BTC_USDT']);
    fireEvent.change(screen.getByRole('textbox', { name: en.searchMarkets }), { target: { value: 'xrp' } });
    expect(listed()).toEqual([]);
    expect(document.querySelector('.spot-markets')!.textContent).toContain(en.noMarkets);
  });

  it('stars a market on the markets store’s one watchlist without opening it, and unstars it from Favourites', async () => {
    marketData();
    memberData();
    const items: WatchlistItem[] = [];
    server.use(...watchlistHandlers(items));
    const { root } = await open('/exchange/index?symbol=BTC_USDT');
    const star = () => within(itemOf('ETH_USDT')).getByRole('button', { name: /favourites/ });
    await waitFor(() => expect(star().getAttribute('aria-label')).toBe(marketsEn.starAdd));
    fireEvent.click(tab(marketsEn.tabFavourites));
    await waitFor(() => expect(screen.getByTestId('spot-favourites-empty').textContent).toBe(marketsEn.favouritesEmpty));
    fireEvent.click(tab(en.all));

    fireEvent.click(star());
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    expect(star().getAttribute('aria-label')).toBe(marketsEn.starRemove);
    expect(items).toEqual([{ symbol_name: 'ETH/USDT', contract_type: 0 }]);
    // the pair stays the one open
    expect(root.location).toBe('/exchange/index');
    expect(screen.getByTestId('spot-exchange').getAttribute('data-market')).toBe('BTC_USDT');
    expect(itemOf('BTC_USDT').querySelector('[aria-current]')).toBeTruthy();
    // /market/main reads the same list
    expect(root.store<WatchlistHost>(MARKETS_STORE).watchlist.has(MEMBER.id, { symbol_name: 'ETH/USDT', contract_type: 0 })).toBe(true);

    fireEvent.click(tab(marketsEn.tabFavourites));
    expect(listed()).toEqual(['ETH_USDT']);
    fireEvent.click(star());
    await waitFor(() => expect(screen.getByTestId('spot-favourites-empty')).toBeTruthy());
    expect(listed()).toEqual([]);
    expect(items).toEqual([]);
  });

  it('shows a visitor no stars, and a sign-in prompt under Favourites', async () => {
    marketData();
    const { root } = await open('/exchange/index?symbol=BTC_USDT', null);
    await waitFor(() => expect(listed()).toEqual(['BTC_USDT', 'ETH_USDT']));
    expect(document.querySelector('.spot-markets .mk-star')).toBeNull();
    fireEvent.click(tab(marketsEn.tabFavourites));
    const prompt = screen.getByTestId('spot-favourites-sign-in');
    expect(prompt.textContent).toContain(marketsEn.favouritesSignIn);
    expect(listed()).toEqual([]);
    fireEvent.click(within(prompt).getByRole('button', { name: marketsEn.signIn }));
    await waitFor(() => expect(root.location).toBe('/user/login'));
  });
});

describe('spot orders page', () => {
  it('lists the orders, filters them and shows the fills of a filled order', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, async ({ request }) => {
        bodies.push(await request.json());
        return ok(page([order(21, { status: 'filled', filledNum: '0.5', avgPrice: '29000' }), order(22)]));
      }),
      http.get(`${API}/coin/entrust/transaction/details/21`, () =>
        ok([{ tradeId: 1, symbol: 'BTC/USDT', side: 'buy', maker: true, price: '29000', num: '0.5', money: '14500', fee: '0.0005', feeCurrency: 'BTC', time: 1 }]),
      ),
    );
    await open('/account/entrust/spot');
    await waitFor(() => expect(document.querySelector('[data-row-key="22"]')).toBeTruthy());
    expect(bodies[0]).toEqual({ current: 1, size: 10 });
    expect(document.querySelector('[data-row-key="21"]')!.textContent).toContain('29,000.00');
    fireEvent.click(document.querySelector('[data-row-key="21"] .semi-table-expand-icon')!);
    await waitFor(() => expect(screen.getByTestId('spot-fills-21').textContent).toContain('0.0005 BTC'));
    // at the market's decimals, as the order's row; the amount in the quote currency
    const cells = [...screen.getByTestId('spot-fills-21').querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['29,000.00', '0.500000', '14,500 USDT', '0.0005 BTC', en.maker]);
  });

  it("shows a market buy's amount in its currency, a partly filled order and the trigger prices", async () => {
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, () =>
        ok(
          page([
            order(31, { type: 'market', price: null, num: null, money: '100', status: 'filled', filledNum: '0.003', avgPrice: '30000' }),
            order(32, { num: '2', filledNum: '0.75', avgPrice: '29000' }),
            order(33, { status: 'conditional', type: 'stop', price: '31100', triggerPrice: '31000' }),
            order(34, { takeProfit: '35000', stopLoss: '25000' }),
          ]),
        ),
      ),
    );
    await open('/account/entrust/spot');
    await waitFor(() => expect(document.querySelector('[data-row-key="34"]')).toBeTruthy());
    const row = (id: number) => document.querySelector(`[data-row-key="${id}"]`)!.textContent;
    expect(row(31)).toContain('100 USDT');
    expect(row(32)).toContain(en.status_partial);
    expect(row(33)).toContain('31,000.00');
    expect(row(34)).toContain(`${en.takeProfit} 35,000.00`);
    expect(row(34)).toContain(`${en.stopLoss} 25,000.00`);
    expect(row(34)).toContain(en.status_open);
  });

  it('tells what a finished order cost and, opened, when it ended', async () => {
    const cancelled = order(43, { status: 'cancelled', reason: 'noLiquidity', updateTime: 1_700_000_120_000 });
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, () => ok(page([FILLED_BUY, FILLED_SELL, cancelled, order(44)]))),
      http.get(`${API}/coin/entrust/transaction/details/:id`, () => ok([])),
    );
    await open('/account/entrust/spot');
    await waitFor(() => expect(document.querySelector('[data-row-key="44"]')).toBeTruthy());
    const list = await screen.findByTestId('spot-entrust');
    expect([cellText(list, 41, en.total), cellText(list, 41, en.col_fee)]).toEqual(['14,500 USDT', '0.0005 BTC']);
    expect([cellText(list, 42, en.total), cellText(list, 42, en.col_fee)]).toEqual(['14,500.5 USDT', '14.5005 USDT']);
    expect([cellText(list, 44, en.total), cellText(list, 44, en.col_fee)]).toEqual(['--', '--']);
    // a cancelled order without fills opens to when it ended; a live one has nothing to open
    expect(document.querySelector('[data-row-key="44"] .semi-table-expand-icon')).toBeNull();
    fireEvent.click(document.querySelector('[data-row-key="43"] .semi-table-expand-icon')!);
    await waitFor(() => expect(list.querySelector('.spot-entrust__ended')?.textContent).toBe(`${en.endTime}${dateTime(1_700_000_120_000)}`));
    expect(screen.queryByTestId('spot-fills-43')).toBeNull();
  });

  /** Records the files the page has the browser save. */
  function savedFiles() {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:orders');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return saved;
  }

  it("exports the orders without paging, in the browser's time zone, as a file", async () => {
    const listed: unknown[] = [];
    const exported: unknown[] = [];
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, async ({ request }) => {
        const body = (await request.json()) as { current: number };
        listed.push(body);
        return ok({ records: [order(20 + body.current)], total: 25, size: 10, current: body.current, pages: 3 });
      }),
      http.post(`${API}/coin/entrust/exportSpotTradeLog`, async ({ request }) => {
        exported.push(await request.json());
        return new HttpResponse('PK\u0003\u0004', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename="spot-orders.xlsx"; filename*=UTF-8''spot-orders.xlsx`,
          },
        });
      }),
    );
    const saved = savedFiles();
    await open('/account/entrust/spot');
    await waitFor(() => expect(document.querySelector('[data-row-key="21"]')).toBeTruthy());
    fireEvent.click(screen.getByText('2', { selector: '.semi-page-item' }));
    await waitFor(() => expect(listed.at(-1)).toEqual({ current: 2, size: 10 }));
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'America/Sao_Paulo' };
    });

    fireEvent.click(screen.getByRole('button', { name: en.exportXlsx }));
    await waitFor(() => expect(saved).toEqual(['spot-orders.xlsx']));
    expect(exported).toEqual([{ format: 'xlsx', timeZone: 'America/Sao_Paulo' }]);
  });

  it("shows the server's refusal of an export in one toast and saves nothing", async () => {
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, () => ok(page([order(21)]))),
      http.post(`${API}/coin/entrust/exportSpotTradeLog`, () =>
        HttpResponse.json(envelope({ field: 'timeZone' }, 400, 'Unknown <b>time zone</b>'), { status: 400 }),
      ),
    );
    const saved = savedFiles();
    const { root } = await open('/account/entrust/spot');
    const download = vi.spyOn(root.http, 'download');
    await waitFor(() => expect(document.querySelector('[data-row-key="21"]')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: en.exportCsv }));
    expect(await screen.findAllByText('Unknown time zone')).toHaveLength(1);
    // the client's own toast stays off: the page's is the one
    expect(download.mock.calls[0]![2]).toMatchObject({ silent: true });
    expect(saved).toEqual([]);
  });

  it('cancels a live order from its row and shows the page again', async () => {
    let cancelled = false;
    const cancels: unknown[] = [];
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, () =>
        ok(page([order(21, { status: 'filled', filledNum: '0.5', avgPrice: '29000' }), order(22, { status: cancelled ? 'cancelled' : 'open' }), order(23, { status: 'conditional', type: 'stop' })])),
      ),
      http.post(`${API}/coin/entrust/cancel/entrust`, async ({ request }) => {
        cancels.push(await request.json());
        cancelled = true;
        return ok(order(22, { status: 'cancelled' }));
      }),
    );
    await open('/account/entrust/spot');
    await waitFor(() => expect(document.querySelector('[data-row-key="22"]')).toBeTruthy());
    const cancelIn = (id: number) => within(document.querySelector<HTMLElement>(`[data-row-key="${id}"]`)!).queryByRole('button', { name: en.cancel });
    expect(cancelIn(21)).toBeNull();
    expect(cancelIn(23)).not.toBeNull();
    fireEvent.click(cancelIn(22)!);
    await waitFor(() => expect(document.querySelector('[data-row-key="22"]')!.textContent).toContain(en.status_cancelled));
    expect(cancels).toEqual([{ id: 22 }]);
    expect(cancelIn(22)).toBeNull();
  });
});

describe('the order lists on a phone', () => {
  it('shows the orders page as cards: the figures as pairs, Cancel on a live order only, the fills under a card', async () => {
    phoneWindow();
    let cancelled = false;
    const cancels: unknown[] = [];
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, () =>
        ok(page([FILLED_SELL, order(22, { status: cancelled ? 'cancelled' : 'open', reason: cancelled ? 'user' : null }), order(23, { status: 'conditional', type: 'stop', triggerPrice: '31000' })])),
      ),
      http.get(`${API}/coin/entrust/transaction/details/42`, () =>
        ok([{ tradeId: 5, symbol: 'BTC/USDT', side: 'sell', maker: true, price: '29001', num: '0.5', money: '14500.5', fee: '14.5005', feeCurrency: 'USDT', time: 1 }]),
      ),
      http.post(`${API}/coin/entrust/cancel/entrust`, async ({ request }) => {
        cancels.push(await request.json());
        cancelled = true;
        return ok(order(22, { status: 'cancelled' }));
      }),
    );
    await open('/account/entrust/spot');
    const card = (id: number) => document.querySelector<HTMLElement>(`.spot-card[data-order="${id}"]`)!;
    await waitFor(() => expect(card(23)).toBeTruthy());
    expect(screen.getByTestId('spot-entrust').querySelector('table')).toBeNull();

    expect(card(22).querySelector('.spot-card__head')!.textContent).toBe(`BTC/USDT${en.side_buy}${en.type_limit}${en.status_open}`);
    expect(card(22).querySelector('.spot-card__head .spot-up')).toBeTruthy();
    expect(card(22).querySelector('.spot-card__note')!.textContent).toBe(dateTime(1_700_000_000_000));
    expect(cardFields(card(22))).toEqual({ [en.col_price]: '29,000.00', [en.col_num]: '0.500000', [en.col_filledNum]: '0.000000' });
    expect(cardFields(card(23))[en.triggerPrice]).toBe('31,000.00');
    expect(card(23).querySelector('[data-trigger="triggerPrice"]')).toBeTruthy();
    expect(cardFields(card(42))).toMatchObject({ [en.col_avgPrice]: '29,001.00', [en.total]: '14,500.5 USDT', [en.col_fee]: '14.5005 USDT', [en.endTime]: dateTime(FILLED_SELL.updateTime) });
    expect(card(42).querySelector('.spot-card__head .spot-down')).toBeTruthy();

    const cancelIn = (id: number) => within(card(id)).queryByRole('button', { name: en.cancel });
    expect(cancelIn(42)).toBeNull();
    expect(cancelIn(23)).not.toBeNull();
    fireEvent.click(within(card(42)).getByRole('button', { name: en.fills }));
    await waitFor(() => expect(screen.getByTestId('spot-fills-42').querySelector('.spot-card')).toBeTruthy());
    expect(cardFields(screen.getByTestId('spot-fills-42').querySelector('.spot-card')!)).toMatchObject({ [en.col_fee]: '14.5005 USDT' });

    fireEvent.click(cancelIn(22)!);
    await waitFor(() => expect(card(22).textContent).toContain(en.status_cancelled));
    expect(cancels).toEqual([{ id: 22 }]);
    expect(cancelIn(22)).toBeNull();
  });

  it('shows a spinner, not "No orders", while the orders page’s cards load', async () => {
    phoneWindow();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/coin/open/getSpotGoods`, () => ok([BTC, ETH])),
      http.post(`${API}/coin/entrust/getEntrustLogCurrency`, async () => {
        await answered;
        return ok(page([order(22)]));
      }),
    );
    await open('/account/entrust/spot');
    const list = await screen.findByTestId('spot-entrust');
    await waitFor(() => expect(list.querySelector('.semi-spin-wrapper')).toBeTruthy());
    expect(list.textContent).not.toContain(en.noOrders);
    answer();
    await waitFor(() => expect(list.querySelector('.spot-card[data-order="22"]')).toBeTruthy());
    expect(list.querySelector('.semi-spin-wrapper')).toBeNull();
  });

  it('shows a spinner, not "No orders", while the exchange page’s orders load on a phone', async () => {
    phoneWindow();
    await expectSpinnerWhileOrdersLoad();
  });

  it('shows the exchange page’s open orders, order history and trade history as cards', async () => {
    phoneWindow();
    marketData();
    memberData();
    server.use(http.get(`${API}/coin/entrust/entrustlog/:a/:b/:c`, () => ok(page([order(43, { status: 'cancelled', reason: 'noLiquidity' })]))));
    await open('/exchange/index?symbol=BTC_USDT');
    const open11 = await waitFor(() => screen.getByTestId('spot-orders-open').querySelector<HTMLElement>('.spot-card[data-order="11"]')!);
    expect(screen.getByTestId('spot-orders-open').tagName).toBe('UL');
    expect(cardFields(open11)).toMatchObject({ [en.col_price]: '29,000.00', [en.col_num]: '0.500000' });
    expect(within(open11).getByRole('button', { name: en.cancel })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: en.tab_history }));
    const ended = await waitFor(() => screen.getByTestId('spot-orders-history').querySelector<HTMLElement>('.spot-card[data-order="43"]')!);
    expect(ended.querySelector('[data-reason="noLiquidity"]')!.textContent).toBe(en.reason_noLiquidity);
    expect(within(ended).queryByRole('button', { name: en.cancel })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: en.tab_trades }));
    const fill = await waitFor(() => screen.getByTestId('spot-orders-trades').querySelector('.spot-card')!);
    expect(fill.querySelector('.spot-card__head')!.textContent).toBe(`${en.side_sell}${en.taker}`);
    expect(cardFields(fill)).toEqual({ [en.col_price]: '29,000.00', [en.col_num]: '0.500000', [en.col_filledMoney]: '14,500 USDT', [en.col_fee]: '14.5 USDT' });
  });
});
