import { PAGE_NUMBER_SCHEMA } from '../../../core/server';
import { BILL_KINDS, TRANSFER_ACCOUNT_TYPES } from '../shared/types';

/** JSON Schemas of the wallet's requests. Amounts are strings: their scale is checked against the currency. */
export const CURRENCY = { type: 'string', minLength: 1, maxLength: 20 };
export const AMOUNT = { type: 'string', minLength: 1, maxLength: 60 };
export const NETWORK = { type: 'string', minLength: 1, maxLength: 32 };
export const ADDRESS = { type: 'string', minLength: 1, maxLength: 128 };
/** A caller's idempotency id; safe to embed in a ledger command id. */
export const CLIENT_ID = { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$' };
export const ACCOUNT_TYPE = { type: 'integer', enum: [...TRANSFER_ACCOUNT_TYPES] };
// epoch ms of years 1970..9999
const TIME = { type: 'integer', minimum: 0, maximum: 253_402_300_799_999 };

const PAGE = {
  current: PAGE_NUMBER_SCHEMA,
  size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
};

const BILL_FILTER = {
  type: ACCOUNT_TYPE,
  currency: CURRENCY,
  kind: { type: 'string', enum: [...BILL_KINDS] },
  startTime: TIME,
  endTime: TIME,
};

export const BILL_FILTER_BODY = { type: 'object', additionalProperties: false, properties: { ...BILL_FILTER, ...PAGE } };

/** Export: the filters of any of the three lists (each kind refuses the others' fields), paging ignored. */
export const EXPORT_BODY = {
  type: 'object',
  required: ['format'],
  additionalProperties: false,
  properties: { format: { type: 'string', enum: ['csv', 'xlsx'] }, ...BILL_FILTER, status: { type: 'string', minLength: 1, maxLength: 20 }, ...PAGE },
};
