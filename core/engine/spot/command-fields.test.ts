import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CommandFields, readCommandFields } from './command-fields';

const NAMES = [
  'id', 'kind', 'at', 'userId', 'symbol', 'side', 'type', 'price', 'qty', 'quote', 'budget', 'trigger', 'tif', 'postOnly',
  'takeProfit', 'stopLoss', 'feeTier', 'clientOrderId', 'orderId',
] as const;
const FIELDS_OF_KIND: Record<string, readonly string[]> = {
  placeOrder: ['userId', 'symbol', 'side', 'type', 'price', 'qty', 'quote', 'budget', 'trigger', 'tif', 'postOnly', 'takeProfit', 'stopLoss', 'feeTier', 'clientOrderId'],
  cancelOrder: ['userId', 'symbol', 'orderId', 'clientOrderId'],
};

/**
 * What reading by name gives: id, kind and at, and the fields of the command's kind (the rest undefined); at is
 * NaN where it is not a number.
 */
function byName(command: unknown): Record<string, unknown> {
  const read = (name: string) => (command as Record<string, unknown> | null | undefined)?.[name];
  const kind = read('kind');
  const named = new Set(['id', 'kind', 'at', ...(typeof kind === 'string' ? (FIELDS_OF_KIND[kind] ?? []) : [])]);
  const fields: Record<string, unknown> = {};
  for (const name of NAMES) fields[name] = named.has(name) ? read(name) : undefined;
  if (typeof fields.at !== 'number') fields.at = NaN;
  return fields;
}

/** The fields as read. */
function fieldsOf(fields: CommandFields): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const name of NAMES) named[name] = fields[name];
  return named;
}

function read(command: unknown): Record<string, unknown> {
  const fields = new CommandFields();
  readCommandFields(command, fields);
  return fieldsOf(fields);
}

describe('readCommandFields', () => {
  const base = { id: 'c1', at: 1_700_000_000_000 };
  it.each([
    ['a limit order', { id: 'c1', at: 5, kind: 'placeOrder', userId: 'u1', symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1.5', qty: '2' }],
    ['a spread-built cancel', { ...base, kind: 'cancelOrder', userId: 'u1', symbol: 'BTCUSDT', orderId: 7 }],
    ['every optional field', { ...base, kind: 'placeOrder', tif: 'IOC', postOnly: false, takeProfit: '3', stopLoss: '1', feeTier: 0, clientOrderId: 'x', budget: '9', quote: '8', trigger: '2' }],
    ['fields of the wrong type', { id: 5, at: '1', kind: 'placeOrder', price: 1.5, qty: 2n, orderId: '3' }],
    ['a cancel with an order\'s fields', { ...base, kind: 'cancelOrder', orderId: 7, price: '1', side: 'buy' }],
    ['a kind that is not an order\'s', { ...base, kind: 'addMarket', market: {}, userId: 'u1', orderId: 7 }],
    ['no kind', { ...base, kind: null, price: '1', orderId: 7 }],
    ['fields present as undefined', { id: undefined, kind: 'placeOrder', price: undefined }],
    ['unknown fields only', { market: {}, changes: {}, halted: true, junk: 1 }],
    ['an inherited field', Object.assign(Object.create({ price: '9', kind: 'placeOrder' }) as object, { id: 'c2' })],
    ['a class instance', new (class { id = 'c5'; kind = 'cancelOrder'; orderId = 3; })()],
    ['a `__proto__` key', JSON.parse('{"id":"c6","__proto__":{"price":"1","qty":"2"},"kind":"placeOrder"}')],
    ['a field without prototype', Object.assign(Object.create(null) as object, { id: 'c3', kind: 'cancelOrder' })],
    ['a parsed command', JSON.parse('{"id":"c4","at":1,"kind":"placeOrder","side":"sell","qty":"1"}')],
    ['an empty object', {}],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'placeOrder'],
    ['an array', Object.assign(['x'], { id: 'c9', kind: 'cancelOrder' })],
  ])('reads %s as reading each field by name does', (_name, command) => {
    expect(read(command)).toEqual(byName(command));
  });

  it('clears what the previous command set, and is not changed by keys that are not fields', () => {
    const fields = new CommandFields();
    readCommandFields({ id: 'a', kind: 'placeOrder', price: '1', clientOrderId: 'x', market: {}, halted: true }, fields);
    readCommandFields({ id: 'c', kind: 'cancelOrder', orderId: 3 }, fields);
    readCommandFields(JSON.parse('{"id":"p","kind":"placeOrder","__proto__":{"qty":"5"}}'), fields);
    readCommandFields({ id: 'b' }, fields);
    expect(fieldsOf(fields)).toEqual(byName({ id: 'b' }));
    readCommandFields(null, fields);
    expect(fieldsOf(fields)).toEqual(byName({}));
    expect(Object.getPrototypeOf(fields)).toBe(CommandFields.prototype);
  });

  it('keeps the time a double field whatever the commands hold, so that storing one allocates nothing', () => {
    // V8 widens a field's representation in place, for every object of the class: only its trace tells
    const script = `
      const { CommandFields, readCommandFields } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'command-fields.ts')).href)});
      const fields = new CommandFields();
      for (const command of [{ id: 'a', at: 1_700_000_000_000.5, kind: 'placeOrder' }, { id: 'b', kind: 'cancelOrder' }, null, { id: 'c', at: '5' }, { at: 7 }]) readCommandFields(command, fields);
      console.log('at', fields.at);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--trace-generalization', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stdout).toContain('at 7');
    // (a constant field becoming a variable one stays a double: `d{…}->d{…}`)
    expect(child.stdout.split('\n').filter((line) => /^\[generalizing\]at:.*->[^d].*command-fields/.test(line))).toEqual([]);
  });

  it('agrees with reading by name for any record of known and unknown fields', () => {
    const key = fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 8 }));
    const value = fc.oneof(fc.constantFrom('placeOrder', 'cancelOrder'), fc.string(), fc.integer(), fc.boolean(), fc.constant(undefined), fc.constant(null), fc.bigInt());
    fc.assert(
      fc.property(fc.dictionary(key, value), fc.boolean(), (command, inherited) => {
        // the same record as an own object and behind a prototype
        const subject = inherited ? Object.setPrototypeOf({}, command) : command;
        expect(read(subject)).toEqual(byName(subject));
      }),
    );
  });
});
