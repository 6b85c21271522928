import type { DownloadOptions, HttpClient, HttpOptions } from '../../plugin-api';
import { ERROR_CODES, ERROR_TOAST_INTERVAL_MS, REQUEST_TIMEOUT_MS, isWhitelisted, stripHtml } from '../../shared';
import { fileNameOf, saveBlob } from './file-answer';
import { HttpError } from './http-error';

export interface HttpClientOptions {
  /** The configured web-API prefix: paths go under /api/{head}. */
  head: string;
  clientId: string;
  clientSecret: string;
  getToken: () => string | null | undefined;
  getLanguage: () => string;
  /** A 401 answer: the session ends. */
  onUnauthorized: () => void;
  /** Shows an error message to the user (the client throttles the calls). */
  showError: (message: string) => void;
  /** The "unknown error" text in the user's language. */
  unknownErrorText: () => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/** Answers in this range are read as API responses (spec §8); others count as network failures. */
const FIRST_RESPONSE_STATUS = 200;
const LAST_RESPONSE_STATUS = 500;

interface ResponseBody {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  error_description?: unknown;
  field?: unknown;
}

/** An answer read as an API response: its status and its JSON body (null when none). */
interface Answer {
  status: number;
  body: ResponseBody | null;
}

/** A download's file name when neither the answer nor the call names one. */
const DEFAULT_FILE_NAME = 'download';

export function apiUrl(head: string, path: string, query?: HttpOptions['query']): string {
  const base = path.startsWith('/api/') ? path : `/api/${head}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${base}${base.includes('?') ? '&' : '?'}${text}` : base;
}

function basicAuthorization(clientId: string, clientSecret: string): string {
  const bytes = new TextEncoder().encode(`${clientId}:${clientSecret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The shell's HTTP client (spec §7, §8): envelope unwrapping, auth headers, error display rules. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const now = options.now ?? (() => Date.now());
  const authorization = basicAuthorization(options.clientId, options.clientSecret);
  let lastErrorShownAt = Number.NEGATIVE_INFINITY;

  const showErrorThrottled = (message: string) => {
    const at = now();
    if (at - lastErrorShownAt < ERROR_TOAST_INTERVAL_MS) return;
    lastErrorShownAt = at;
    options.showError(message);
  };

  const headersFor = (extra: Record<string, string> | undefined, json: boolean): Record<string, string> => {
    const headers: Record<string, string> = {
      Authorization: authorization,
      'mj-lang': options.getLanguage(),
      Accept: 'application/json',
    };
    const token = options.getToken();
    if (token) headers['Blade-Auth'] = `bearer ${token}`;
    if (json) headers['Content-Type'] = 'application/json';
    return { ...headers, ...extra };
  };

  /** One request, its answer read by `read` within the timeout; no answer, or one above 500, is a quiet failure. */
  async function exchange<R>(
    method: 'GET' | 'POST',
    path: string,
    body: BodyInit | undefined,
    headers: Record<string, string>,
    opts: HttpOptions,
    read: (response: Response) => Promise<R>,
  ): Promise<R> {
    throwIfAborted(opts);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const unfollow = follow(opts.signal, controller);
    try {
      const response = await doFetch(apiUrl(options.head, path, opts.query), { method, headers, body, signal: controller.signal });
      if (response.status < FIRST_RESPONSE_STATUS || response.status > LAST_RESPONSE_STATUS) {
        throw new HttpError('network', response.status, '', { quiet: true });
      }
      return await read(response);
    } catch (error) {
      if (!timedOut && opts.signal?.aborted) throw abortedError(error);
      if (error instanceof HttpError) throw error;
      throw new HttpError(timedOut ? 'timeout' : 'network', 0, '', { quiet: true, cause: error });
    } finally {
      clearTimeout(timer);
      unfollow();
    }
  }

  async function send<T>(method: 'GET' | 'POST', path: string, body: BodyInit | undefined, json: boolean, opts: HttpOptions = {}): Promise<T> {
    const answer = await exchange(method, path, body, headersFor(opts.headers, json), opts, readAnswer);
    throwIfAborted(opts);
    return interpret<T>(answer.status, answer.body, opts);
  }

  async function download(path: string, body: object | undefined, opts: DownloadOptions = {}): Promise<string> {
    const payload = opts.timeZone ? { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, ...body } : body;
    const headers = headersFor({ Accept: '*/*', ...opts.headers }, payload !== undefined);
    const answer = await exchange('POST', path, payload === undefined ? undefined : JSON.stringify(payload), headers, opts, async (response) =>
      isFile(response)
        ? { file: await response.blob(), name: fileNameOf(response.headers.get('Content-Disposition')) ?? opts.fileName ?? DEFAULT_FILE_NAME }
        : readAnswer(response),
    );
    throwIfAborted(opts);
    if ('file' in answer) {
      saveBlob(answer.file, answer.name);
      return answer.name;
    }
    interpret(answer.status, answer.body, opts);
    // a success envelope where a file was expected
    throw new HttpError('response', answer.status, '', { quiet: true });
  }

  function interpret<T>(status: number, body: ResponseBody | null, opts: HttpOptions): T {
    const isEnvelope = body !== null && typeof body.code === 'number';
    const code = isEnvelope ? (body.code as number) : status;
    if (code === ERROR_CODES.ok) return (isEnvelope ? body.data : body) as T;

    const rawMessage = textOf(body?.msg) || textOf(body?.error_description);
    const fieldValue = body?.field ?? (body?.data as { field?: unknown } | null | undefined)?.field;
    const field = typeof fieldValue === 'string' ? fieldValue : undefined;
    if (isWhitelisted({ code, msg: rawMessage })) {
      throw new HttpError('response', code, '', { field, quiet: true });
    }
    if (code === ERROR_CODES.unauthorized && !opts.credentials) {
      options.onUnauthorized();
      throw new HttpError('response', code, stripHtml(rawMessage), { field, quiet: true });
    }
    const message = stripHtml(rawMessage) || options.unknownErrorText();
    if (!opts.silent) showErrorThrottled(message);
    throw new HttpError('response', code, message, { field, quiet: Boolean(opts.silent) });
  }

  return {
    get: (path, opts) => send('GET', path, undefined, false, opts),
    post: (path, body, opts) =>
      send('POST', path, body === undefined ? undefined : JSON.stringify(body), body !== undefined, opts),
    upload: (path, form, opts) => send('POST', path, form, false, opts),
    download,
  };
}

/** The rejection of a call its caller aborted: quiet, whatever the server answered (no message, no logout). */
function abortedError(cause?: unknown): HttpError {
  return new HttpError('aborted', 0, '', { quiet: true, cause });
}

/** An answer that arrives after its call was aborted is dropped the same way. */
function throwIfAborted(opts: HttpOptions): void {
  if (opts.signal?.aborted) throw abortedError(opts.signal.reason);
}

/**
 * Aborts the request's own controller (which also serves the timeout) when the caller's signal aborts; returns the
 * unhooking. By hand rather than AbortSignal.any, which browsers before 2024 lack.
 */
function follow(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => {};
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}

/** A download's answer is a file unless it is an error: not 2xx, or JSON (an envelope). */
function isFile(response: Response): boolean {
  return response.ok && !(response.headers.get('Content-Type') ?? '').includes('application/json');
}

async function readAnswer(response: Response): Promise<Answer> {
  return { status: response.status, body: await readJson(response) };
}

async function readJson(response: Response): Promise<ResponseBody | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as ResponseBody) : null;
  } catch {
    return null;
  }
}
