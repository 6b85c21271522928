// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderShell } from '../../../../core/web/testing/render-shell';
import homeManifest from '../../../home/plugin';
import homeWeb from '../../../home/web/index';
import manifest from '../../plugin';
import webPlugin from '../index';
import { envelope, initDataHandler } from '../testing/market-rows';

/** The home page's operator content (its sections are not what these tests look at). */
const emptyCollection = http.get('*/api/mjkj-web/cgform-api/getData/:code', () =>
  HttpResponse.json(envelope({ records: [], total: 0, size: -521, current: 1, pages: 0 })),
);
const server = setupServer(emptyCollection);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

const EURO = { exchange_value: '0.92', quote_currency: 'Euro', exchange_code: 'EUR', rate: '0.92', symbol: '€' };
const plugins = [
  { manifest: homeManifest, web: homeWeb },
  { manifest, web: webPlugin },
];
const open = (path: string) => renderShell(path, { plugins, fetch: (input, init) => globalThis.fetch(input, init) });

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

  it('switches to the USDT-M and Coin-M contracts', async () => {
    server.use(initDataHandler());
    await open('/market/main');
    await waitFor(() => expect(rowOf('BTC/USDT')).toBeTruthy());
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
});
