// The fields of a spot command, read in one pass into an object of a fixed shape.
import type { Side, TimeInForce } from '../book/types';
import type { PlaceSpotOrder, SpotCommand } from './types';

/**
 * The fields of an order command (place or cancel) and the id, kind and time of any command: what
 * `command.field` gives, undefined when absent. Typed as the commands declare them, which the engine checks
 * as it did on the command itself.
 */
export class CommandFields {
  id!: string;
  kind!: SpotCommand['kind'];
  at!: number;
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

// Without Object.prototype behind it, copying a command's own `__proto__` key (JSON.parse makes one) defines a
// property like any other instead of calling the setter that would change this object's prototype.
Object.setPrototypeOf(CommandFields.prototype, null);

const MAX_ID_LENGTH = 100;

/** A command id: 1 to 100 printable ASCII characters without space (0x21..0x7e). */
export function isCommandId(id: string): boolean {
  const length = id.length;
  if (length === 0 || length > MAX_ID_LENGTH) return false;
  for (let i = 0; i < length; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return false;
  }
  return true;
}

type Read = { -readonly [K in keyof CommandFields]: unknown };

/** The names of the fields (the class defines each one, as undefined). */
const FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(new CommandFields()));

/**
 * Reads the command's fields into `fields`: what `command.field` gives for a data object, whose fields are its
 * own enumerable properties or enumerable inherited ones. Commands built by spreading (`{ ...base, kind, … }`)
 * can each get a map of their own, and then every named load of a field — present or absent — misses V8's
 * inline caches and goes to the runtime (0.3 µs or more each on the development machine). A plain object
 * (prototype Object.prototype or none, which adds no fields) is copied by one Object.assign, anything else read
 * in one for-in pass (which would do for both, but builds an enumeration cache for each new map: garbage the
 * copy does not make). Keys that are not fields are copied too, and kept until a later command has them; the
 * engine never reads them.
 */
export function readCommandFields(command: unknown, fields: CommandFields): void {
  // written as what they are (any value); read as the commands declare them
  const into: Read = fields;
  into.id = undefined;
  into.kind = undefined;
  into.at = undefined;
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
  if ((typeof command !== 'object' && typeof command !== 'function') || command === null) return;
  const prototype: unknown = Object.getPrototypeOf(command);
  if (prototype === Object.prototype || prototype === null) {
    Object.assign(fields, command);
    return;
  }
  const source = command as Record<string, unknown>;
  for (const key in source) if (FIELD_NAMES.has(key)) into[key as keyof Read] = source[key];
}
