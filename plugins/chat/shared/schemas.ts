import type { JsonSchema } from '../../../core/plugin-api';
import { CHAT_PAGE_SIZE, ROW_ID_SCHEMA, PAGE_NUMBER_SCHEMA } from '../../../core/shared';
import { CANNED_TITLE_MAX, CHAT_PAGE_MAX, CONTENT_TYPES, CONVERSATION_STATUSES } from './types';

/**
 * An upper bound for the content field so a huge body is refused by the schema; the 400-character rule itself
 * is checked by chatMessageProblem so the answer names it (chat:tooLong).
 */
const CONTENT_BOUND = 4000;

const paging = (size: number, max: number) => ({
  current: PAGE_NUMBER_SCHEMA,
  size: { type: 'integer', minimum: 1, maximum: max, default: size },
});

const idParams: JsonSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: ROW_ID_SCHEMA },
};

export const historyQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['chatKey'],
  properties: { ...paging(CHAT_PAGE_SIZE, CHAT_PAGE_MAX), chatKey: { type: 'string', minLength: 1, maxLength: 64 } },
};

export const sendBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['chatId', 'content', 'contentType'],
  properties: {
    chatId: ROW_ID_SCHEMA,
    content: { type: 'string', maxLength: CONTENT_BOUND },
    contentType: { type: 'integer', enum: [...CONTENT_TYPES] },
  },
};

export const recordParamsSchema = idParams;

export const recordBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: paging(CHAT_PAGE_SIZE, CHAT_PAGE_MAX),
};

// ---- support desk ------------------------------------------------------------------------------

export const conversationParamsSchema = idParams;

export const queueQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...paging(20, 100), status: { type: 'string', enum: [...CONVERSATION_STATUSES], default: 'open' } },
};

export const transcriptQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: paging(CHAT_PAGE_SIZE, CHAT_PAGE_MAX),
};

export const replyBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['content', 'contentType'],
  properties: {
    content: { type: 'string', maxLength: CONTENT_BOUND },
    contentType: { type: 'integer', enum: [...CONTENT_TYPES] },
  },
};

export const assignBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['operatorId'],
  properties: { operatorId: { type: 'string', pattern: '^[0-9]{1,12}$' } },
};

export const emptyBodySchema: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };
export const emptyQuerySchema: JsonSchema = emptyBodySchema;

export const cannedBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'content'],
  properties: {
    title: { type: 'string', maxLength: CANNED_TITLE_MAX },
    content: { type: 'string', maxLength: CONTENT_BOUND },
  },
};

export const cannedParamsSchema = idParams;
