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
