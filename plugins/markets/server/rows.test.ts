import { describe, expect, it } from 'vitest';
import { decimalOut } from './rows';
import { demoTicker, turnover } from './demo-tickers';

describe('decimalOut', () => {
  it('drops the padding PostgreSQL numeric columns return', () => {
    expect(decimalOut('67250.150000000000000000')).toBe('67250.15');
    expect(decimalOut('100.000000000000000000')).toBe('100');
    expect(decimalOut('-2.430000000000000000')).toBe('-2.43');
    expect(decimalOut('-0.000')).toBe('0');
    expect(decimalOut('0.5234')).toBe('0.5234');
  });

  it('keeps a missing ticker as null', () => {
    expect(decimalOut(null)).toBeNull();
    expect(decimalOut(undefined)).toBeNull();
  });
});

describe('demo tickers', () => {
  it('derive turnover exactly, rounding half up to cents', () => {
    expect(turnover('0.5', '3')).toBe('1.50');
    expect(turnover('0.005', '1')).toBe('0.01');
    expect(turnover('0.004', '1')).toBe('0.00');
    expect(turnover('67250.15', '18452.381')).toBe('1240925390.11');
  });

  it('exist for the listed pairs only', () => {
    expect(demoTicker('BTC/USDT', 0)?.close).toBe('67250.15');
    expect(demoTicker('BTC/USDT', 1)?.close).toBe('67262.4');
    expect(demoTicker('BTC/EUR', 0)).toBeUndefined();
    expect(demoTicker('DOGE/USD', 2)).toBeUndefined();
  });
});
