import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacHex, signatureMatches, withoutSignature } from './signature';

describe('signatures', () => {
  // The example of Binance's documentation (SIGNED endpoint, HMAC key).
  const secret = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
  const query = 'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';

  it('signs the query string as Binance documents it', () => {
    expect(hmacHex(secret, query)).toBe('c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71');
  });

  it('covers query string and body concatenated, without the signature parameter', () => {
    const body = 'quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
    const split = withoutSignature('symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC', `${body}&signature=abc`);
    expect(split).toEqual({ signed: `symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC${body}`, signature: 'abc' });
    expect(withoutSignature('a=1', '')).toEqual({ signed: 'a=1', signature: null });
  });

  it('compares in constant time and refuses other lengths or values', () => {
    const good = createHmac('sha256', secret).update(query).digest('hex');
    expect(signatureMatches(secret, query, good)).toBe(true);
    expect(signatureMatches(secret, query, good.toUpperCase())).toBe(true);
    expect(signatureMatches(secret, query, good.slice(1))).toBe(false);
    expect(signatureMatches(secret, `${query}1`, good)).toBe(false);
  });
});
