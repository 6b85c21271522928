// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, plugin } from '../../../../core/web/testing/fixtures';
import { renderShell } from '../../../../core/web/testing/render-shell';
import { useMswServer } from '../../../../tests/support/msw-server';
import homeManifest from '../../../home/plugin';
import homeWeb from '../../../home/web/index';
import manifest from '../../plugin';
import webPlugin from '../index';
import en from '../../../../locales/en/markets.json';
import type { WatchlistItem } from '../../shared/types';
import { CONTRACT_EXCHANGE_ROUTE } from '../trade-paths';
import { CONTRACT_ROWS, envelope, initDataHandler, marketRow, SPOT_ROWS, tickerMessage, watchlistHandlers } from '../testing/market-rows';

/** The home page's operator content (its sections are not what these tests look at). */
const emptyCollection = http.get('*/api/mjkj-web/cgform-api/getData/:code', () =>
  HttpResponse.json(envelope({ records: [], total: 0, size: -521, current: 1, pages: 0 })),
);
const server = useMswServer(emptyCollection);

const EURO = { exchange_value: '0.92', quote_currency: 'Euro', exchange_code: 'EUR', rate: '0.92', symbol: '€' };
const plugins = [
  { manifest: homeManifest, web: homeWeb },
  { manifest, web: webPlugin },
];
const open = (path: string) => renderShell(path, { plugins, fetch: (input, init) => globalThis.fetch(input, init) });
/** A contracts plugin's trading page, the route the markets plugin needs before it lists contracts. */
const contractScreen = plugin('contracts', {
  routes: [{ name: CONTRACT_EXCHANGE_ROUTE, path: '/exchange/full-contract/:symbol', layout: 'bare', page: page('contract screen') }],
});
/** The pages on a site that trades contracts. */
const openWithContracts = (path: string) => renderShell(path, { plugins: [...plugins, contractScreen], fetch: (input, init) => globalThis.fetch(input, init) });
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

function rowOf(symbol: string): HTMLElement {
  return document.querySelector<HTMLElement>(`tr[data-symbol="${symbol}"]`)!;
}

describe('markets page', () => {
  it('shows the spot table with prices in the display currency, coloured changes and the demo tag', async () => {
    server.use(initDataHandler());
    const { root } = await open('/market/main');
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
    expect(screen.getByTestId('markets-demo-tag').textContent).toBe('Demo prices');
    const btc = within(rowOf('BTC/USDT'));
    expect(btc.getByText('$67,250.15')).toBeTruthy();
    expect(btc.getByText('+2.35%').dataset.tone).toBe('up');
    expect(within(rowOf('XRP/USDT')).getByText('-1.12%').dataset.tone).toBe('down');
    expect(within(rowOf('LTC/USDT')).getAllByText('--')).toHaveLength(5);

    act(() => root.setCurrency(EURO));
    // 67250.15 × 0.92 = 61870.138, shown truncated.
    expect(within(rowOf('BTC/USDT')).getByText('€61,870.13')).toBeTruthy();
  });

  it("values a market quoted in another coin through that coin's USDT market, live, and one without it in its quote", async () => {
    const ethBtc = marketRow('ETH/BTC', { close: '0.05', high: '0.051', low: '0.049', amount: '12.5', price_scale: 6 });
    const unvalued = marketRow('XYZ/FOO', { close: '2.5', high: null, low: null, amount: '1000' });
    server.use(initDataHandler({}, [SPOT_ROWS[0]!, ethBtc, unvalued]));
    const { root, realtime } = await open('/market/main');
    await waitFor(() => expect(rowOf('ETH/BTC')).toBeTruthy());
    const cells = (symbol: string) => [...rowOf(symbol).querySelectorAll('td')].slice(-5).map((cell) => cell.textContent);
    // 0.05 BTC × 67,250.15 = 3,362.5075, 0.051 BTC 3,429.757…; 12.5 BTC × 67,250.15 = 840,626.875 (shown truncated)
    expect(cells('ETH/BTC')).toEqual(['$3,362.50', '0.00%', '$3,429.75', '$3,295.25', '$840,626.87']);
    expect(cells('XYZ/FOO')).toEqual(['2.500000 FOO', '0.00%', '--', '--', '1,000.00 FOO']);
    act(() => realtime.emit('index', tickerMessage([{ ...SPOT_ROWS[0]!, close: '70000' }])));
    expect(cells('ETH/BTC')[0]).toBe('$3,500.00');
    act(() => root.setCurrency(EURO));
    expect(cells('ETH/BTC')[0]).toBe('€3,220.00');
  });

  it('offers no contract tab and loads no contract on a site without a contract trading page', async () => {
    const counts: Record<string, number> = {};
    server.use(initDataHandler(counts));
    const { realtime } = await open('/market/main');
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
    expect(tabNames()).toEqual([en.tabFavourites, en.tabSpot]);
    expect(screen.queryByText(en.tabUbw)).toBeNull();
    expect(counts).toEqual({ spot: 1 });
    expect(realtime.topics).toEqual(['index']);
    for (const row of document.querySelectorAll<HTMLElement>('tr[data-symbol]')) {
      expect(row.querySelector('.mk-pair-link')!.getAttribute('href')).toBe(`/exchange/index?symbol=${row.dataset.symbol!.replace('/', '_')}`);
    }
  });

  it('switches to the USDT-M and Coin-M contracts on a site with a contract trading page', async () => {
    server.use(initDataHandler());
    await openWithContracts('/market/main');
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
    expect(tabNames()).toEqual([en.tabFavourites, en.tabSpot, en.tabUbw, en.tabBbw]);
    fireEvent.click(screen.getByText('USDT-M'));
    await waitFor(() => expect(within(rowOf('BTC/USDT')).getByText('$67,262.40')).toBeTruthy());
    expect(rowOf('BTC/USD')).toBeNull();
    fireEvent.click(screen.getByText('Coin-M'));
    await waitFor(() => expect(within(rowOf('BTC/USD')).getByText('-0.50%')).toBeTruthy());
  });

  it('offers a retry after a failed load', async () => {
    server.use(http.get('*/api/mjkj-web/coin/open/market/initData', () => HttpResponse.json(envelope(null, 500, 'busy'))));
    await open('/market/main');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The market data could not be loaded.'));
    server.use(initDataHandler());
    // A retry within the one-second guard would reuse the failed request.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fireEvent.click(screen.getByText('Retry'));
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
  });
});

describe('live markets page', () => {
  it('follows all_symbol_detail while open, shows a ticker as it arrives with the move colour, and stops when left', async () => {
    server.use(initDataHandler());
    const { root, realtime } = await openWithContracts('/market/main');
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
    expect(realtime.topics).toContain('all_symbol_detail');
    act(() => realtime.emit('all_symbol_detail', tickerMessage([{ ...SPOT_ROWS[0]!, close: '68000.5', zdf: '-0.4', demo: false }])));
    const last = rowOf('BTC/USDT').querySelector<HTMLElement>('[data-column="last"] [data-move]')!;
    expect(last.textContent).toBe('$68,000.50');
    expect(last.dataset.move).toBe('up');
    expect(last.className).toContain('mk-price--up');
    expect(within(rowOf('BTC/USDT')).getByText('-0.40%').dataset.tone).toBe('down');
    // The live row is no demo any more; the demo rows keep their mark.
    expect(rowOf('BTC/USDT').querySelector('.mk-demo-mark')).toBeNull();
    expect(within(rowOf('ETH/USDT')).getByText('Demo')).toBeTruthy();

    act(() => realtime.emit('all_symbol_detail', tickerMessage([{ ...SPOT_ROWS[0]!, close: '67999' }])));
    expect(rowOf('BTC/USDT').querySelector<HTMLElement>('[data-move]')!.dataset.move).toBe('down');

    server.use(http.get('*/api/mjkj-web/coin/open/getCoinRate', () => HttpResponse.json(envelope([EURO]))));
    act(() => root.navigate('/rate/index'));
    await waitFor(() => expect(realtime.topics).toEqual(['index']));
  });

  it('opens the trading screen of a row: the spot exchange page, or the contract trading page the site has', async () => {
    server.use(initDataHandler());
    const { root } = await openWithContracts('/market/main');
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
    const navigated: string[] = [];
    root.navigate = (to: string) => void navigated.push(to);
    fireEvent.click(within(rowOf('XRP/USDT')).getByText('-1.12%'));
    fireEvent.click(screen.getByText('Coin-M'));
    await waitFor(() => expect(rowOf('BTC/USD')).toBeTruthy());
    expect(rowOf('BTC/USD').querySelector('.mk-pair-link')!.getAttribute('href')).toBe('/exchange/full-contract/BTC_USD');
    fireEvent.click(within(rowOf('BTC/USD')).getByText('-0.50%'));
    expect(navigated).toEqual(['/exchange/index?symbol=XRP_USDT', '/exchange/full-contract/BTC_USD']);
  });
});

describe('favourites', () => {
  function memberHandlers(items: WatchlistItem[]) {
    return [
      // The shell asks for the profile and the repay state after a sign-in.
      http.get('*/api/mjkj-web/coin/member/getMemberInfo', () => HttpResponse.json(envelope({ id: '7', uid: '48213377' }))),
      http.get('*/api/mjkj-web/coin/member/returnApplyQuery', () => HttpResponse.json(envelope({ status: 0 }))),
      ...watchlistHandlers(items),
    ];
  }

  it('asks a signed-out visitor to sign in, and shows no stars', async () => {
    server.use(initDataHandler());
    await open('/market/main');
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
    expect(document.querySelector('.mk-star')).toBeNull();
    fireEvent.click(screen.getByText('Favourites'));
    await waitFor(() => expect(screen.getByTestId('markets-favourites-sign-in').textContent).toContain('Sign in to keep your favourite markets.'));
  });

  it('lets a member star markets and lists them in the Favourites tab', async () => {
    const items: WatchlistItem[] = [{ symbol_name: CONTRACT_ROWS[1]!.symbol_name, contract_type: 2 }];
    server.use(initDataHandler(), ...memberHandlers(items));
    const { root } = await openWithContracts('/market/main');
    await act(() => root.session.login({ access_token: 'access', refresh_token: 'refresh', user_id: '7' }));
    const star = (symbol: string) => rowOf(symbol).querySelector<HTMLButtonElement>('.mk-star')!;
    await waitFor(() => expect(star('BTC/USDT')).toBeTruthy());
    expect(star('BTC/USDT').getAttribute('aria-pressed')).toBe('false');
    expect(star('BTC/USDT').getAttribute('aria-label')).toBe('Add to favourites');
    fireEvent.click(star('BTC/USDT'));
    await waitFor(() => expect(star('BTC/USDT').getAttribute('aria-pressed')).toBe('true'));
    expect(star('BTC/USDT').getAttribute('aria-label')).toBe('Remove from favourites');

    fireEvent.click(screen.getByText('Favourites'));
    await waitFor(() => expect(rowOf('BTC/USD')).toBeTruthy());
    const favourites = [...document.querySelectorAll<HTMLElement>('tr[data-symbol]')].map((row) => row.dataset.symbol);
    expect(favourites).toEqual(['BTC/USD', 'BTC/USDT']);
    fireEvent.click(star('BTC/USD'));
    await waitFor(() => expect(rowOf('BTC/USD')).toBeNull());
    fireEvent.click(star('BTC/USDT'));
    await waitFor(() => expect(screen.getByText('Star a market to keep it here.')).toBeTruthy());
    expect(items).toEqual([]);
  });

  it('leaves a starred contract out on a site without a contract trading page', async () => {
    const items: WatchlistItem[] = [
      { symbol_name: CONTRACT_ROWS[1]!.symbol_name, contract_type: 2 },
      { symbol_name: 'ETH/USDT', contract_type: 0 },
    ];
    server.use(initDataHandler(), ...memberHandlers(items));
    const { root } = await open('/market/main');
    await act(() => root.session.login({ access_token: 'access', refresh_token: 'refresh', user_id: '7' }));
    await waitFor(() => expect(rowOf('ETH/USDT').querySelector('.mk-star')).toBeTruthy());
    fireEvent.click(screen.getByText('Favourites'));
    await waitFor(() => expect([...document.querySelectorAll<HTMLElement>('tr[data-symbol]')].map((row) => row.dataset.symbol)).toEqual(['ETH/USDT']));
  });
});

describe('rates page', () => {
  it('shows the price board and lets the user choose a display currency', async () => {
    server.use(
      initDataHandler(),
      http.get('*/api/mjkj-web/coin/open/getCoinRate', () =>
        HttpResponse.json(envelope([{ exchange_value: '1', quote_currency: 'USD', exchange_code: 'USD', rate: '1', symbol: '$' }, EURO])),
      ),
    );
    const { root } = await open('/rate/index');
    await waitFor(() => expect(document.querySelector('tr[data-currency="EUR"]')).toBeTruthy());
    const tile = () => document.querySelector<HTMLElement>('.mk-tile[data-symbol="BTC/USDT"]')!;
    expect(within(tile()).getByText('$67,250.15')).toBeTruthy();
    expect(within(document.querySelector<HTMLElement>('tr[data-currency="USD"]')!).getByText('In use')).toBeTruthy();
    fireEvent.click(within(document.querySelector<HTMLElement>('tr[data-currency="EUR"]')!).getByText('Use'));
    expect(root.settings.currency.code).toBe('EUR');
    await waitFor(() => expect(within(tile()).getByText('€61,870.13')).toBeTruthy());
  });
});

describe('home market boards', () => {
  it('fills the gainers, new and hot boards; a currency switch changes symbol and value', async () => {
    server.use(initDataHandler());
    const { root } = await open('/home/index');
    const board = (id: string) => document.querySelector<HTMLElement>(`[data-board="${id}"]`)!;
    await waitFor(() => expect(board('gainers')).toBeTruthy());
    const symbols = (id: string) => [...board(id).querySelectorAll<HTMLElement>('[data-symbol]')].map((row) => row.dataset.symbol);
    expect(symbols('gainers')).toEqual(['DOGE/USDT', 'ETH/USDT', 'TON/USDT', 'BTC/USDT', 'XRP/USDT']);
    expect(symbols('new')).toEqual(['TON/USDT', 'AVAX/USDT']);
    expect(symbols('hot')).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']);
    expect(within(board('gainers')).getByText('$0.15872000')).toBeTruthy();
    act(() => root.setCurrency(EURO));
    expect(within(board('gainers')).getByText('€0.14602240')).toBeTruthy();
    expect(screen.getByText('View all markets').getAttribute('href')).toBe('/market/main');
  });

  it('list spot markets only, each opening the spot exchange page, with or without a contract trading page', async () => {
    for (const render of [open, openWithContracts]) {
      const counts: Record<string, number> = {};
      server.use(initDataHandler(counts));
      const { view } = await render('/home/index');
      await waitFor(() => expect(document.querySelector('[data-board="hot"] [data-symbol]')).toBeTruthy());
      const links = [...document.querySelectorAll<HTMLElement>('.mk-board__row')].map((row) => row.querySelector('.mk-pair-link')!.getAttribute('href'));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(/^\/exchange\/index\?symbol=[A-Z]+_USDT$/);
      expect(counts.contract).toBeUndefined();
      view.unmount();
    }
  });
});

describe('halted markets', () => {
  const marked = (element: Element | null) => element!.querySelector('[data-testid="markets-halted"]')?.textContent ?? null;

  it('stay listed, marked halted, on the markets page, the price board and the home boards', async () => {
    const rows = SPOT_ROWS.map((row) => (row.symbol_name === 'ETH/USDT' ? { ...row, halted: true } : row));
    server.use(initDataHandler({}, rows), http.get('*/api/mjkj-web/coin/open/getCoinRate', () => HttpResponse.json(envelope([EURO]))));
    const { root } = await open('/market/main');
    await waitFor(() => expect(marked(rowOf('ETH/USDT'))).toBe(en.halted));
    expect(marked(rowOf('BTC/USDT'))).toBeNull();
    expect(rowOf('ETH/USDT').textContent).toContain('$3,521.42');

    act(() => root.navigate('/rate/index'));
    await waitFor(() => expect(marked(document.querySelector('.mk-tile[data-symbol="ETH/USDT"]'))).toBe(en.halted));
    expect(marked(document.querySelector('.mk-tile[data-symbol="BTC/USDT"]'))).toBeNull();

    act(() => root.navigate('/home/index'));
    await waitFor(() => expect(marked(document.querySelector('[data-board="hot"] [data-symbol="ETH/USDT"]'))).toBe(en.halted));
    expect(marked(document.querySelector('[data-board="hot"] [data-symbol="BTC/USDT"]'))).toBeNull();
  });
});
