import type { JsonSchema } from '../../../core/plugin-api';

/** Endpoints without parameters still name any stray parameter in a 400. */
export const noQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
};

export const initDataQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', enum: ['spot', 'contract'] },
  },
};

/** Path of the watchlist add / cancel calls: a = BTC_USDT, b = contract type (0 spot, 1 ubw, 2 bbw). */
export const watchlistParamsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['a', 'b'],
  properties: {
    a: { type: 'string', pattern: '^[A-Z0-9]{1,15}_[A-Z0-9]{1,15}$' },
    b: { type: 'integer', enum: [0, 1, 2] },
  },
};
