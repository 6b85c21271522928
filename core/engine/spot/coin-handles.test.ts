import { describe, expect, it } from 'vitest';
import { CoinHandles, UNKNOWN } from './coin-handles';

describe('CoinHandles', () => {
  it('keeps every handle through new currencies (wider rows) and new users (more rows)', () => {
    const handles = new CoinHandles(2);
    const expected = new Map<string, number>();
    const set = (user: number, currency: number) => {
      const handle = 1000 * user + currency;
      handles.set(user, currency, handle);
      expected.set(`${user}/${currency}`, handle);
    };
    const currencies: number[] = [];
    for (let user = 0; user < 40; user++) {
      // a currency added every few users: rows widen from 4 to 8 to 16 slots while rows are also added
      if (user % 3 === 0) currencies.push(handles.addCurrency());
      handles.reserveUser(user);
      for (const currency of currencies) if ((user + currency) % 2 === 0) set(user, currency);
    }
    expect(currencies).toEqual([...Array(14).keys()]);
    for (let user = 0; user < 40; user++) {
      for (const currency of currencies) expect(handles.get(user, currency)).toBe(expected.get(`${user}/${currency}`) ?? UNKNOWN);
    }
  });
});
