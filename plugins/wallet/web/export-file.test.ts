// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadExport, ExportError, fileNameOf } from './export-file';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const root = (logout = vi.fn()) => ({
  site: { api: { head: 'mjkj-web', clientId: 'bourse-web', clientSecret: 'bourse-web-public' } },
  settings: { language: 'de' },
  session: { accessToken: 'token-1', logout },
});

describe('fileNameOf', () => {
  it('reads plain and UTF-8 file names, else uses the fallback', () => {
    expect(fileNameOf('attachment; filename="bills-20260501.csv"', 'x')).toBe('bills-20260501.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''Einzahlungen%20Mai.xlsx", 'x')).toBe('Einzahlungen Mai.xlsx');
    expect(fileNameOf(null, 'deposits.csv')).toBe('deposits.csv');
  });
});

describe('downloadExport', () => {
  it("posts the filters and the browser's time zone with the member headers and saves the answer under its name", async () => {
    let seen: Request | undefined;
    server.use(
      http.post('*/api/mjkj-web/coin/assets/exportRecords/deposits', ({ request }) => {
        seen = request.clone();
        return new HttpResponse('PK\u0003\u0004', {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="deposits.xlsx"' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Europe/Berlin' };
    });
    await expect(downloadExport(root(), 'deposits', { currency: 'USDT', format: 'xlsx' })).resolves.toBe('deposits.xlsx');
    expect(saved).toEqual(['deposits.xlsx']);
    expect(seen!.headers.get('Blade-Auth')).toBe('bearer token-1');
    expect(seen!.headers.get('mj-lang')).toBe('de');
    expect(seen!.headers.get('Authorization')).toBe(`Basic ${btoa('bourse-web:bourse-web-public')}`);
    expect(await seen!.json()).toEqual({ currency: 'USDT', format: 'xlsx', timeZone: 'Europe/Berlin' });
  });

  it('rejects with the server message and ends the session on a 401', async () => {
    server.use(http.post('*/api/mjkj-web/coin/assets/exportRecords/bills', () => HttpResponse.json({ code: 401, success: false, msg: '<b>expired</b>', data: null }, { status: 401 })));
    const logout = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const failure = downloadExport(root(logout), 'bills', { format: 'csv' });
    await expect(failure).rejects.toBeInstanceOf(ExportError);
    await expect(failure).rejects.toThrow('expired');
    expect(logout).toHaveBeenCalledOnce();
    expect(click).not.toHaveBeenCalled();
  });
});
