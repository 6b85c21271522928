// Error catalogue shared by server and web: response envelope, pages, codes and message keys.
import { PAGE_SIZE_ALL } from './constants';

/** Every API response body. `msg` is a message key (see ERROR_KEYS) or a plain text. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const ERROR_CODES = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  /** Not an error: the web does not toast it (e.g. the first step of a two-step login). */
  whitelisted: 405,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  rateLimited: 429,
  internal: 500,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ERROR_MESSAGES_EN = {
  'errors.badRequest': 'Bad request',
  'errors.fieldRequired': 'This field is required',
  'errors.fieldInvalid': 'This field is invalid',
  'errors.notFound': 'Not found',
  'errors.unauthorized': 'Please log in',
  'errors.forbidden': 'You do not have permission to do this',
  'errors.conflict': 'This already exists',
  'errors.tooLarge': 'The upload is too large',
  'errors.unsupportedMedia': 'This file type is not supported',
  'errors.rateLimited': 'Too many requests, please try again later',
  'errors.unknown': 'An unknown error occurred',
  'errors.busy': 'The system is currently busy, please contact the offline assistant',
} as const;
export type ErrorKey = keyof typeof ERROR_MESSAGES_EN;

/** `ERROR_KEYS.busy === 'errors.busy'` and so on. */
export const ERROR_KEYS = Object.freeze(
  Object.fromEntries(Object.keys(ERROR_MESSAGES_EN).map((k) => [k.slice('errors.'.length), k])),
) as { readonly [K in ErrorKey as K extends `errors.${infer S}` ? S : never]: K };

const DEFAULT_KEY_BY_CODE: Readonly<Record<number, ErrorKey>> = {
  [ERROR_CODES.badRequest]: 'errors.badRequest',
  [ERROR_CODES.unauthorized]: 'errors.unauthorized',
  [ERROR_CODES.forbidden]: 'errors.forbidden',
  [ERROR_CODES.notFound]: 'errors.notFound',
  [ERROR_CODES.conflict]: 'errors.conflict',
  [ERROR_CODES.tooLarge]: 'errors.tooLarge',
  [ERROR_CODES.unsupportedMedia]: 'errors.unsupportedMedia',
  [ERROR_CODES.rateLimited]: 'errors.rateLimited',
};

/** The generic message key for a status code; 'errors.unknown' for codes without one. */
export function defaultErrorKey(code: number): ErrorKey {
  return DEFAULT_KEY_BY_CODE[code] ?? 'errors.unknown';
}

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES_EN, value);
}

export interface ApiErrorOptions {
  /** The request field at fault, for form errors. */
  field?: string;
  /** Interpolation values for the message key. */
  params?: Record<string, string | number>;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: number;
  readonly msgKey: string;
  // `declare`: absent unless given (a plain field would be defined as undefined).
  declare readonly field?: string;
  declare readonly params?: Record<string, string | number>;

  constructor(code: number, msgKey: string = defaultErrorKey(code), options: ApiErrorOptions = {}) {
    super(msgKey, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.msgKey = msgKey;
    if (options.field !== undefined) this.field = options.field;
    if (options.params !== undefined) this.params = options.params;
  }

  static fieldRequired(field: string): ApiError {
    return new ApiError(ERROR_CODES.badRequest, 'errors.fieldRequired', { field, params: { field } });
  }

  static fieldInvalid(field: string): ApiError {
    return new ApiError(ERROR_CODES.badRequest, 'errors.fieldInvalid', { field, params: { field } });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function okEnvelope<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ERROR_CODES.ok, success: true, msg, data };
}

export function errorEnvelope<T = null>(code: number, msg: string, data: T = null as T): Envelope<T> {
  return { code, success: false, msg, data };
}

export const WHITELIST_CODES: readonly number[] = [ERROR_CODES.whitelisted];
export const WHITELIST_MESSAGES: readonly string[] = ['step 1 login succeeded'];

/** True for an unsuccessful response the web must not show as an error (code or message whitelisted). */
export function isWhitelisted(envelope: Pick<Envelope<unknown>, 'code' | 'msg'>): boolean {
  return WHITELIST_CODES.includes(envelope.code) || WHITELIST_MESSAGES.includes(envelope.msg);
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(entity: string, body: string): string {
  if (body[0] === '#') {
    const hex = body[1] === 'x' || body[1] === 'X';
    const cp = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    return Number.isInteger(cp) && cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)
      ? String.fromCodePoint(cp)
      : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/**
 * Turns a message that may contain HTML into plain text: drops comments, <script>/<style>
 * blocks and tags (line-breaking tags become spaces), decodes basic entities, collapses
 * whitespace and trims. The result is text to render as text, never as HTML.
 * A '<' that does not open a tag ('1 < 2') is kept. Tags cannot contain '<', which keeps this linear.
 */
export function stripHtml(input: string): string {
  if (typeof input !== 'string') return '';
  return input
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<\/?(?:br|p|div|li|ul|ol|tr|td|th|h[1-6])\b[^<>]*>/gi, ' ')
    .replace(/<\/?[A-Za-z][^<>]*>/g, '')
    .replace(/&(#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]+);/g, (entity, body: string) => decodeEntity(entity, body))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The highest page number a list route accepts: far past any real list, and its offset stays an exact integer. */
export const PAGE_NUMBER_MAX = 1_000_000;

/** The largest id of a table's auto-increment key (a serial, 32-bit, on PostgreSQL). */
export const ROW_ID_MAX = 2_147_483_647;

/** JSON schema of the id of a table's row: a larger one finds nothing, and PostgreSQL would refuse to compare it. */
export const ROW_ID_SCHEMA = { type: 'integer', minimum: 1, maximum: ROW_ID_MAX } as const;

/** The row id a text names ("42"), or null when it names none: not plain digits, or past the key's range. */
export function rowIdOf(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= ROW_ID_MAX ? id : null;
}

/** JSON schema of a 1-based page number (current, page, pageNo) with its default. */
export const PAGE_NUMBER_SCHEMA = { type: 'integer', minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 } as const;

/**
 * Builds a Page; pages = ceil(total / size). A size of PAGE_SIZE_ALL means one page holding
 * everything (1 page, or 0 when total is 0); any other size <= 0 gives 0 pages.
 * total and size must be integers, total >= 0.
 */
export function pageOf<T>(records: T[], total: number, size: number, current: number): Page<T> {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be a non-negative integer, got ${total}`);
  if (!Number.isSafeInteger(size)) throw new RangeError(`size must be an integer, got ${size}`);
  if (!Number.isSafeInteger(current)) throw new RangeError(`current must be an integer, got ${current}`);
  let pages: number;
  if (size === PAGE_SIZE_ALL) pages = total > 0 ? 1 : 0;
  else if (size <= 0) pages = 0;
  else pages = Math.ceil(total / size);
  return { records, total, size, current, pages };
}
