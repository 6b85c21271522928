/**
 * The Binance side of signed requests, shared by the plugins that mount /api/v3 endpoints: the error shape with
 * its HTTP status, and how a route turns its request into the strings the signature covers.
 */
import type { ApiRequest, RawJsonResult } from '../../../core/plugin-api';

/** A Binance error answer: `{ code, msg }` with the HTTP status Binance sends it with. */
export interface BinanceError {
  status: 400 | 401 | 418 | 429;
  code: number;
  msg: string;
}

export const RECV_WINDOW_DEFAULT_MS = 5000;
export const RECV_WINDOW_MAX_MS = 60_000;
/** How far a request's timestamp may lie ahead of the server clock. */
export const TIMESTAMP_AHEAD_MAX_MS = 1000;

export const BINANCE_ERRORS = {
  tooManyRequests: (limit: number): BinanceError => ({
    status: 429,
    code: -1003,
    msg: `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE.`,
  }),
  banned: (until: number): BinanceError => ({ status: 418, code: -1003, msg: `Way too much request weight used; IP banned until ${until}.` }),
  invalidTimestamp: (): BinanceError => ({ status: 400, code: -1021, msg: "Timestamp for this request is outside of the recvWindow." }),
  invalidSignature: (): BinanceError => ({ status: 400, code: -1022, msg: 'Signature for this request is not valid.' }),
  mandatoryParam: (name: string): BinanceError => ({
    status: 400,
    code: -1102,
    msg: `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
  }),
  badRecvWindow: (): BinanceError => ({ status: 400, code: -1131, msg: `recvWindow must be less than ${RECV_WINDOW_MAX_MS}.` }),
  badApiKeyFormat: (): BinanceError => ({ status: 401, code: -2014, msg: 'API-key format invalid.' }),
  rejectedApiKey: (): BinanceError => ({ status: 401, code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' }),
} as const;

export function isBinanceError(value: unknown): value is BinanceError {
  return typeof value === 'object' && value !== null && typeof (value as BinanceError).code === 'number' && typeof (value as BinanceError).msg === 'string';
}

/** The route answer for a Binance error, outside the platform's envelope. */
export function binanceErrorResult(error: BinanceError): RawJsonResult {
  return { kind: 'raw-json', status: error.status, body: { code: error.code, msg: error.msg } };
}

/** A route's answer in Binance's shape (no envelope). */
export function binanceResult(body: unknown): RawJsonResult {
  return { kind: 'raw-json', body };
}

/** What the authentication needs of a route's request. */
export function signedRequestOf(request: ApiRequest): { apiKey: string | undefined; queryString: string; body: string; ip: string } {
  const header = request.headers['x-mbx-apikey'];
  return {
    apiKey: Array.isArray(header) ? header[0] : header,
    queryString: request.rawQuery,
    body: request.rawBody,
    ip: request.ip,
  };
}
