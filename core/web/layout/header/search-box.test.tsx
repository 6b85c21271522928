// @vitest-environment happy-dom
import './search-panel';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchContribution, SearchItem } from '../../../plugin-api';
import { SEARCH_LOADING_MS } from '../../../shared';
import { page, plugin } from '../../testing/fixtures';
import { renderShell } from '../../testing/render-shell';
import { normalizeSymbol, searchView } from '../../store/search-store';

const SPOT: SearchItem[] = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'XRP/USDT', 'DOGE/USDT', 'ADA/USDT', 'TRX/USDT', 'DOT/USDT', 'LTC/USDT', 'ETH/BTC'].map(
  (symbol, index) => ({ symbol, close: `${100 + index}.5`, zdf: index % 2 ? '-1.2' : '2.5' }),
);

function spotProvider(overrides: Partial<SearchContribution> = {}): SearchContribution {
  return { tab: 'spot', load: vi.fn(async () => SPOT), open: vi.fn(), ...overrides };
}

let roots: Array<{ dispose(): void }> = [];
beforeEach(() => localStorage.clear());
function resetShell() {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
}

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
});

async function shell(search: SearchContribution[]) {
  const result = await renderShell('/home/index', {
    plugins: [plugin('markets', { routes: [{ name: 'home', path: '/home/index', page: page('home page') }], search })],
  });
  roots.push(result.root);
  await screen.findByText('home page');
  return result;
}

const input = () => screen.getByRole('textbox', { name: 'Search coins' });
const panel = () => screen.getByRole('dialog', { name: 'Search coins' });
const rowSymbols = (list: string) =>
  Array.from(panel().querySelectorAll(`[data-list="${list}"] .bourse-search__symbol`)).map((node) => node.textContent);

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function open() {
  vi.useFakeTimers();
  fireEvent.focus(input());
  await advance(SEARCH_LOADING_MS + 10);
}

describe('search view', () => {
  it('ignores case, "/" and "_"', () => {
    expect(normalizeSymbol('BTC_usdt')).toBe(normalizeSymbol('btc/USDT'));
    const rows = SPOT.map((item) => ({ item, provider: spotProvider() as never }));
    expect(searchView(rows, 'eth_usdt')).toMatchObject({ kind: 'results', rows: [{ item: { symbol: 'ETH/USDT' } }] });
    expect(searchView(rows, '')).toMatchObject({ kind: 'hot' });
  });
});

describe('search box', () => {
  it('shows a 500 ms loading state on open, then the hot list of 8', async () => {
    await shell([spotProvider()]);
    vi.useFakeTimers();
    fireEvent.focus(input());
    await advance(10);
    expect(within(panel()).getByRole('status')).toBeTruthy();
    await advance(SEARCH_LOADING_MS - 30);
    expect(within(panel()).queryByRole('status')).not.toBeNull();
    await advance(30);
    expect(within(panel()).queryByRole('status')).toBeNull();
    expect(rowSymbols('hot')).toEqual(SPOT.slice(0, 8).map((item) => item.symbol));
  });

  it('filters by symbol text', async () => {
    await shell([spotProvider()]);
    await open();
    fireEvent.change(input(), { target: { value: 'eth' } });
    expect(rowSymbols('results')).toEqual(['ETH/USDT', 'ETH/BTC']);
    fireEvent.change(input(), { target: { value: 'btc_usdt' } });
    expect(rowSymbols('results')).toEqual(['BTC/USDT']);
  });

  it('marks a halted market in place of its change', async () => {
    const halted = SPOT.map((item) => (item.symbol === 'ETH/USDT' ? { ...item, halted: true } : item));
    await shell([spotProvider({ load: vi.fn(async () => halted) })]);
    await open();
    fireEvent.change(input(), { target: { value: 'eth' } });
    const rows = panel().querySelectorAll('[data-list="results"] .bourse-search__row');
    expect(rows[0]!.querySelector('.bourse-search__halted')?.textContent).toBe('Halted');
    expect(rows[0]!.textContent).not.toContain('%');
    expect(rows[1]!.querySelector('.bourse-search__halted')).toBeNull();
  });

  it('shows the empty message and 4 suggestions when nothing matches', async () => {
    await shell([spotProvider()]);
    await open();
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect(within(panel()).getByText('No matching results')).toBeTruthy();
    expect(rowSymbols('suggestions')).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'XRP/USDT']);
  });

  it('hides a tab without a provider and shows both when both exist', async () => {
    await shell([spotProvider()]);
    await open();
    expect(within(panel()).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spot']);
    vi.useRealTimers();
    resetShell();
    const contract = spotProvider({ tab: 'contract', load: vi.fn(async () => [{ symbol: 'BTCUSDT' }]) });
    await shell([spotProvider(), contract]);
    await open();
    const tabs = within(panel()).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Spot', 'Contract']);
    fireEvent.click(tabs[1]!);
    await advance(10);
    expect(rowSymbols('hot')).toEqual(['BTCUSDT']);
  });

  it('renders no search box when no plugin provides search', async () => {
    await shell([]);
    expect(screen.queryByRole('textbox', { name: 'Search coins' })).toBeNull();
  });

  it('clicking a row calls the provider open() and closes the panel', async () => {
    const provider = spotProvider();
    const { root } = await shell([provider]);
    await open();
    fireEvent.click(within(panel()).getByText('SOL/USDT'));
    expect(provider.open).toHaveBeenCalledWith(SPOT[2], root);
    expect(screen.queryByRole('dialog', { name: 'Search coins' })).toBeNull();
  });

  it('loads market data once per open, reused for at most one second', async () => {
    const provider = spotProvider();
    await shell([provider]);
    await open();
    expect(provider.load).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.focus(input());
    await advance(SEARCH_LOADING_MS + 10);
    expect(provider.load).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    await advance(1000);
    fireEvent.focus(input());
    await advance(SEARCH_LOADING_MS + 10);
    expect(provider.load).toHaveBeenCalledTimes(2);
  });
});
