// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadOrders } from './export-file';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('downloadOrders', () => {
  it("posts the filters without paging, the format and the browser's time zone, and saves the file", async () => {
    let body: unknown;
    server.use(
      http.post('*/api/mjkj-web/coin/entrust/exportSpotTradeLog', async ({ request }) => {
        body = await request.json();
        return new HttpResponse('PK\u0003\u0004', { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
      }),
    );
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'America/Sao_Paulo' };
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const root = {
      site: { api: { head: 'mjkj-web', clientId: 'bourse-web', clientSecret: 'bourse-web-public' } },
      settings: { language: 'en' },
      session: { accessToken: 'token-1', logout: vi.fn() },
    };
    await expect(downloadOrders(root, { symbol: 'BTC/USDT', side: 'buy', current: 2, size: 10 }, 'xlsx')).resolves.toBe('spot-orders.xlsx');
    expect(body).toEqual({ symbol: 'BTC/USDT', side: 'buy', format: 'xlsx', timeZone: 'America/Sao_Paulo' });
    expect(saved).toEqual(['spot-orders.xlsx']);
  });
});
