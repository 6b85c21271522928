/**
 * Binance's error codes for the spot endpoints, beyond the signature errors of the api-keys plugin. A handler
 * throws `BinanceFailure`; the route wrapper answers it as `{ code, msg }` with its HTTP status.
 */
import type { SpotRejectReason } from '../../../../core/engine';
import type { BinanceError } from '../../../api-keys/shared/binance';

export class BinanceFailure extends Error {
  constructor(readonly error: BinanceError) {
    super(error.msg);
  }
}

const bad = (code: number, msg: string): BinanceError => ({ status: 400, code, msg });

export const SPOT_ERRORS = {
  illegalChars: (name: string, legal: string) => bad(-1100, `Illegal characters found in parameter '${name}'; legal range is '${legal}'.`),
  tooManyParameters: (name: string) => bad(-1101, `Too many values sent for parameter '${name}'.`),
  mandatory: (name: string) => bad(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  eitherMandatory: (a: string, b: string) => bad(-1102, `Param '${a}' or '${b}' must be sent, but both were empty/null!`),
  unknownParameter: (name: string) => bad(-1104, `Not all sent parameters were read; read parameters but was sent '${name}'.`),
  notRequired: (name: string) => bad(-1106, `Parameter '${name}' sent when not required.`),
  invalidTimeInForce: () => bad(-1115, 'Invalid timeInForce.'),
  invalidOrderType: () => bad(-1116, 'Invalid orderType.'),
  invalidSide: () => bad(-1117, 'Invalid side.'),
  invalidInterval: () => bad(-1120, 'Invalid interval.'),
  invalidSymbol: () => bad(-1121, 'Invalid symbol.'),
  combination: () => bad(-1128, 'Combination of optional parameters invalid.'),
  precision: () => bad(-1111, 'Precision is over the maximum defined for this asset.'),
  filter: (what: string) => bad(-1013, what),
  unsupportedCombination: () => bad(-1014, 'Unsupported order combination.'),
  rejected: (msg: string) => bad(-2010, msg),
  unknownOrderOnCancel: () => bad(-2011, 'Unknown order sent.'),
  noSuchOrder: () => bad(-2013, 'Order does not exist.'),
} as const;

/** How an engine refusal of a new order reads in Binance's terms (the refusal changed nothing). */
export function placeRejection(reason: SpotRejectReason, field: string | undefined): BinanceError {
  switch (reason) {
    case 'priceNotOnTick':
      return SPOT_ERRORS.filter('Filter failure: PRICE_FILTER');
    case 'qtyNotOnLot':
      return SPOT_ERRORS.filter('Filter failure: LOT_SIZE');
    case 'belowMinNotional':
      return SPOT_ERRORS.filter('Filter failure: NOTIONAL');
    case 'priceOutsideBand':
      return SPOT_ERRORS.filter('Filter failure: PERCENT_PRICE_BY_SIDE');
    case 'priceTooManyDecimals':
    case 'qtyTooManyDecimals':
    case 'quoteTooManyDecimals':
      return SPOT_ERRORS.precision();
    case 'nonPositive':
    case 'outOfRange':
    case 'invalidField':
      return SPOT_ERRORS.filter(field === 'price' || field === 'trigger' ? 'Invalid price.' : 'Invalid quantity.');
    case 'insufficientFunds':
    case 'budgetRequired':
      return SPOT_ERRORS.rejected('Account has insufficient balance for requested action.');
    case 'marketHalted':
      return SPOT_ERRORS.rejected('Market is closed.');
    case 'duplicateClientOrderId':
      return SPOT_ERRORS.rejected('Duplicate order sent.');
    case 'postOnlyWouldTake':
      return SPOT_ERRORS.rejected('Order would immediately match and take.');
    case 'unknownMarket':
      return SPOT_ERRORS.invalidSymbol();
    default:
      return SPOT_ERRORS.rejected(`Order rejected (${reason}).`);
  }
}
