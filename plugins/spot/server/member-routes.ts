import {
  ApiError,
  ERROR_CODES,
  exportTimes,
  PAGE_NUMBER_SCHEMA,
  pageOf,
  TIME_ZONE_FIELD,
  TIME_ZONE_SCHEMA,
  toCsv,
  toXlsx,
  type ColumnKind,
  type FileResult,
  type Page,
  type ServerRegistrar,
  type Table,
} from '../../../core/server';
import {
  MY_TRADES_LIMIT,
  ORDER_SIDES,
  ORDER_STATUSES,
  ORDER_TYPES,
  SPOT_MARKET_PATHS,
  SPOT_PATHS,
  symbolOfPath,
  type ExportRequest,
  type OrderFilter,
  type PlaceOrderInput,
  type SpotFillView,
  type SpotOrderView,
  type SpotSymbol,
} from '../shared/types';
import type { SpotExchange } from './exchange';
import type { OrderRecord } from './history';
import { sideKey, statusKey, typeKey } from '../shared/order-labels';
import { orderFields } from './orders';
import { consoleMarket, fillView, orderAmounts, orderView, spotSymbol } from './views';

const DECIMAL = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+(\\.[0-9]+)?$' };
/** A market in a path or query: BTC_USDT. */
export const PATH_SYMBOL = '[A-Z0-9]{1,20}_[A-Z0-9]{1,20}';
export const SYMBOL_SEGMENT = { type: 'string', pattern: `^${PATH_SYMBOL}$` };
/** Path parameters of a call on one market: x = BTC_USDT. */
const MARKET_PARAMS = { params: { type: 'object', required: ['x'], properties: { x: SYMBOL_SEGMENT } } };
/** Epoch milliseconds up to the year 9999. */
export const TIME = { type: 'integer', minimum: 0, maximum: 253_402_300_799_999 };
const HISTORY_PAGE_SIZE = 10;
/** Rows of one export at most (the newest). */
export const EXPORT_MAX_ROWS = 10_000;

export const PLACE_BODY = {
  type: 'object',
  required: ['side', 'type'],
  additionalProperties: false,
  properties: {
    side: { type: 'string', enum: [...ORDER_SIDES] },
    type: { type: 'string', enum: [...ORDER_TYPES] },
    price: DECIMAL,
    num: DECIMAL,
    money: DECIMAL,
    triggerMoney: DECIMAL,
    fullPrice: DECIMAL,
    fullCheck: { type: 'boolean' },
    lossPrice: DECIMAL,
    lossCheck: { type: 'boolean' },
    clientOrderId: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$' },
  },
};

const FILTER_PROPERTIES = {
  symbol: { type: 'string', pattern: '^[A-Z0-9]{1,20}[/_][A-Z0-9]{1,20}$' },
  currency: { type: 'string', pattern: '^[A-Z0-9]{1,20}$' },
  side: { type: 'string', enum: [...ORDER_SIDES] },
  status: { type: 'string', enum: [...ORDER_STATUSES] },
  startTime: TIME,
  endTime: TIME,
  current: PAGE_NUMBER_SCHEMA,
  size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
};

/** The member routes: place, cancel, open orders, history, fills, search and export; the public market list. */
export function registerMemberRoutes(registrar: ServerRegistrar, exchange: SpotExchange): void {
  const view = (record: OrderRecord): SpotOrderView => orderView(record, exchange.market(record.symbol), exchange.engine.order(record.id));
  /**
   * The member's orders matching the filter, newest first, `limit` of them after `offset`, and how many match; the
   * status is their live one. Views are made only of the orders answered (a bot's history holds many thousands).
   */
  const matching = (memberId: string, filter: OrderFilter, offset: number, limit: number) =>
    exchange.history.ordersPage(
      memberId,
      {
        symbol: filter.symbol ? symbolOfPath(filter.symbol) : undefined,
        currency: filter.currency || undefined,
        side: filter.side || undefined,
        status: filter.status || undefined,
        from: filter.startTime,
        to: filter.endTime,
      },
      exchange.statusOf,
      { oldestFirst: false, offset, limit },
    );
  const page = async (memberId: string, filter: OrderFilter, size: number, current: number): Promise<Page<SpotOrderView>> => {
    const { records, total } = await matching(memberId, filter, (current - 1) * size, size);
    return pageOf(records.map(view), total, size, current);
  };

  registrar.route<unknown, unknown, unknown, SpotSymbol[]>({
    method: 'GET',
    path: SPOT_MARKET_PATHS.goods,
    auth: 'public',
    handler() {
      const engine = exchange.engine;
      return exchange.history.markets().flatMap((symbol) => {
        const market = consoleMarket(engine, symbol);
        return market ? [spotSymbol(engine, market)] : [];
      });
    },
  });

  registrar.route<unknown, PlaceOrderInput, { x: string }, SpotOrderView>({
    method: 'POST',
    path: SPOT_PATHS.place,
    auth: 'user',
    schema: { ...MARKET_PARAMS, body: PLACE_BODY },
    async handler(request) {
      const symbol = symbolOfPath(request.params.x);
      exchange.market(symbol);
      const fields = orderFields(request.body);
      const result = await exchange.apply({ kind: 'placeOrder', userId: request.principal!.id, symbol, ...fields }, fields.quote === undefined ? 'num' : 'money');
      return view(exchange.history.order(result.orderId!)!);
    },
  });

  registrar.route<unknown, { id: number | string }, unknown, SpotOrderView>({
    method: 'POST',
    path: SPOT_PATHS.cancel,
    auth: 'user',
    schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: ['integer', 'string'], pattern: '^[0-9]{1,15}$', minimum: 1 } } } },
    async handler(request) {
      const memberId = request.principal!.id;
      const record = (await exchange.history.find(memberId, Number(request.body.id)))?.record;
      if (!record) throw new ApiError(ERROR_CODES.notFound, 'spot:errUnknownOrder', { field: 'id' });
      if (record.final) throw new ApiError(ERROR_CODES.badRequest, 'spot:errOrderFinished', { field: 'id' });
      await exchange.apply({ kind: 'cancelOrder', userId: memberId, symbol: record.symbol, orderId: record.id });
      return view(record);
    },
  });

  registrar.route<unknown, unknown, { x: string }, SpotOrderView[]>({
    method: 'GET',
    path: SPOT_PATHS.openOrders,
    auth: 'user',
    schema: MARKET_PARAMS,
    async handler(request) {
      const symbol = symbolOfPath(request.params.x);
      exchange.market(symbol);
      await exchange.historyOf(request.principal!.id);
      return exchange.engine
        .openOrders(request.principal!.id)
        .filter((order) => order.symbol === symbol)
        .reverse()
        .flatMap((order) => {
          const record = exchange.history.order(order.id);
          return record ? [view(record)] : [];
        });
    },
  });

  registrar.route<unknown, unknown, { a: string; b: string; c: number }, Page<SpotOrderView>>({
    method: 'GET',
    path: SPOT_PATHS.history,
    auth: 'user',
    schema: {
      params: {
        type: 'object',
        required: ['a', 'b', 'c'],
        properties: {
          a: { anyOf: [SYMBOL_SEGMENT, { const: 'all' }] },
          b: { type: 'string', enum: ['all', ...ORDER_STATUSES] },
          c: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        },
      },
    },
    async handler(request) {
      const { a, b, c } = request.params;
      const filter: OrderFilter = { ...(a !== 'all' ? { symbol: a } : {}), ...(b !== 'all' ? { status: b as OrderFilter['status'] } : {}) };
      return page(request.principal!.id, filter, HISTORY_PAGE_SIZE, Number(c));
    },
  });

  registrar.route<unknown, unknown, { id: number }, SpotFillView[]>({
    method: 'GET',
    path: SPOT_PATHS.fills,
    auth: 'user',
    schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } } },
    async handler(request) {
      const found = await exchange.history.find(request.principal!.id, Number(request.params.id));
      if (!found) throw new ApiError(ERROR_CODES.notFound, 'spot:errUnknownOrder', { field: 'id' });
      const market = exchange.market(found.record.symbol);
      return found.fills.map((fill) => fillView(fill, market));
    },
  });

  registrar.route<unknown, unknown, { x: string }, SpotFillView[]>({
    method: 'GET',
    path: SPOT_PATHS.myTrades,
    auth: 'user',
    schema: MARKET_PARAMS,
    async handler(request) {
      const symbol = symbolOfPath(request.params.x);
      const market = exchange.market(symbol);
      const fills = await exchange.history.fillsPage(request.principal!.id, { symbol }, { oldestFirst: false, limit: MY_TRADES_LIMIT });
      return fills.map((fill) => fillView(fill, market));
    },
  });

  registrar.route<unknown, OrderFilter & { current: number; size: number }, unknown, Page<SpotOrderView>>({
    method: 'POST',
    path: SPOT_PATHS.search,
    auth: 'user',
    schema: { body: { type: 'object', additionalProperties: false, properties: FILTER_PROPERTIES } },
    async handler(request) {
      const filter = request.body;
      return page(request.principal!.id, filter, filter.size, filter.current);
    },
  });

  registrar.route<unknown, ExportRequest, unknown, FileResult>({
    method: 'POST',
    path: SPOT_PATHS.exportOrders,
    auth: 'user',
    schema: {
      body: {
        type: 'object',
        required: ['format'],
        additionalProperties: false,
        properties: { ...FILTER_PROPERTIES, format: { type: 'string', enum: ['csv', 'xlsx'] }, [TIME_ZONE_FIELD]: TIME_ZONE_SCHEMA },
      },
    },
    async handler(request) {
      const t = (key: string) => request.t(`spot:${key}`);
      const times = exportTimes(request.body.timeZone);
      const orders = (await matching(request.principal!.id, request.body, 0, EXPORT_MAX_ROWS)).records.map(view);
      const columns: Array<[key: string, kind: ColumnKind]> = [
        ['colTime', 'text'],
        ['col_symbol', 'text'],
        ['col_side', 'text'],
        ['col_type', 'text'],
        ['col_price', 'amount'],
        ['triggerPrice', 'amount'],
        ['col_num', 'amount'],
        ['col_filledNum', 'amount'],
        ['col_filledMoney', 'amount'],
        ['col_avgPrice', 'amount'],
        ['col_fee', 'amount'],
        ['col_feeCurrency', 'text'],
        ['col_status', 'text'],
      ];
      const table: Table = {
        // the time column's title is the orders page's
        header: columns.map(([key]) => (key === 'colTime' ? times.header(t(key)) : t(key))),
        kinds: columns.map(([, kind]) => kind),
        rows: orders.map((order) => {
          const amounts = orderAmounts(order, exchange.market(order.symbol));
          return [
            times.format(order.createTime),
            order.symbol,
            t(sideKey(order)),
            t(typeKey(order)),
            amounts.price ?? '',
            amounts.triggers.map(({ key, price }) => (key === 'triggerPrice' ? price : `${t(key)} ${price}`)).join(' / '),
            // a market buy asks for an amount of the quote currency, not a quantity (an exit leg of an older log: neither)
            amounts.num ?? (amounts.money === null ? '' : `${amounts.money} ${order.symbol.split('/')[1]}`),
            amounts.filledNum,
            amounts.filledMoney,
            // nothing filled: no average, as the page shows it
            amounts.avgPrice ?? '',
            amounts.fee,
            order.feeCurrency,
            t(statusKey(order)),
          ];
        }),
      };
      const format = request.body.format;
      return {
        kind: 'file',
        fileName: `spot-orders.${format}`,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: format === 'csv' ? toCsv(table) : toXlsx(table, t('exportTitle')),
      };
    },
  });
}
