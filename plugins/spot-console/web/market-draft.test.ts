import { describe, expect, it } from 'vitest';
import { PRICE_BAND_MAX as ENGINE_PRICE_BAND_MAX } from '../../../core/engine';
import type { ConsoleMarket } from '../../spot/shared/types';
import { changesAnything, draftFieldOf, draftOfMarket, marketInputOf, marketUpdateOf, NEW_MARKET_DRAFT, percentOfPpm, ppmOfPercent, PRICE_BAND_MAX } from './market-draft';

const ETH_BTC: ConsoleMarket = {
  symbol: 'ETH/BTC',
  base: 'ETH',
  quote: 'BTC',
  priceScale: 6,
  qtyScale: 4,
  tickSize: '0.000001',
  lotSize: '0.0001',
  minNotional: '0.001',
  makerFeePpm: 500,
  takerFeePpm: 1000,
  selfTrade: 'cancelTaker',
  priceBandPercent: 0,
  halted: false,
};

const complete = { ...NEW_MARKET_DRAFT, symbol: 'eth/btc', tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFee: '0.05', takerFee: '0.1' };

describe('fees in percent', () => {
  it.each([
    [1000, '0.1'],
    [500, '0.05'],
    [1, '0.0001'],
    [0, '0'],
    [100_000, '10'],
  ])('%i ppm is %s %% and back', (ppm, percent) => {
    expect(percentOfPpm(ppm)).toBe(percent);
    expect(ppmOfPercent(percent)).toBe(ppm);
  });

  it.each(['', '1.', '.5', '-1', '0.00001', '1e3', 'abc'])('refuses %j', (text) => {
    expect(ppmOfPercent(text)).toBeUndefined();
  });
});

describe('the add form', () => {
  it('sends the symbol in capitals, scales as numbers and fees in ppm', () => {
    expect(marketInputOf(complete)).toEqual({
      ok: true,
      body: { symbol: 'ETH/BTC', priceScale: 8, qtyScale: 8, tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFeePpm: 500, takerFeePpm: 1000, selfTrade: 'cancelTaker', priceBandPercent: 0 },
    });
  });

  it('sends the price band as a whole number of percent, at most the engine’s', () => {
    expect(PRICE_BAND_MAX).toBe(ENGINE_PRICE_BAND_MAX);
    expect(marketInputOf({ ...complete, priceBandPercent: '20' })).toMatchObject({ ok: true, body: { priceBandPercent: 20 } });
    expect(marketInputOf({ ...complete, priceBandPercent: '100' })).toEqual({ ok: false, problems: [{ field: 'priceBandPercent', problem: 'scaleRange', params: { max: 99 } }] });
  });

  it.each([
    [{ symbol: '' }, 'symbol', 'required'],
    [{ symbol: 'ETHBTC' }, 'symbol', 'invalidSymbol'],
    [{ symbol: 'ETH/BTC/USDT' }, 'symbol', 'invalidSymbol'],
    [{ priceScale: '' }, 'priceScale', 'required'],
    [{ tickSize: '' }, 'tickSize', 'required'],
    [{ lotSize: '0.' }, 'lotSize', 'invalidNumber'],
    [{ minNotional: '' }, 'minNotional', 'required'],
    [{ makerFee: '' }, 'makerFee', 'required'],
    [{ takerFee: '0.12345' }, 'takerFee', 'invalidNumber'],
    [{ priceBandPercent: '' }, 'priceBandPercent', 'required'],
    [{ priceBandPercent: '2.5' }, 'priceBandPercent', 'invalidNumber'],
  ])('refuses %j on %s (%s) before sending', (changes, field, problem) => {
    expect(marketInputOf({ ...complete, ...changes })).toEqual({ ok: false, problems: [{ field, problem }] });
  });

  it.each([
    [{ priceScale: '19' }, 'priceScale', 'scaleRange', { max: 18 }],
    [{ qtyScale: '30' }, 'qtyScale', 'scaleRange', { max: 18 }],
    [{ tickSize: '0' }, 'tickSize', 'notPositive', undefined],
    [{ lotSize: '0.000' }, 'lotSize', 'notPositive', undefined],
    [{ priceScale: '4' }, 'tickSize', 'tooManyDecimals', { max: 4 }],
    [{ qtyScale: '2' }, 'lotSize', 'tooManyDecimals', { max: 2 }],
    [{ makerFee: '10.0001' }, 'makerFee', 'feeTooHigh', { max: '10' }],
    [{ takerFee: '11' }, 'takerFee', 'feeTooHigh', { max: '10' }],
  ])('refuses %j on %s (%s, %j) rather than leave the server to name no limit', (changes, field, problem, params) => {
    expect(marketInputOf({ ...complete, ...changes })).toEqual({ ok: false, problems: [{ field, problem, ...(params && { params }) }] });
  });

  it('names every field at fault at once: the empty form gives every required field, in the order of the form', () => {
    expect(marketInputOf(NEW_MARKET_DRAFT)).toEqual({
      ok: false,
      problems: ['symbol', 'tickSize', 'lotSize', 'minNotional', 'makerFee', 'takerFee'].map((field) => ({ field, problem: 'required' })),
    });
  });

  it('names a bad number and an empty field together', () => {
    expect(marketInputOf({ ...complete, lotSize: '0', takerFee: '' })).toEqual({
      ok: false,
      problems: [
        { field: 'lotSize', problem: 'notPositive' },
        { field: 'takerFee', problem: 'required' },
      ],
    });
    expect(marketInputOf({ ...complete, symbol: 'ETHBTC', priceScale: '19', makerFee: '12', priceBandPercent: '' })).toEqual({
      ok: false,
      problems: [
        { field: 'symbol', problem: 'invalidSymbol' },
        { field: 'priceScale', problem: 'scaleRange', params: { max: 18 } },
        { field: 'makerFee', problem: 'feeTooHigh', params: { max: '10' } },
        { field: 'priceBandPercent', problem: 'required' },
      ],
    });
  });

  it('holds a step against its scale only when the scale itself is good', () => {
    expect(marketInputOf({ ...complete, priceScale: '', tickSize: '0.000000001' })).toEqual({ ok: false, problems: [{ field: 'priceScale', problem: 'required' }] });
    expect(marketInputOf({ ...complete, priceScale: '19', tickSize: '0' })).toEqual({
      ok: false,
      problems: [
        { field: 'priceScale', problem: 'scaleRange', params: { max: 18 } },
        { field: 'tickSize', problem: 'notPositive' },
      ],
    });
  });

  it('takes the limits themselves: 18 decimals, a step of exactly the decimals, a fee of 10 %, no minimum notional', () => {
    const limits = { priceScale: '18', qtyScale: '3', tickSize: '0.000000000000000001', lotSize: '0.001', minNotional: '0', makerFee: '10', takerFee: '10.0000' };
    expect(marketInputOf({ ...complete, ...limits })).toMatchObject({ ok: true, body: { priceScale: 18, qtyScale: 3, makerFeePpm: 100_000, takerFeePpm: 100_000 } });
  });
});

describe('the edit form', () => {
  it('starts from the market with fees in percent', () => {
    expect(draftOfMarket(ETH_BTC)).toMatchObject({ symbol: 'ETH/BTC', priceScale: '6', makerFee: '0.05', takerFee: '0.1', selfTrade: 'cancelTaker' });
  });

  it('sends only what changed; an equal decimal written differently is no change', () => {
    const unchanged = marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), minNotional: '0.0010' });
    expect(unchanged).toEqual({ ok: true, body: { symbol: 'ETH/BTC' } });
    expect(changesAnything((unchanged as { body: { symbol: string } }).body)).toBe(false);

    const changed = marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), takerFee: '0.2', lotSize: '0.01', selfTrade: 'cancelResting' });
    expect(changed).toEqual({ ok: true, body: { symbol: 'ETH/BTC', lotSize: '0.01', takerFeePpm: 2000, selfTrade: 'cancelResting' } });
  });

  it('sets and clears the price band', () => {
    expect(draftOfMarket(ETH_BTC).priceBandPercent).toBe('0');
    expect(marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), priceBandPercent: '15' })).toEqual({ ok: true, body: { symbol: 'ETH/BTC', priceBandPercent: 15 } });
    const banded = { ...ETH_BTC, priceBandPercent: 15 };
    expect(draftOfMarket(banded).priceBandPercent).toBe('15');
    expect(marketUpdateOf(banded, { ...draftOfMarket(banded), priceBandPercent: '0' })).toEqual({ ok: true, body: { symbol: 'ETH/BTC', priceBandPercent: 0 } });
  });

  it('refuses an emptied field', () => {
    expect(marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), tickSize: '' })).toEqual({ ok: false, problems: [{ field: 'tickSize', problem: 'required' }] });
  });

  it('names every field at fault at once, and none of a good draft', () => {
    const emptied = { ...draftOfMarket(ETH_BTC), tickSize: '', lotSize: '', minNotional: '', makerFee: '', takerFee: '', priceBandPercent: '' };
    expect(marketUpdateOf(ETH_BTC, emptied)).toEqual({
      ok: false,
      problems: ['tickSize', 'lotSize', 'minNotional', 'makerFee', 'takerFee', 'priceBandPercent'].map((field) => ({ field, problem: 'required' })),
    });
    expect(marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), tickSize: '0.0000001', takerFee: '' })).toEqual({
      ok: false,
      problems: [
        { field: 'tickSize', problem: 'tooManyDecimals', params: { max: 6 } },
        { field: 'takerFee', problem: 'required' },
      ],
    });
    expect(marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), makerFee: '0.02' })).toEqual({ ok: true, body: { symbol: 'ETH/BTC', makerFeePpm: 200 } });
  });

  it('checks the steps against the market’s decimals and the fees against 10 %', () => {
    expect(marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), tickSize: '0.0000001' })).toEqual({ ok: false, problems: [{ field: 'tickSize', problem: 'tooManyDecimals', params: { max: 6 } }] });
    expect(marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), lotSize: '0' })).toEqual({ ok: false, problems: [{ field: 'lotSize', problem: 'notPositive' }] });
    expect(marketUpdateOf(ETH_BTC, { ...draftOfMarket(ETH_BTC), takerFee: '12' })).toEqual({ ok: false, problems: [{ field: 'takerFee', problem: 'feeTooHigh', params: { max: '10' } }] });
  });
});

describe('server fields', () => {
  it('shows fee refusals on the percent fields and others on their own field', () => {
    expect(draftFieldOf('makerFeePpm')).toBe('makerFee');
    expect(draftFieldOf('takerFeePpm')).toBe('takerFee');
    expect(draftFieldOf('tickSize')).toBe('tickSize');
    expect(draftFieldOf('priceBandPercent')).toBe('priceBandPercent');
    expect(draftFieldOf('symbol')).toBe('symbol');
    expect(draftFieldOf('halted')).toBeUndefined();
    expect(draftFieldOf(undefined)).toBeUndefined();
  });
});
