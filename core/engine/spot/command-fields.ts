// The fields of a spot command, read in one pass into an object of a fixed shape.
import type { Side, TimeInForce } from '../book/types';
import type { PlaceSpotOrder, SpotCommand } from './types';

/**
 * The fields of an order command (place or cancel) and the id, kind and time of any command: what
 * `command.field` gives, undefined when absent — but `at`, NaN when it is absent or not a number. Typed as the
 * commands declare them, which the engine checks as it did on the command itself.
 */
export class CommandFields {
  id!: string;
  kind!: SpotCommand['kind'];
  /**
   * Always a number, so that V8 keeps the field a double changed in place: a field that also held undefined would
   * take each command's time as a new heap number, stored into this long-lived object through the write barrier.
   */
  at = NaN;
  userId!: string;
  symbol!: string;
  side!: Side;
  type!: PlaceSpotOrder['type'];
  price?: string;
  qty?: string;
  quote?: string;
  budget?: string;
  trigger?: string;
  tif?: TimeInForce;
  postOnly?: boolean;
  takeProfit?: string;
  stopLoss?: string;
  feeTier?: number;
  clientOrderId?: string;
  orderId?: number;
}

/** What a command id is: 1 to `maxLength` printable ASCII characters without space (`first`…`last`). */
export const COMMAND_ID = { maxLength: 100, first: 0x21, last: 0x7e } as const;

type Read = { -readonly [K in keyof CommandFields]: unknown };
type Command = { readonly [K in keyof CommandFields]?: unknown };

/**
 * Reads into `fields` what `command.field` gives for the fields of the command's kind (id, kind and at of any
 * command; an order's own fields for placeOrder and cancelOrder), the others left undefined. Each kind's fields
 * are read by loads of their own: a load site sees only the few shapes of its kind's commands, where one site for
 * every field would see them all and go megamorphic (three times slower than these loads, as slow as copying
 * the command with Object.assign).
 */
export function readCommandFields(command: unknown, fields: CommandFields): void {
  // written as what they are (any value); read as the commands declare them
  const into: Read = fields;
  into.userId = undefined;
  into.symbol = undefined;
  into.side = undefined;
  into.type = undefined;
  into.price = undefined;
  into.qty = undefined;
  into.quote = undefined;
  into.budget = undefined;
  into.trigger = undefined;
  into.tif = undefined;
  into.postOnly = undefined;
  into.takeProfit = undefined;
  into.stopLoss = undefined;
  into.feeTier = undefined;
  into.clientOrderId = undefined;
  into.orderId = undefined;
  if (command === null || command === undefined) {
    into.id = into.kind = undefined;
    fields.at = NaN;
    return;
  }
  const c = command as Command;
  into.id = c.id;
  const at = c.at;
  fields.at = typeof at === 'number' ? at : NaN;
  const kind = (into.kind = c.kind);
  if (kind === 'placeOrder') readPlaceOrder(c, into);
  else if (kind === 'cancelOrder') readCancelOrder(c, into);
}

function readPlaceOrder(c: Command, into: Read): void {
  into.userId = c.userId;
  into.symbol = c.symbol;
  into.side = c.side;
  into.type = c.type;
  into.price = c.price;
  into.qty = c.qty;
  into.quote = c.quote;
  into.budget = c.budget;
  into.trigger = c.trigger;
  into.tif = c.tif;
  into.postOnly = c.postOnly;
  into.takeProfit = c.takeProfit;
  into.stopLoss = c.stopLoss;
  into.feeTier = c.feeTier;
  into.clientOrderId = c.clientOrderId;
}

function readCancelOrder(c: Command, into: Read): void {
  into.userId = c.userId;
  into.symbol = c.symbol;
  into.orderId = c.orderId;
  into.clientOrderId = c.clientOrderId;
}
