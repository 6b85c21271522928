import { createHmac, timingSafeEqual } from 'node:crypto';

/** Binance's "totalParams": the query string followed directly by the request body. */
export function totalParams(queryString: string, body: string): string {
  return `${queryString}${body}`;
}

/**
 * Splits totalParams at the signature parameter: what was signed is everything before "&signature=" (or the rest
 * without it); clients append the signature last.
 */
export function withoutSignature(queryString: string, body: string): { signed: string; signature: string | null } {
  const strip = (text: string) => {
    const pairs = text === '' ? [] : text.split('&');
    const signature = pairs.find((pair) => pair.startsWith('signature='));
    return { rest: pairs.filter((pair) => !pair.startsWith('signature=')).join('&'), signature: signature?.slice('signature='.length) ?? null };
  };
  const query = strip(queryString);
  const form = strip(body);
  return { signed: totalParams(query.rest, form.rest), signature: query.signature ?? form.signature };
}

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of the expected hex signature with the one sent (case-insensitive hex). */
export function signatureMatches(secret: string, payload: string, sent: string): boolean {
  const expected = Buffer.from(hmacHex(secret, payload), 'utf8');
  const given = Buffer.from(sent.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(expected, given);
}
