// The spot plugin over HTTP on both dialects: markets, place / cancel / fill with balances checked through the
// wallet, every bad input, a restart, concurrent orders against one balance, and the console's market routes.
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../core/engine/persistence';
import { SPOT_CONSOLE_PATHS, SPOT_MARKET_PATHS, SPOT_PATHS } from '../../plugins/spot/shared/types';
import EN from '../../locales/en/spot.json';
import FR from '../../locales/fr/spot.json';
import { parseCsv } from '../support/csv';
import { availableDialects, fetchJson } from './harness';
import { startWalletServer, type WalletMember, type WalletTestServer } from './wallet-harness';

const BTC = '/coin/entrust/exchange/BTC_USDT';
/** A text with its {{params}} filled in (English unless another language's texts are given). */
const enText = (key: keyof typeof EN, params: Record<string, string>, texts: typeof EN = EN) =>
  Object.entries(params).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, value), texts[key]);
const path = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((result, [key, value]) => result.replace(`:${key}`, String(value)), template);

for (const dialect of await availableDialects()) {
  describe(`spot orders (${dialect})`, () => {
    let server: WalletTestServer;
    /** How far the server's clock is set back. */
    let clockBack = 0;
    const start = (reuse?: WalletTestServer) =>
      startWalletServer(dialect, { reuse, now: () => new Date(Date.now() - clockBack), site: { plugins: ['identity', 'wallet', 'markets', 'api-keys', 'spot'] } });
    const balanceOf = async (member: WalletMember, currency: string) => {
      const response = await server.get('/coin/assets/getMyBalance', member.token, { type: 1 });
      expect(response.status).toBe(200);
      return response.body.data.find((row: any) => row.currency === currency);
    };
    const place = (member: WalletMember, body: Record<string, unknown>, market = BTC) => server.post(market, body, member.token);
    const feesOf = (currency: string) => [...server.wallet.spot().engine().ledger.entries()].find(([key]) => key === `fees/system/${currency}`);
    const member = async (credits: Record<string, string>) => {
      const signed = await server.signUp();
      for (const [currency, amount] of Object.entries(credits)) await server.credit(signed.id, currency, amount);
      return signed;
    };

    beforeAll(async () => {
      server = await start();
    });
    afterAll(async () => {
      await server?.close();
    });

    it('lists the demo markets with their scales and limits', async () => {
      const response = await server.get(SPOT_MARKET_PATHS.goods);
      expect(response.status).toBe(200);
      const btc = response.body.data.find((row: any) => row.symbol_name === 'BTC/USDT');
      expect(btc).toMatchObject({ path_name: 'BTC_USDT', coin_symbol: 'BTC', base_coin_scale: 2, coin_coin_scale: 6, tick_size: '0.01', min_notional: '5', halted: false });
      expect(response.body.data.map((row: any) => row.symbol_name)).toContain('ETH/USDT');
    });

    it('freezes a resting order, settles a fill with fees, and records history and fills', async () => {
      const buyer = await member({ USDT: '10000' });
      const seller = await member({ BTC: '1' });
      const fees = { USDT: feesOf('USDT')?.[1].available ?? 0n, BTC: feesOf('BTC')?.[1].available ?? 0n };
      const bid = await place(buyer, { side: 'buy', type: 'limit', price: '50000', num: '0.1', clientOrderId: 'bid-1' });
      expect(bid.status, JSON.stringify(bid.body)).toBe(200);
      expect(bid.body.data).toMatchObject({ symbol: 'BTC/USDT', side: 'buy', type: 'limit', status: 'open', price: '50000', num: '0.1', filledNum: '0', clientOrderId: 'bid-1' });
      expect(await balanceOf(buyer, 'USDT')).toMatchObject({ available: '5000', frozen: '5000' });
      const open = await server.get('/coin/entrust/get/myExchangeLog/BTC_USDT', buyer.token);
      expect(open.body.data.map((order: any) => order.id)).toEqual([bid.body.data.id]);

      const ask = await place(seller, { side: 'sell', type: 'limit', price: '50000', num: '0.1' });
      expect(ask.status, JSON.stringify(ask.body)).toBe(200);
      expect(ask.body.data).toMatchObject({ status: 'filled', filledNum: '0.1', filledMoney: '5000', avgPrice: '50000', fee: '5', feeCurrency: 'USDT' });
      expect(await balanceOf(buyer, 'USDT')).toMatchObject({ available: '5000', frozen: '0' });
      expect(await balanceOf(buyer, 'BTC')).toMatchObject({ available: '0.0999', frozen: '0' });
      expect(await balanceOf(seller, 'USDT')).toMatchObject({ available: '4995', frozen: '0' });
      expect(await balanceOf(seller, 'BTC')).toMatchObject({ available: '0.9', frozen: '0' });
      expect(feesOf('USDT')![1].available - fees.USDT).toBe(5_00000000n);
      expect(feesOf('BTC')![1].available - fees.BTC).toBe(10000n);

      const history = await server.get(path(SPOT_PATHS.history, { a: 'BTC_USDT', b: 'filled', c: 1 }), buyer.token);
      expect(history.body.data).toMatchObject({ total: 1, records: [{ id: bid.body.data.id, status: 'filled', fee: '0.0001', feeCurrency: 'BTC' }] });
      const fills = await server.get(path(SPOT_PATHS.fills, { id: bid.body.data.id }), buyer.token);
      expect(fills.body.data).toEqual([expect.objectContaining({ side: 'buy', maker: true, price: '50000', num: '0.1', money: '5000', fee: '0.0001', feeCurrency: 'BTC' })]);
      // someone else's order is unknown to the member
      expect((await server.get(path(SPOT_PATHS.fills, { id: bid.body.data.id }), seller.token)).status).toBe(404);
      // each member's own fills of the market, newest first
      const bid2 = await place(buyer, { side: 'buy', type: 'limit', price: '50000', num: '0.05' });
      await place(seller, { side: 'sell', type: 'market', num: '0.05' });
      const mine = await server.get(path(SPOT_PATHS.myTrades, { x: 'BTC_USDT' }), buyer.token);
      expect(mine.body.data).toEqual([
        expect.objectContaining({ side: 'buy', maker: true, price: '50000', num: '0.05', money: '2500', fee: '0.00005', feeCurrency: 'BTC' }),
        expect.objectContaining({ side: 'buy', maker: true, price: '50000', num: '0.1', money: '5000' }),
      ]);
      expect(mine.body.data[0].tradeId).toBeGreaterThan(mine.body.data[1].tradeId);
      expect((await server.get(path(SPOT_PATHS.myTrades, { x: 'BTC_USDT' }), seller.token)).body.data).toEqual([
        expect.objectContaining({ side: 'sell', maker: false, num: '0.05', fee: '2.5', feeCurrency: 'USDT' }),
        expect.objectContaining({ side: 'sell', maker: false, num: '0.1', fee: '5', feeCurrency: 'USDT' }),
      ]);
      expect(bid2.status).toBe(200);
      expect((await server.get(path(SPOT_PATHS.myTrades, { x: 'DOGE_USDT' }), buyer.token)).status).toBe(400);
      expect((await server.get(path(SPOT_PATHS.myTrades, { x: 'BTC_USDT' }))).status).toBe(401);
    });

    it("charges a small buy's fee in the base currency's smallest unit, and shows it so", async () => {
      // 0.0002 BTC at 0.1 %: 0.0000002 BTC, finer than the market's 6 quantity decimals
      const buyer = await member({ USDT: '100' });
      const seller = await member({ BTC: '1' });
      const fees = feesOf('BTC')?.[1].available ?? 0n;
      await place(seller, { side: 'sell', type: 'limit', price: '50000', num: '0.0002' });
      const bid = await place(buyer, { side: 'buy', type: 'limit', price: '50000', num: '0.0002' });
      expect(bid.body.data).toMatchObject({ status: 'filled', fee: '0.0000002', feeCurrency: 'BTC' });
      expect(await balanceOf(buyer, 'BTC')).toMatchObject({ available: '0.0001998', frozen: '0' });
      expect(feesOf('BTC')![1].available - fees).toBe(20n);
      const fills = await server.get(path(SPOT_PATHS.fills, { id: bid.body.data.id }), buyer.token);
      expect(fills.body.data).toEqual([expect.objectContaining({ num: '0.0002', fee: '0.0000002', feeCurrency: 'BTC' })]);
    });

    it('lists take-profit / stop-loss legs while they wait for their trigger, and cancels them with their hold', async () => {
      const buyer = await member({ USDT: '10000' });
      const seller = await member({ BTC: '1' });
      await place(seller, { side: 'sell', type: 'limit', price: '30000', num: '0.1' });
      const parent = await place(buyer, { side: 'buy', type: 'limit', price: '30000', num: '0.1', fullCheck: true, fullPrice: '36000', lossCheck: true, lossPrice: '27000' });
      expect(parent.body.data).toMatchObject({ status: 'filled' });
      const id = parent.body.data.id;
      // 0.1 bought less 0.0001 of fee: both legs sell 0.0999, under one hold
      expect(await balanceOf(buyer, 'BTC')).toMatchObject({ available: '0', frozen: '0.0999' });
      const open = await server.get(path(SPOT_PATHS.openOrders, { x: 'BTC_USDT' }), buyer.token);
      expect(open.body.data).toMatchObject([
        { id: id + 2, type: 'stopLoss', side: 'sell', status: 'conditional', price: '27000', triggerPrice: '27000', num: '0.0999', createTime: parent.body.data.createTime },
        { id: id + 1, type: 'takeProfit', side: 'sell', status: 'conditional', price: '36000', triggerPrice: '36000', num: '0.0999', createTime: parent.body.data.createTime },
      ]);
      const waiting = await server.get(path(SPOT_PATHS.history, { a: 'BTC_USDT', b: 'conditional', c: 1 }), buyer.token);
      expect(waiting.body.data.records.map((order: any) => order.id).sort((a: number, b: number) => a - b)).toEqual([id + 1, id + 2]);

      const cancelled = await server.post(SPOT_PATHS.cancel, { id: id + 2 }, buyer.token);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.data).toMatchObject({ id: id + 2, status: 'cancelled' });
      expect((await server.get(path(SPOT_PATHS.openOrders, { x: 'BTC_USDT' }), buyer.token)).body.data).toEqual([]);
      expect(await balanceOf(buyer, 'BTC')).toMatchObject({ available: '0.0999', frozen: '0' });
    });

    const exportOrders = (token: string, body: Record<string, unknown>, language = 'en') =>
      fetch(server.api(SPOT_PATHS.exportOrders), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Blade-Auth': `bearer ${token}`, 'mj-lang': language },
        body: JSON.stringify(body),
      });

    it("exports the orders as CSV: a market buy's amount in its currency, a partly filled order, trigger prices, UTC times", async () => {
      const trader = await member({ USDT: '10000' });
      const seller = await member({ BTC: '1' });
      const bid = await place(trader, { side: 'buy', type: 'limit', price: '40000', num: '0.1' });
      await place(seller, { side: 'sell', type: 'limit', price: '40000', num: '0.04' });
      const ask = await place(seller, { side: 'sell', type: 'limit', price: '45000', num: '0.01' });
      const bought = await place(trader, { side: 'buy', type: 'market', money: '100' });
      const stop = await place(trader, { side: 'buy', type: 'stop', triggerMoney: '90000', price: '90000', num: '0.001' });
      expect([bid.status, bought.status, stop.status]).toEqual([200, 200, 200]);
      const response = await exportOrders(trader.token, { format: 'csv' });
      expect(response.status).toBe(200);
      const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
      expect(header).toHaveLength(13);
      expect([header![0], header![4], header![5], header![6], header![10], header![11], header![12]]).toEqual([
        `${EN.colTime} (UTC)`,
        EN.col_price,
        EN.triggerPrice,
        EN.col_num,
        EN.col_fee,
        EN.col_feeCurrency,
        EN.col_status,
      ]);
      expect(rows).toHaveLength(3);
      const rowOf = (type: string) => rows.find((row) => row[3] === type)!;
      const stopRow = rowOf(EN.type_stop);
      // every amount at the market's decimals (BTC/USDT: prices 2, quantities 6), as the orders page shows them
      expect(stopRow[5]).toBe('90000.00');
      expect([stopRow[4], stopRow[6], stopRow[7]]).toEqual(['90000.00', '0.001000', '0.000000']);
      expect(stopRow[12]).toBe(EN.status_conditional);
      // nothing filled: no average price, as the page shows it
      expect(stopRow[9]).toBe('');
      const marketRow = rowOf(EN.type_market);
      expect(marketRow[6]).toMatch(/^100\.0+ USDT$/);
      const limitRow = rowOf(EN.type_limit);
      expect([limitRow[4], limitRow[5], limitRow[6], limitRow[7], limitRow[9], limitRow[12]]).toEqual(['40000.00', '', '0.100000', '0.040000', '40000.00', EN.status_partial]);
      // one form a column: the quote amounts at the quote currency's decimals, whatever was typed or computed
      const quoteDecimals = marketRow[6]!.split(' ')[0]!.split('.')[1]!.length;
      for (const row of rows) expect(row[8]!.split('.')[1]?.length).toBe(quoteDecimals);
      // the fee's amount and currency in columns of their own, as the order history has them
      const history = (await server.post(SPOT_PATHS.search, { size: 10 }, trader.token)).body.data.records as any[];
      const limitOrder = history.find((order) => order.id === bid.body.data.id);
      expect(/[1-9]/.test(limitOrder.fee)).toBe(true);
      // the fee a buyer pays in BTC, at the quantity's decimals
      expect([Number(limitRow[10]), limitRow[10]!.split('.')[1]!.length, limitRow[11]]).toEqual([Number(limitOrder.fee), 6, 'BTC']);
      // the time in UTC, to the second
      expect(limitRow[0]).toBe(new Date(limitOrder.createTime).toISOString().slice(0, 19).replace('T', ' '));
      // the book as the other tests expect it
      for (const [owner, order] of [[trader, bid], [trader, stop], [seller, ask]] as const) {
        expect((await server.post(SPOT_PATHS.cancel, { id: order.body.data.id }, owner.token)).status).toBe(200);
      }
    });

    it("exports XLSX with times in the member's zone and amounts as numbers; refuses an unknown zone", async () => {
      const trader = await member({ USDT: '10000' });
      const seller = await member({ BTC: '1' });
      await place(seller, { side: 'sell', type: 'limit', price: '41000.5', num: '0.05' });
      const bid = await place(trader, { side: 'buy', type: 'limit', price: '41000.50', num: '0.05' });
      expect(bid.status, JSON.stringify(bid.body)).toBe(200);
      const [order] = (await server.post(SPOT_PATHS.search, { size: 1 }, trader.token)).body.data.records as any[];
      expect(order.id).toBe(bid.body.data.id);

      const response = await exportOrders(trader.token, { format: 'xlsx', timeZone: 'Asia/Kolkata' });
      expect(response.status).toBe(200);
      const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer', cellNF: true });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      expect(sheet.A1.v).toBe(`${EN.colTime} (Asia/Kolkata)`);
      expect([sheet.K1.v, sheet.L1.v]).toEqual([EN.col_fee, EN.col_feeCurrency]);
      // India is UTC+05:30 all year
      const local = new Date(order.createTime + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
      expect(sheet.A2).toMatchObject({ t: 's', v: local });
      expect(sheet.B2).toMatchObject({ t: 's', v: 'BTC/USDT' });
      // price, quantity, filled, filled amount, fee: numbers with the decimals the order shows
      // typed 41000.50 and 41000.5, written alike: at the market's decimals
      expect(sheet.E2).toMatchObject({ t: 'n', v: 41000.5, w: '41000.50' });
      expect(sheet.G2).toMatchObject({ t: 'n', v: 0.05, w: '0.050000' });
      expect(sheet.J2).toMatchObject({ t: 'n', v: 41000.5, w: '41000.50' });
      expect(sheet.I2).toMatchObject({ t: 'n', v: Number(order.filledMoney) });
      expect(sheet.K2).toMatchObject({ t: 'n', v: Number(order.fee) });
      expect(sheet.K2.w.split('.')[1]).toHaveLength(6);
      expect(Number(order.fee)).toBeGreaterThan(0);
      expect(sheet.L2).toMatchObject({ t: 's', v: order.feeCurrency });

      // an order with nothing filled has no average price: a blank cell, not an empty text; the French titles are the page's
      const open = await place(trader, { side: 'buy', type: 'limit', price: '100', num: '0.1' });
      expect(open.status).toBe(200);
      const french = await exportOrders(trader.token, { format: 'xlsx', timeZone: 'UTC' }, 'fr');
      const frenchBook = XLSX.read(Buffer.from(await french.arrayBuffer()), { type: 'buffer', cellNF: true, cellStyles: true });
      const frenchSheet = frenchBook.Sheets[frenchBook.SheetNames[0]!]!;
      expect(frenchSheet.A1.v).toBe(`${FR.colTime} (UTC)`);
      expect(frenchSheet.E2).toMatchObject({ t: 'n', v: 100, w: '100.00' });
      expect(frenchSheet.J2).toBeUndefined();
      expect(frenchSheet.J3).toMatchObject({ t: 'n', v: 41000.5 });
      // columns as wide as their text: the time wider than the side, none past the cap
      const widths = frenchSheet['!cols']!.map((column) => column.wch!);
      expect(widths).toHaveLength(13);
      expect(widths[0]).toBeGreaterThanOrEqual('2026-01-01 00:00:00'.length);
      expect(widths[0]).toBeGreaterThan(widths[2]!);
      expect(Math.max(...widths)).toBeLessThanOrEqual(40);
      expect((await server.post(SPOT_PATHS.cancel, { id: open.body.data.id }, trader.token)).status).toBe(200);

      for (const timeZone of ['Mars/Olympus_Mons', 'x'.repeat(65), 7]) {
        const refused = await exportOrders(trader.token, { format: 'xlsx', timeZone });
        expect(refused.status, String(timeZone)).toBe(400);
        expect(refused.headers.get('content-disposition')).toBeNull();
        const body = await refused.json();
        expect(body).toMatchObject({ success: false, data: { field: 'timeZone' } });
      }
    });

    it('cancels an open order and releases what it held', async () => {
      const buyer = await member({ USDT: '1000' });
      const bid = await place(buyer, { side: 'buy', type: 'limit', price: '100', num: '2' });
      expect(await balanceOf(buyer, 'USDT')).toMatchObject({ available: '800', frozen: '200' });
      const cancelled = await server.post(SPOT_PATHS.cancel, { id: bid.body.data.id }, buyer.token);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', released: '200', releasedCurrency: 'USDT', reason: 'user' });
      expect(await balanceOf(buyer, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });
      const again = await server.post(SPOT_PATHS.cancel, { id: bid.body.data.id }, buyer.token);
      expect(again.status).toBe(400);
      const stranger = await member({});
      expect((await server.post(SPOT_PATHS.cancel, { id: bid.body.data.id }, stranger.token)).status).toBe(404);
      const search = await server.post(SPOT_PATHS.search, { currency: 'USDT', status: 'cancelled' }, buyer.token);
      expect(search.body.data.records.map((order: any) => order.id)).toEqual([bid.body.data.id]);
    });

    it('pages the order history by live status: a partly filled order is open, with what it filled so far', async () => {
      const maker = await member({ USDT: '10000' });
      const taker = await member({ BTC: '1' });
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push((await place(maker, { side: 'buy', type: 'limit', price: String(101 + i), num: '0.1' })).body.data.id);
      // the best bid (112) fills whole, the next (111) half; the rest stay open untouched
      expect((await place(taker, { side: 'sell', type: 'limit', price: '111', num: '0.15' })).status).toBe(200);
      const page = (b: string, c: number) => server.get(path(SPOT_PATHS.history, { a: 'BTC_USDT', b, c }), maker.token);
      const open1 = (await page('open', 1)).body.data;
      // ten a page, newest first
      expect(open1).toMatchObject({ total: 11, size: 10, pages: 2 });
      expect(open1.records[0]).toMatchObject({ id: ids[10], status: 'open', filledNum: '0.05' });
      expect(open1.records.map((order: any) => order.id)).toEqual(ids.slice(1, 11).reverse());
      expect((await page('open', 2)).body.data.records.map((order: any) => order.id)).toEqual([ids[0]]);
      expect((await page('filled', 1)).body.data).toMatchObject({ total: 1, records: [{ id: ids[11], status: 'filled', filledNum: '0.1' }] });
      const search = await server.post(SPOT_PATHS.search, { status: 'open', size: 5, current: 3 }, maker.token);
      expect(search.body.data).toMatchObject({ total: 11 });
      expect(search.body.data.records.map((order: any) => order.id)).toEqual([ids[0]]);
      // an integer too large to page by (2^53) is refused naming the field, not a 500
      for (const current of [2 ** 53, 1_000_001]) {
        const refused = await server.post(SPOT_PATHS.search, { current }, maker.token);
        expect([refused.status, refused.body.data]).toEqual([400, { field: 'current' }]);
      }
    });

    it('a member with more finished orders than memory keeps (200, trimmed past 250) still finds every one of them', async () => {
      const buyer = await member({ USDT: '1000' });
      const seller = await member({ BTC: '1' });
      const first = (await place(buyer, { side: 'buy', type: 'limit', price: '60000', num: '0.001' })).body.data.id as number;
      expect((await place(seller, { side: 'sell', type: 'limit', price: '60000', num: '0.001' })).body.data).toMatchObject({ status: 'filled' });
      const cancelled: number[] = [];
      for (let batch = 0; batch < 22; batch++) {
        const ids = await Promise.all(
          Array.from({ length: 12 }, async () => {
            const id = (await place(buyer, { side: 'buy', type: 'limit', price: '100', num: '0.1' })).body.data.id as number;
            expect((await server.post(SPOT_PATHS.cancel, { id }, buyer.token)).status).toBe(200);
            return id;
          }),
        );
        cancelled.push(...ids);
      }
      // the history is written (and its oldest finished orders dropped from memory) twenty times a second
      await new Promise((resolve) => setTimeout(resolve, 300));
      const all = (await server.get(path(SPOT_PATHS.history, { a: 'BTC_USDT', b: 'all', c: 27 }), buyer.token)).body.data;
      expect(all).toMatchObject({ total: 265, pages: 27 });
      // ten a page, newest first: the last page ends with the first order
      expect(all.records.map((order: any) => order.id)).toEqual([...[...cancelled].sort((x, y) => x - y).slice(0, 4).reverse(), first]);
      expect((await server.get(path(SPOT_PATHS.history, { a: 'BTC_USDT', b: 'filled', c: 1 }), buyer.token)).body.data).toMatchObject({ total: 1, records: [{ id: first, status: 'filled' }] });
      const fills = await server.get(path(SPOT_PATHS.fills, { id: first }), buyer.token);
      expect(fills.body.data).toEqual([expect.objectContaining({ side: 'buy', price: '60000', num: '0.001' })]);
      const again = await server.post(SPOT_PATHS.cancel, { id: Math.min(...cancelled) }, buyer.token);
      expect(again.body).toMatchObject({ code: 400, msg: EN.errOrderFinished });
      expect((await server.get(path(SPOT_PATHS.fills, { id: first }), seller.token)).status).toBe(404);
    });

    it('stamps orders with a time that never goes back, even when the clock does', async () => {
      const buyer = await member({ USDT: '1000' });
      const first = (await place(buyer, { side: 'buy', type: 'limit', price: '100', num: '0.1' })).body.data;
      clockBack = 60_000;
      try {
        const second = (await place(buyer, { side: 'buy', type: 'limit', price: '100', num: '0.1' })).body.data;
        expect(second.createTime).toBeGreaterThanOrEqual(first.createTime);
      } finally {
        clockBack = 0;
      }
    });

    it('refuses bad orders with the field at fault and changes nothing', async () => {
      const trader = await member({ USDT: '100', BTC: '0.001' });
      const before = server.wallet.spot().engine().stateHash(sha256);
      const cases: Array<[Record<string, unknown>, string, (keyof typeof EN)?]> = [
        [{ side: 'buy', type: 'limit', price: '100.001', num: '0.1' }, 'price'],
        [{ side: 'buy', type: 'limit', price: '100.005', num: '0.1' }, 'price'],
        [{ side: 'buy', type: 'limit', price: '100', num: '0.0000001' }, 'num'],
        [{ side: 'buy', type: 'limit', price: '100', num: '0.01' }, 'num', 'errBelowMinNotional'],
        // a market buy gives an amount to spend: the minimum is about it
        [{ side: 'buy', type: 'market', money: '4' }, 'money', 'errBelowMinNotional'],
        [{ side: 'buy', type: 'limit', price: '100', num: '2' }, 'num', 'errInsufficientFunds'],
        [{ side: 'buy', type: 'stop', triggerMoney: '90', price: '100', num: '2' }, 'num', 'errInsufficientFunds'],
        [{ side: 'buy', type: 'market', money: '101' }, 'money', 'errInsufficientFunds'],
        [{ side: 'sell', type: 'limit', price: '100', num: '0.5' }, 'num', 'errInsufficientFunds'],
        [{ side: 'buy', type: 'limit', num: '0.1' }, 'price'],
        [{ side: 'buy', type: 'market', num: '0.1' }, 'money'],
        [{ side: 'buy', type: 'stop', price: '100', num: '0.1' }, 'triggerMoney'],
        [{ side: 'buy', type: 'limit', price: '100', num: '0.1', fullCheck: true }, 'fullPrice'],
        [{ side: 'buy', type: 'limit', price: '100', num: '0.1', fullCheck: true, fullPrice: '99' }, 'fullPrice', 'errInvalidExit'],
        [{ side: 'buy', type: 'limit', price: '100', num: '0.1', fullCheck: true, fullPrice: '120', lossCheck: true, lossPrice: '101' }, 'lossPrice', 'errInvalidExit'],
        [{ side: 'buy', type: 'limit', price: '100', num: '0.1', lossCheck: true, lossPrice: '0' }, 'lossPrice', 'errNonPositive'],
        // a stop-limit cannot carry exits: refused, not placed without them
        [{ side: 'buy', type: 'stop', triggerMoney: '90', price: '100', num: '0.1', fullCheck: true, fullPrice: '120' }, 'fullPrice', 'errExitNotAllowed'],
        [{ side: 'buy', type: 'stop', triggerMoney: '90', price: '100', num: '0.1', lossCheck: true, lossPrice: '80' }, 'lossPrice', 'errExitNotAllowed'],
        [{ side: 'buy', type: 'limit', price: '-1', num: '0.1' }, 'price'],
        [{ side: 'buy', type: 'limit', price: '0', num: '0.1' }, 'price'],
        [{ side: 'hold', type: 'limit', price: '100', num: '0.1' }, 'side'],
        [{ side: 'buy', type: 'limit', price: 100, num: '0.1' }, 'price'],
      ];
      for (const [body, field, msgKey] of cases) {
        const response = await place(trader, body);
        expect(response.status, `${JSON.stringify(body)} → ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.data, JSON.stringify(body)).toEqual({ field });
        // the minimum value named with its currency (BTC/USDT: 5 USDT)
        if (msgKey) expect(response.body.msg).toBe(enText(msgKey, { value: '5', currency: 'USDT' }));
      }
      const unknown = await place(trader, { side: 'buy', type: 'limit', price: '1', num: '10' }, '/coin/entrust/exchange/DOGE_USDT');
      expect(unknown.status).toBe(400);
      expect(unknown.body.data).toEqual({ field: 'symbol' });
      expect(server.wallet.spot().engine().stateHash(sha256)).toBe(before);
      expect(await balanceOf(trader, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    });

    it('accepts only the affordable ones of 50 concurrent orders against one balance', async () => {
      const buyer = await member({ USDT: '1000' });
      const results = await Promise.all(Array.from({ length: 50 }, () => place(buyer, { side: 'buy', type: 'limit', price: '1000', num: '0.1' })));
      expect(results.filter((response) => response.status === 200)).toHaveLength(10);
      for (const response of results.filter((each) => each.status !== 200)) expect(response.body.data).toEqual({ field: 'num' });
      expect(await balanceOf(buyer, 'USDT')).toMatchObject({ available: '0', frozen: '1000' });
      expect((await server.get('/coin/entrust/get/myExchangeLog/BTC_USDT', buyer.token)).body.data).toHaveLength(10);
    });

    it('halts and opens markets, adds and updates them from the console, with permission and audit', async () => {
      const admin = await server.operatorToken();
      const support = await server.operatorToken('support');
      const input = { symbol: 'ETH/BTC', tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001', makerFeePpm: 500, takerFeePpm: 1000 };
      expect((await server.post(SPOT_CONSOLE_PATHS.addMarket, input, support)).status).toBe(403);
      const added = await server.post(SPOT_CONSOLE_PATHS.addMarket, input, admin);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data).toMatchObject({ symbol: 'ETH/BTC', base: 'ETH', quote: 'BTC', priceScale: 8, qtyScale: 8, halted: false });
      expect((await server.post(SPOT_CONSOLE_PATHS.addMarket, input, admin)).body.data).toEqual({ field: 'symbol' });
      expect((await server.post(SPOT_CONSOLE_PATHS.addMarket, { ...input, symbol: 'ETH/XYZ' }, admin)).body.data).toEqual({ field: 'symbol' });
      expect((await server.post(SPOT_CONSOLE_PATHS.addMarket, { ...input, symbol: 'BTC/ETH', tickSize: '0.000000001' }, admin)).status).toBe(400);

      const updated = await server.post(SPOT_CONSOLE_PATHS.updateMarket, { symbol: 'ETH/BTC', minNotional: '0.001', takerFeePpm: 2000 }, admin);
      expect(updated.body.data).toMatchObject({ minNotional: '0.001', makerFeePpm: 500, takerFeePpm: 2000 });
      expect((await server.post(SPOT_CONSOLE_PATHS.updateMarket, { symbol: 'ETH/BTC', minNotional: '0.001' }, support)).status).toBe(403);

      const trader = await member({ BTC: '1' });
      const listedHalted = async () => (await server.get('/coin/open/getSpotSymbols')).body.data.find((row: any) => row.symbol_name === 'ETH/BTC')?.halted;
      expect(await listedHalted()).toBe(false);
      expect((await server.post(SPOT_CONSOLE_PATHS.haltMarket, { symbol: 'ETH/BTC', halted: true }, admin)).body.data.halted).toBe(true);
      expect(await listedHalted()).toBe(true);
      const refused = await place(trader, { side: 'buy', type: 'limit', price: '0.05', num: '1' }, '/coin/entrust/exchange/ETH_BTC');
      expect(refused.status).toBe(400);
      expect(refused.body.data).toEqual({ field: 'symbol' });
      await server.post(SPOT_CONSOLE_PATHS.haltMarket, { symbol: 'ETH/BTC', halted: false }, admin);
      expect(await listedHalted()).toBe(false);
      expect((await place(trader, { side: 'buy', type: 'limit', price: '0.05', num: '1' }, '/coin/entrust/exchange/ETH_BTC')).status).toBe(200);
      // a refusal for a rule of the market names its value: tick 0.00001 BTC, lot 0.001 ETH, minimum value 0.001 BTC
      const rules: Array<[Record<string, unknown>, string, keyof typeof EN, string]> = [
        [{ side: 'buy', type: 'limit', price: '0.050005', num: '1' }, 'price', 'errPriceNotOnTick', '0.00001 BTC'],
        [{ side: 'buy', type: 'limit', price: '0.05', num: '1.0005' }, 'num', 'errQtyNotOnLot', '0.001 ETH'],
        [{ side: 'buy', type: 'limit', price: '0.05', num: '0.01' }, 'num', 'errBelowMinNotional', '0.001 BTC'],
        [{ side: 'buy', type: 'market', money: '0.0005' }, 'money', 'errBelowMinNotional', '0.001 BTC'],
      ];
      for (const [body, field, key, rule] of rules) {
        const response = await place(trader, body, '/coin/entrust/exchange/ETH_BTC');
        expect([response.status, response.body.data], JSON.stringify(body)).toEqual([400, { field }]);
        const [value, currency] = rule.split(' ') as [string, string];
        expect(response.body.msg).toBe(enText(key, { value, currency }));
        expect(response.body.msg).toContain(rule);
      }

      const list = await server.get(SPOT_CONSOLE_PATHS.markets, admin);
      expect(list.body.data.map((market: any) => market.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'ETH/BTC']);
      expect(await server.auditRows('spot.market.add')).toHaveLength(1);
      expect(await server.auditRows('spot.market.update')).toHaveLength(1);
      expect(await server.auditRows('spot.market.halt')).toHaveLength(1);
      expect(await server.auditRows('spot.market.open')).toHaveLength(1);
    });

    it("keeps limit prices within the price band the console sets, refusing the others in the member's language", async () => {
      const admin = await server.operatorToken();
      const ETH = '/coin/entrust/exchange/ETH_USDT';
      const band = (priceBandPercent: unknown) => server.post(SPOT_CONSOLE_PATHS.updateMarket, { symbol: 'ETH/USDT', priceBandPercent }, admin);
      for (const bad of [100, -1, 2.5, '10']) {
        const refused = await band(bad);
        expect([refused.status, refused.body.data], String(bad)).toEqual([400, { field: 'priceBandPercent' }]);
      }
      expect((await band(10)).body.data).toMatchObject({ symbol: 'ETH/USDT', priceBandPercent: 10 });
      const goods = async () => (await server.get(SPOT_MARKET_PATHS.goods)).body.data.find((row: any) => row.symbol_name === 'ETH/USDT');
      expect(await goods()).toMatchObject({ price_band_percent: 10 });

      const trader = await member({ USDT: '1000', ETH: '1' });
      const other = await member({ USDT: '1000', ETH: '1' });
      expect((await place(other, { side: 'sell', type: 'limit', price: '2000', num: '0.01' }, ETH)).status).toBe(200);
      expect((await place(trader, { side: 'buy', type: 'limit', price: '2000', num: '0.01' }, ETH)).body.data).toMatchObject({ status: 'filled' });
      const before = server.wallet.spot().engine().stateHash(sha256);
      const balances = [await balanceOf(trader, 'USDT'), await balanceOf(trader, 'ETH')];
      // 10 % from the last price (2000 USDT), a stop-limit's limit price 10 % from its trigger price
      // (each message names the side's limit, on the tick, written as the page writes prices)
      const refusals: Array<[Record<string, unknown>, keyof typeof EN, string, string]> = [
        [{ side: 'buy', type: 'limit', price: '2200.01', num: '0.01' }, 'errPriceOutsideBandBuy', '2,000.00', '2,200.00'],
        [{ side: 'sell', type: 'limit', price: '1799.99', num: '0.01' }, 'errPriceOutsideBandSell', '2,000.00', '1,800.00'],
        [{ side: 'buy', type: 'stop', triggerMoney: '2100', price: '2310.01', num: '0.01' }, 'errPriceOutsideBandOfTriggerBuy', '2,100.00', '2,310.00'],
        [{ side: 'sell', type: 'stop', triggerMoney: '2100', price: '1889.99', num: '0.01' }, 'errPriceOutsideBandOfTriggerSell', '2,100.00', '1,890.00'],
      ];
      for (const [body, key, reference, limit] of refusals) {
        const response = await fetchJson(server.api(ETH), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'mj-lang': 'fr', 'Blade-Auth': `bearer ${trader.token}` },
          body: JSON.stringify(body),
        });
        expect([response.status, response.body.data], JSON.stringify(body)).toEqual([400, { field: 'price' }]);
        expect(response.body.msg).toBe(enText(key, { percent: '10', reference, limit, currency: 'USDT' }, FR as typeof EN));
      }
      expect(server.wallet.spot().engine().stateHash(sha256)).toBe(before);
      expect([await balanceOf(trader, 'USDT'), await balanceOf(trader, 'ETH')]).toEqual(balances);
      expect((await place(trader, { side: 'sell', type: 'limit', price: '5000', num: '0.01' }, ETH)).status).toBe(200);
      expect((await place(trader, { side: 'buy', type: 'limit', price: '2200', num: '0.01' }, ETH)).status).toBe(200);

      expect((await band(0)).body.data).toMatchObject({ priceBandPercent: 0 });
      expect(await goods()).not.toHaveProperty('price_band_percent');
      expect((await place(other, { side: 'sell', type: 'limit', price: '1799.99', num: '0.01' }, ETH)).status).toBe(200);
      // left at 10 %: the restart below keeps it
      await band(10);
    });

    it('keeps markets, open orders and history across a restart with the same state hash', async () => {
      const trader = await member({ USDT: '1000' });
      const open = await place(trader, { side: 'buy', type: 'limit', price: '10', num: '1' });
      const cancelled = await place(trader, { side: 'buy', type: 'limit', price: '11', num: '1' });
      await server.post(SPOT_PATHS.cancel, { id: cancelled.body.data.id }, trader.token);
      const hash = server.wallet.spot().engine().stateHash(sha256);
      const history = (await server.post(SPOT_PATHS.search, {}, trader.token)).body.data;

      await server.close({ keepData: true });
      server = await start(server);
      expect(server.wallet.spot().engine().stateHash(sha256)).toBe(hash);
      expect((await server.post(SPOT_PATHS.search, {}, trader.token)).body.data).toEqual(history);
      expect((await server.get('/coin/entrust/get/myExchangeLog/BTC_USDT', trader.token)).body.data.map((order: any) => order.id)).toEqual([open.body.data.id]);
      expect(await balanceOf(trader, 'USDT')).toMatchObject({ available: '990', frozen: '10' });
      expect((await server.get(SPOT_MARKET_PATHS.goods)).body.data.map((row: any) => row.symbol_name)).toEqual(['BTC/USDT', 'ETH/USDT', 'ETH/BTC']);
      expect((await server.get(SPOT_MARKET_PATHS.goods)).body.data.find((row: any) => row.symbol_name === 'ETH/USDT')).toMatchObject({ price_band_percent: 10 });
    });
  });
}
