/** The signed /api/v3 endpoints: order (POST, DELETE, GET), openOrders, allOrders, account, myTrades. */
import { randomBytes } from 'node:crypto';
import type { ServerRegistrar } from '../../../../core/server';
import { formatDecimal, parseDecimal } from '../../../../core/shared';
import { newSpotCommandId } from '../command-id';
import type { SpotExchange } from '../exchange';
import type { OrderRecord } from '../history';
import { fillView, orderView } from '../views';
import { BinanceFailure, placeRejection, SPOT_ERRORS } from './errors';
import { binanceFill, binanceOrder, newOrderOf } from './orders';
import type { BinanceParams } from './params';
import { binanceRoute } from './route';
import { binanceSymbol, type SymbolIndex } from './symbols';

/** A client order id for orders placed without one (Binance always reports one). */
const generatedClientOrderId = () => `api_${randomBytes(12).toString('hex')}`;

/** The fields of Binance's RESULT answers (new order and cancel) beyond the order's identity. */
function resultFields(order: ReturnType<typeof binanceOrder>) {
  return {
    price: order.price,
    origQty: order.origQty,
    executedQty: order.executedQty,
    cummulativeQuoteQty: order.cummulativeQuoteQty,
    status: order.status,
    timeInForce: order.timeInForce,
    type: order.type,
    side: order.side,
    workingTime: order.workingTime,
    origQuoteOrderQty: order.origQuoteOrderQty,
    selfTradePreventionMode: order.selfTradePreventionMode,
  };
}

export function registerTradeRoutes(registrar: ServerRegistrar, exchange: SpotExchange, symbols: SymbolIndex): void {
  const now = () => registrar.context.now().getTime();

  const shown = (record: OrderRecord) => {
    const market = exchange.market(record.symbol);
    const view = orderView(record, market, exchange.engine.order(record.id));
    return binanceOrder(binanceSymbol(record.symbol), record, view, market.config);
  };
  /** The member's order of that symbol by orderId or origClientOrderId (the newest with that id). */
  const findOrder = async (memberId: string, symbol: string, params: BinanceParams): Promise<OrderRecord | undefined> => {
    const orderId = params.integer('orderId', { min: 1 });
    const clientOrderId = params.optional('origClientOrderId');
    if (orderId === undefined && clientOrderId === undefined) throw new BinanceFailure(SPOT_ERRORS.eitherMandatory('orderId', 'origClientOrderId'));
    if (orderId !== undefined) {
      const record = (await exchange.history.find(memberId, orderId))?.record;
      return record && record.symbol === symbol ? record : undefined;
    }
    return exchange.history.findByClientOrderId(memberId, symbol, clientOrderId!);
  };
  /** The time window of allOrders and myTrades (at most 24 hours). */
  const timeWindow = (params: BinanceParams): { from?: number; to?: number } => {
    const from = params.integer('startTime');
    const to = params.integer('endTime');
    if (from !== undefined && to !== undefined && (from > to || to - from > 24 * 3_600_000)) throw new BinanceFailure(SPOT_ERRORS.combination());
    return { from, to };
  };

  binanceRoute(registrar, {
    method: 'POST',
    path: '/api/v3/order',
    permission: 'trade',
    weight: 1,
    async handler({ params, memberId }) {
      const symbol = symbols.resolve(params.required('symbol'));
      const market = exchange.market(symbol);
      const order = newOrderOf(params, {
        lastPrice: exchange.engine.lastPrice(symbol),
        priceScale: market.config.priceScale,
        spendable: (asset) => {
          if (asset === 'quote') return exchange.wallet.balance(memberId, 'coin', market.config.quote).available;
          // a sell's budget is a quantity: whole lots of the market's quantity scale
          const available = parseDecimal(exchange.wallet.balance(memberId, 'coin', market.config.base).available, market.baseScale);
          return formatDecimal(available / 10n ** BigInt(market.baseScale - market.config.qtyScale), market.config.qtyScale);
        },
      });
      const fields = { ...order.fields, clientOrderId: order.fields.clientOrderId ?? generatedClientOrderId() };
      const at = exchange.stamp();
      const result = await exchange.submit({ kind: 'placeOrder', id: newSpotCommandId(at), at, userId: memberId, symbol, ...fields });
      if (!result.ok) throw new BinanceFailure(placeRejection(result.reason, result.field));
      const record = exchange.history.order(result.orderId!)!;
      const ack = { symbol: binanceSymbol(symbol), orderId: record.id, orderListId: -1, clientOrderId: fields.clientOrderId, transactTime: record.createdAt };
      if (order.respType === 'ACK') return ack;
      const answer = { ...ack, ...resultFields(shown(record)), ...(fields.type === 'stopLimit' ? { stopPrice: fields.trigger } : {}) };
      if (order.respType === 'RESULT') return answer;
      return { ...answer, fills: exchange.history.fills(record.id).map((fill) => binanceFill(fillView(fill, market))) };
    },
  });

  binanceRoute(registrar, {
    method: 'DELETE',
    path: '/api/v3/order',
    permission: 'trade',
    weight: 1,
    async handler({ params, memberId }) {
      const symbol = symbols.resolve(params.required('symbol'));
      const record = await findOrder(memberId, symbol, params);
      if (!record || record.final) throw new BinanceFailure(SPOT_ERRORS.unknownOrderOnCancel());
      const at = exchange.stamp();
      const result = await exchange.submit({ kind: 'cancelOrder', id: newSpotCommandId(at), at, userId: memberId, symbol, orderId: record.id });
      if (!result.ok) throw new BinanceFailure(SPOT_ERRORS.unknownOrderOnCancel());
      const order = shown(record);
      const { workingTime: _workingTime, ...fields } = resultFields(order);
      return {
        symbol: order.symbol,
        origClientOrderId: order.clientOrderId,
        orderId: order.orderId,
        orderListId: -1,
        clientOrderId: params.optional('newClientOrderId') ?? generatedClientOrderId(),
        transactTime: now(),
        ...fields,
        ...(record.trigger !== null ? { stopPrice: order.stopPrice } : {}),
      };
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/order',
    permission: 'read',
    weight: 4,
    async handler({ params, memberId }) {
      const record = await findOrder(memberId, symbols.resolve(params.required('symbol')), params);
      if (!record) throw new BinanceFailure(SPOT_ERRORS.noSuchOrder());
      return shown(record);
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/openOrders',
    permission: 'read',
    weight: (params) => (params.has('symbol') ? 6 : 80),
    async handler({ params, memberId }) {
      const name = params.optional('symbol');
      const symbol = name === undefined ? undefined : symbols.resolve(name);
      await exchange.historyOf(memberId);
      return exchange.engine
        .openOrders(memberId)
        .filter((order) => symbol === undefined || order.symbol === symbol)
        .flatMap((order) => {
          const record = exchange.history.order(order.id);
          return record ? [shown(record)] : [];
        });
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/allOrders',
    permission: 'read',
    weight: 20,
    async handler({ params, memberId }) {
      const symbol = symbols.resolve(params.required('symbol'));
      const fromId = params.integer('orderId', { min: 1 });
      const limit = params.integer('limit', { min: 1, max: 1000 }) ?? 500;
      const window = timeWindow(params);
      // as Binance: from orderId or startTime on; else the most recent — either way oldest first
      const oldestFirst = fromId !== undefined || window.from !== undefined;
      const { records } = await exchange.history.ordersPage(memberId, { symbol, fromId, ...window }, exchange.statusOf, { oldestFirst, offset: 0, limit });
      return (oldestFirst ? records : records.reverse()).map(shown);
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/myTrades',
    permission: 'read',
    weight: 20,
    async handler({ params, memberId }) {
      const symbol = symbols.resolve(params.required('symbol'));
      const market = exchange.market(symbol);
      const orderId = params.integer('orderId', { min: 1 });
      const fromId = params.integer('fromId', { min: 0 });
      const limit = params.integer('limit', { min: 1, max: 1000 }) ?? 500;
      if (fromId !== undefined && (params.has('startTime') || params.has('endTime'))) throw new BinanceFailure(SPOT_ERRORS.combination());
      const window = timeWindow(params);
      // as Binance: from fromId or startTime on; else the most recent — either way oldest first
      const oldestFirst = fromId !== undefined || window.from !== undefined;
      const fills = await exchange.history.fillsPage(memberId, { symbol, orderId, fromId, ...window }, { oldestFirst, limit });
      return (oldestFirst ? fills : fills.reverse())
        .map((fill) => {
          const view = fillView(fill, market);
          return {
            symbol: binanceSymbol(symbol),
            id: view.tradeId,
            orderId: fill.orderId,
            orderListId: -1,
            price: view.price,
            qty: view.num,
            quoteQty: view.money,
            commission: view.fee,
            commissionAsset: view.feeCurrency,
            time: view.time,
            isBuyer: view.side === 'buy',
            isMaker: view.maker,
            isBestMatch: true,
          };
        });
    },
  });

  binanceRoute(registrar, {
    method: 'GET',
    path: '/api/v3/account',
    permission: 'read',
    weight: 20,
    handler({ params, memberId }) {
      const omitZero = params.optional('omitZeroBalances') === 'true';
      const assets = [...new Set(symbols.all().flatMap((symbol) => symbol.split('/')))];
      const balances = assets
        .map((asset) => {
          const balance = exchange.wallet.balance(memberId, 'coin', asset);
          return { asset, free: balance.available, locked: balance.frozen };
        })
        .filter((row) => !omitZero || row.free !== '0' || row.locked !== '0');
      const tier = exchange.engine.market(symbols.all()[0] ?? '')?.feeTiers[0] ?? { makerPpm: 0, takerPpm: 0 };
      const rate = (ppm: number) => formatDecimal(BigInt(ppm), 6);
      return {
        // Binance counts commissions in basis points (10 = 0.1 %); the first market's base rate stands for all
        makerCommission: Math.round(tier.makerPpm / 100),
        takerCommission: Math.round(tier.takerPpm / 100),
        buyerCommission: 0,
        sellerCommission: 0,
        commissionRates: { maker: rate(tier.makerPpm), taker: rate(tier.takerPpm), buyer: '0', seller: '0' },
        canTrade: true,
        canWithdraw: false,
        canDeposit: false,
        brokered: false,
        requireSelfTradePrevention: false,
        preventSor: false,
        updateTime: now(),
        accountType: 'SPOT',
        balances,
        permissions: ['SPOT'],
        uid: memberId,
      };
    },
  });
}
