/** Why a request failed: the server answered with an error, no answer came, or the caller aborted the call. */
export type HttpErrorKind = 'response' | 'network' | 'timeout' | 'aborted';

/** The rejection of every failed call of the shell's HTTP client. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly kind: HttpErrorKind;
  /** The envelope code, or the HTTP status when the body has none (0 when no answer came). */
  readonly code: number;
  /** The message as shown to the user (HTML stripped), or '' when none was shown. */
  readonly msg: string;
  /** The request field at fault, when the server names one. */
  readonly field?: string;
  /** True when the failure was not shown to the user (white-listed, network, timeout, aborted). */
  readonly quiet: boolean;

  constructor(kind: HttpErrorKind, code: number, msg: string, options: { field?: string; quiet: boolean; cause?: unknown }) {
    super(msg || `${kind} error ${code}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.code = code;
    this.msg = msg;
    if (options.field !== undefined) this.field = options.field;
    this.quiet = options.quiet;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

/**
 * Whether a rejection comes from an aborted call: the HTTP client's (kind 'aborted') or a DOM 'AbortError'. Such a
 * call was given up on by its caller: it is no failure to show, retry or count.
 */
export function isAbortError(value: unknown): boolean {
  if (value instanceof HttpError) return value.kind === 'aborted';
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError';
}
