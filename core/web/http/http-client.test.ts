// @vitest-environment happy-dom
import { http as mswHttp, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClientOptions } from './http-client';
import { HttpError, isAbortError } from './http-error';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(overrides: Partial<HttpClientOptions> = {}) {
  const showError = vi.fn<(message: string) => void>();
  const options = {
    showError,
    head: 'mjkj-web',
    clientId: 'bourse-web',
    clientSecret: 'bourse-web-public',
    getToken: vi.fn(() => ''),
    getLanguage: vi.fn(() => 'de'),
    onUnauthorized: vi.fn(),
    unknownErrorText: () => 'Unbekannter Fehler',
    ...overrides,
  };
  return { http: createHttpClient(options), options: { ...options, showError } };
}

const envelope = (code: number, data: unknown, msg = 'success') => ({ code, success: code === 200, msg, data });

/** A fetch that never answers and rejects as the browser does when its signal aborts; `signal()` is the one it got. */
function hangingFetch(): { hanging: typeof fetch; signal: () => AbortSignal | undefined } {
  let signal: AbortSignal | undefined;
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      signal = init?.signal ?? undefined;
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { hanging, signal: () => signal };
}

describe('http client', () => {
  it('prefixes /api/{head}, sends Basic auth and mj-lang, no Blade-Auth without a token, and resolves data.data', async () => {
    let seen: Headers | null = null;
    let url = '';
    server.use(
      mswHttp.get('*/api/mjkj-web/coin/open/getSpotSymbols', ({ request }) => {
        seen = request.headers;
        url = request.url;
        return HttpResponse.json(envelope(200, [{ symbol: 'BTC/USDT' }]));
      }),
    );
    const { http } = client();
    await expect(http.get('/coin/open/getSpotSymbols', { query: { type: 1, skip: undefined } })).resolves.toEqual([{ symbol: 'BTC/USDT' }]);
    expect(seen!.get('authorization')).toBe(`Basic ${btoa('bourse-web:bourse-web-public')}`);
    expect(seen!.get('mj-lang')).toBe('de');
    expect(seen!.get('blade-auth')).toBeNull();
    expect(new URL(url).search).toBe('?type=1');
  });

  it('adds Blade-Auth: bearer <token> when a token exists and takes /api/ paths as they are', async () => {
    let auth: string | null = null;
    server.use(
      mswHttp.post('*/api/blade-auth/oauth/token', ({ request }) => {
        auth = request.headers.get('blade-auth');
        return HttpResponse.json({ access_token: 'a', refresh_token: 'r' });
      }),
    );
    const { http } = client({ getToken: () => 'tok-1' });
    await expect(http.post('/api/blade-auth/oauth/token')).resolves.toEqual({ access_token: 'a', refresh_token: 'r' });
    expect(auth).toBe('bearer tok-1');
  });

  it('posts JSON bodies and uploads multipart forms', async () => {
    const bodies: unknown[] = [];
    let uploadType = '';
    server.use(
      mswHttp.post('*/api/mjkj-web/coin/assets/getMyBill', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(envelope(200, { records: [] }));
      }),
      mswHttp.post('*/api/mjkj-web/cgform-api/upload/file', async ({ request }) => {
        uploadType = request.headers.get('content-type') ?? '';
        const form = await request.formData();
        return HttpResponse.json(envelope(200, { link: `/uploads/${(form.get('type') as string) ?? ''}` }));
      }),
    );
    const { http } = client();
    await http.post('/coin/assets/getMyBill', { current: 1 });
    expect(bodies).toEqual([{ current: 1 }]);
    const form = new FormData();
    form.append('type', 'id-front');
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(http.upload('/cgform-api/upload/file', form)).resolves.toEqual({ link: '/uploads/id-front' });
    expect(uploadType).toMatch(/^multipart\/form-data/);
  });

  it('shows the body msg with HTML stripped and rejects with code, msg and field', async () => {
    server.use(
      mswHttp.post('*/api/mjkj-web/coin/member/tradePwd', () =>
        HttpResponse.json({ code: 400, success: false, msg: '<b>Passwort</b> ist <i>ungültig</i>', data: { field: 'password' } }, { status: 400 }),
      ),
    );
    const { http, options } = client();
    const error = await http.post('/coin/member/tradePwd', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 400, msg: 'Passwort ist ungültig', field: 'password', kind: 'response' });
    expect(options.showError).toHaveBeenCalledWith('Passwort ist ungültig');
  });

  it('takes the code from the body over the HTTP status and uses error_description', async () => {
    server.use(
      mswHttp.get('*/api/mjkj-web/a', () => HttpResponse.json({ code: 500, msg: 'Serverfehler', data: null })),
      mswHttp.post('*/api/blade-auth/oauth/token', () =>
        HttpResponse.json({ error: 'invalid_grant', error_description: 'Falsches <br/>Passwort' }, { status: 400 }),
      ),
    );
    let now = 0;
    const { http, options } = client({ now: () => now });
    await expect(http.get('/a')).rejects.toMatchObject({ code: 500, msg: 'Serverfehler' });
    now += 5000;
    await expect(http.post('/api/blade-auth/oauth/token')).rejects.toMatchObject({ code: 400, msg: 'Falsches Passwort' });
    expect(options.showError.mock.calls).toEqual([['Serverfehler'], ['Falsches Passwort']]);
  });

  it('falls back to the translated unknown-error text', async () => {
    server.use(mswHttp.get('*/api/mjkj-web/a', () => new HttpResponse('oops', { status: 500 })));
    const { http, options } = client();
    await expect(http.get('/a')).rejects.toMatchObject({ code: 500, msg: 'Unbekannter Fehler' });
    expect(options.showError).toHaveBeenCalledWith('Unbekannter Fehler');
  });

  it('shows an error at most once per 2 s', async () => {
    server.use(mswHttp.get('*/api/mjkj-web/a', () => HttpResponse.json(envelope(400, null, 'bad'))));
    let now = 10_000;
    const { http, options } = client({ now: () => now });
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    now += 1_000;
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    now += 999;
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    expect(options.showError).toHaveBeenCalledTimes(1);
    now += 1;
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    expect(options.showError).toHaveBeenCalledTimes(2);
  });

  it('rejects white-listed codes and descriptions without a message', async () => {
    server.use(
      mswHttp.get('*/api/mjkj-web/w1', () => HttpResponse.json(envelope(405, null, 'anything'))),
      mswHttp.post('*/api/blade-auth/oauth/token', () =>
        HttpResponse.json({ error_description: 'step 1 login succeeded' }, { status: 400 }),
      ),
    );
    const { http, options } = client();
    await expect(http.get('/w1')).rejects.toMatchObject({ code: 405, quiet: true });
    await expect(http.post('/api/blade-auth/oauth/token')).rejects.toMatchObject({ code: 400, quiet: true });
    expect(options.showError).not.toHaveBeenCalled();
  });

  it('logs out on 401 (status or body code) without a message', async () => {
    server.use(
      mswHttp.get('*/api/mjkj-web/s', () => HttpResponse.json({ code: 401, msg: 'expired' }, { status: 401 })),
      mswHttp.get('*/api/mjkj-web/b', () => HttpResponse.json(envelope(401, null, 'expired'))),
    );
    const { http, options } = client();
    await expect(http.get('/s')).rejects.toMatchObject({ code: 401 });
    await expect(http.get('/b')).rejects.toMatchObject({ code: 401 });
    expect(options.onUnauthorized).toHaveBeenCalledTimes(2);
    expect(options.showError).not.toHaveBeenCalled();
  });

  it('treats a 401 of a sign-in call as wrong credentials: no logout, the message shows', async () => {
    server.use(mswHttp.post('*/api/mjkj-web/sign-in', () => HttpResponse.json(envelope(401, null, 'Wrong username or password'), { status: 401 })));
    const { http, options } = client();
    await expect(http.post('/sign-in', {}, { credentials: true })).rejects.toMatchObject({ code: 401, message: 'Wrong username or password' });
    expect(options.onUnauthorized).not.toHaveBeenCalled();
    expect(options.showError).toHaveBeenCalledWith('Wrong username or password');
  });

  it('rejects network errors and answers above 500 quietly', async () => {
    server.use(
      mswHttp.get('*/api/mjkj-web/down', () => HttpResponse.error()),
      mswHttp.get('*/api/mjkj-web/gateway', () => new HttpResponse('bad gateway', { status: 502 })),
    );
    const { http, options } = client();
    await expect(http.get('/down')).rejects.toMatchObject({ kind: 'network', quiet: true });
    await expect(http.get('/gateway')).rejects.toMatchObject({ kind: 'network', code: 502, quiet: true });
    expect(options.showError).not.toHaveBeenCalled();
  });

  it('does not show the message of a silent call', async () => {
    server.use(mswHttp.get('*/api/mjkj-web/a', () => HttpResponse.json(envelope(400, null, 'bad'))));
    const { http, options } = client();
    await expect(http.get('/a', { silent: true })).rejects.toMatchObject({ code: 400, msg: 'bad' });
    expect(options.showError).not.toHaveBeenCalled();
  });

  it('aborts after the timeout (300000 ms by default) and rejects quietly', async () => {
    vi.useFakeTimers();
    try {
      const { hanging, signal } = hangingFetch();
      const { http, options } = client({ fetch: hanging });
      const result = http.get('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(299_999);
      expect(signal()?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signal()?.aborted).toBe(true);
      await expect(result).resolves.toMatchObject({ kind: 'timeout', quiet: true });
      expect(options.showError).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a slow answer within the timeout still resolves', async () => {
    server.use(
      mswHttp.get('*/api/mjkj-web/slow', async () => {
        await delay(30);
        return HttpResponse.json(envelope(200, 'late'));
      }),
    );
    const { http } = client({ timeoutMs: 1000 });
    await expect(http.get('/slow')).resolves.toBe('late');
  });

  it('an aborted call cancels its fetch and rejects quietly as aborted', async () => {
    const signals: AbortSignal[] = [];
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        signals.push(init!.signal!);
        init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { http, options } = client({ fetch: hanging });
    const caller = new AbortController();
    const result = http.get('/coin/open/depth/BTC_USDT', { signal: caller.signal }).catch((e: unknown) => e);
    expect(signals[0]!.aborted).toBe(false);
    caller.abort();
    expect(signals[0]!.aborted).toBe(true);
    const error = await result;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'aborted', quiet: true, msg: '' });
    expect(isAbortError(error)).toBe(true);
    expect(options.showError).not.toHaveBeenCalled();
    expect(options.onUnauthorized).not.toHaveBeenCalled();
  });

  it('an error answer that arrives after the abort shows nothing and ends no session', async () => {
    server.use(
      mswHttp.get('*/api/mjkj-web/refused', () => HttpResponse.json(envelope(400, null, 'Ungültig'), { status: 400 })),
      mswHttp.get('*/api/mjkj-web/expired', () => HttpResponse.json(envelope(401, null, 'expired'), { status: 401 })),
    );
    // the fetch answers whatever its signal says: the abort comes too late to stop it
    const deaf: typeof fetch = (input) => globalThis.fetch(input);
    const { http, options } = client({ fetch: deaf });
    for (const path of ['/refused', '/expired']) {
      const caller = new AbortController();
      const result = http.get(path, { signal: caller.signal });
      caller.abort();
      await expect(result).rejects.toMatchObject({ kind: 'aborted', quiet: true });
    }
    expect(options.showError).not.toHaveBeenCalled();
    expect(options.onUnauthorized).not.toHaveBeenCalled();
  });

  it('a call whose signal is already aborted sends nothing', async () => {
    const sent = vi.fn<typeof fetch>();
    const { http, options } = client({ fetch: sent });
    await expect(http.post('/coin/open/x', { a: 1 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'aborted' });
    expect(sent).not.toHaveBeenCalled();
    expect(options.showError).not.toHaveBeenCalled();
  });

  it('a call with a signal still times out, and answers normally while the signal is not aborted', async () => {
    server.use(mswHttp.get('*/api/mjkj-web/a', () => HttpResponse.json(envelope(200, 'ok'))));
    await expect(client().http.get('/a', { signal: new AbortController().signal })).resolves.toBe('ok');
    vi.useFakeTimers();
    try {
      const { hanging, signal } = hangingFetch();
      const { http, options } = client({ fetch: hanging, timeoutMs: 1000 });
      const caller = new AbortController();
      const result = http.get('/slow', { signal: caller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000);
      expect(signal()?.aborted).toBe(true);
      caller.abort();
      const error = await result;
      expect(error).toMatchObject({ kind: 'timeout', quiet: true });
      expect(isAbortError(error)).toBe(false);
      expect(options.showError).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells aborted calls from other failures', () => {
    expect(isAbortError(new HttpError('aborted', 0, '', { quiet: true }))).toBe(true);
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbortError(new HttpError('network', 0, '', { quiet: true }))).toBe(false);
    expect(isAbortError(new Error('AbortError'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});

describe('http client downloads', () => {
  /** Records the links the client clicks to save a file, and the blobs behind them. */
  function savedFiles() {
    const saved: { name: string; text: Promise<string> }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: blobs.get(this.getAttribute('href')!)!.text() });
    });
    return saved;
  }
  afterEach(() => vi.restoreAllMocks());

  const CSV = { 'Content-Type': 'text/csv; charset=utf-8' };

  it('posts the body as JSON with the member headers and saves the answer under the name its header gives', async () => {
    let seen: Request | undefined;
    server.use(
      mswHttp.post('*/api/mjkj-web/coin/assets/exportRecords/bills', ({ request }) => {
        seen = request.clone();
        return new HttpResponse('time,amount\r\n', { headers: { ...CSV, 'Content-Disposition': 'attachment; filename="bills-20260501.csv"' } });
      }),
    );
    const saved = savedFiles();
    // a client secret outside Latin-1: sent as its UTF-8 bytes
    const { http } = client({ getToken: () => 'tok-1', clientSecret: 'geheim-ä' });
    await expect(http.download('/coin/assets/exportRecords/bills', { format: 'csv' }, { fileName: 'bills.csv' })).resolves.toBe('bills-20260501.csv');
    expect(saved.map((file) => file.name)).toEqual(['bills-20260501.csv']);
    await expect(saved[0]!.text).resolves.toBe('time,amount\r\n');
    expect(seen!.headers.get('authorization')).toBe(`Basic ${btoa('bourse-web:geheim-\u00c3\u00a4')}`);
    expect(seen!.headers.get('mj-lang')).toBe('de');
    expect(seen!.headers.get('blade-auth')).toBe('bearer tok-1');
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(await seen!.json()).toEqual({ format: 'csv' });
  });

  it("reads the RFC 5987 name before the plain one, and takes the caller's name when the answer gives none", async () => {
    server.use(
      mswHttp.post('*/api/mjkj-web/named', () =>
        new HttpResponse('x', { headers: { ...CSV, 'Content-Disposition': `attachment; filename="Einzahlungen _Mai_.csv"; filename*=UTF-8''Einzahlungen%20%E2%80%9EMai%E2%80%9C.csv` } }),
      ),
      mswHttp.post('*/api/mjkj-web/unnamed', () => new HttpResponse('y', { headers: CSV })),
    );
    const saved = savedFiles();
    const { http } = client();
    await expect(http.download('/named', {})).resolves.toBe('Einzahlungen „Mai“.csv');
    await expect(http.download('/unnamed', {}, { fileName: 'spot-orders.csv' })).resolves.toBe('spot-orders.csv');
    expect(saved.map((file) => file.name)).toEqual(['Einzahlungen „Mai“.csv', 'spot-orders.csv']);
  });

  it("adds the browser's time zone when asked, unless the body names one", async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.post('*/api/mjkj-web/export', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse('x', { headers: CSV });
      }),
    );
    savedFiles();
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'America/Sao_Paulo' };
    });
    const { http } = client();
    await http.download('/export', { format: 'csv' }, { timeZone: true });
    await http.download('/export', { format: 'csv', timeZone: 'Asia/Tokyo' }, { timeZone: true });
    await http.download('/export', { format: 'csv' });
    expect(bodies).toEqual([{ timeZone: 'America/Sao_Paulo', format: 'csv' }, { format: 'csv', timeZone: 'Asia/Tokyo' }, { format: 'csv' }]);
  });

  it('rejects an error envelope with its message and field, shows it once and saves nothing', async () => {
    server.use(
      mswHttp.post('*/api/mjkj-web/export', () =>
        HttpResponse.json({ code: 400, success: false, msg: 'Unbekannte <b>Zeitzone</b>', data: { field: 'timeZone' } }, { status: 400 }),
      ),
      // an error envelope can come with a 200 status too
      mswHttp.post('*/api/mjkj-web/refused', () => HttpResponse.json(envelope(400, null, 'Zu viele Zeilen'))),
    );
    const saved = savedFiles();
    let now = 0;
    const { http, options } = client({ now: () => now });
    const error = await http.download('/export', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'response', code: 400, msg: 'Unbekannte Zeitzone', field: 'timeZone', quiet: false });
    now += 5000;
    await expect(http.download('/refused', {}, { silent: true })).rejects.toMatchObject({ code: 400, msg: 'Zu viele Zeilen', quiet: true });
    expect(options.showError.mock.calls).toEqual([['Unbekannte Zeitzone']]);
    expect(saved).toEqual([]);
  });

  it('saves nothing when the download is aborted after its file arrived', async () => {
    server.use(mswHttp.post('*/api/mjkj-web/export', () => new HttpResponse('x', { headers: CSV })));
    const saved = savedFiles();
    const { http } = client({ fetch: (input, init) => globalThis.fetch(input, { ...init, signal: null }) });
    const caller = new AbortController();
    const result = http.download('/export', {}, { signal: caller.signal });
    caller.abort();
    await expect(result).rejects.toMatchObject({ kind: 'aborted' });
    expect(saved).toEqual([]);
  });

  it('ends the session on a 401 without a message', async () => {
    server.use(mswHttp.post('*/api/mjkj-web/export', () => HttpResponse.json(envelope(401, null, 'expired'), { status: 401 })));
    const saved = savedFiles();
    const { http, options } = client();
    await expect(http.download('/export', {})).rejects.toMatchObject({ code: 401, quiet: true });
    expect(options.onUnauthorized).toHaveBeenCalledOnce();
    expect(options.showError).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it('takes a non-2xx answer without a body as a failure of its status, and one above 500 as a quiet one', async () => {
    server.use(
      mswHttp.post('*/api/mjkj-web/gone', () => new HttpResponse(null, { status: 404 })),
      mswHttp.post('*/api/mjkj-web/gateway', () => new HttpResponse('<html>bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })),
    );
    const saved = savedFiles();
    let now = 0;
    const { http, options } = client({ now: () => now });
    await expect(http.download('/gone', {})).rejects.toMatchObject({ kind: 'response', code: 404, msg: 'Unbekannter Fehler' });
    now += 5000;
    await expect(http.download('/gateway', {})).rejects.toMatchObject({ kind: 'network', code: 502, quiet: true });
    expect(options.showError.mock.calls).toEqual([['Unbekannter Fehler']]);
    expect(saved).toEqual([]);
  });
});
