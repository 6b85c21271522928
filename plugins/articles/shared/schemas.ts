// Request schemas of the articles routes; the kernel answers a mismatch with a 400 naming the field.
import type { JsonSchema } from '../../../core/plugin-api';
import { LANGUAGES, PAGE_NUMBER_SCHEMA, ROW_ID_SCHEMA } from '../../../core/shared';
import { ARTICLE_STATUSES, ARTICLE_TYPES, BODY_MAX, CATEGORY_TITLE_MAX, CODE_PATTERN, SORT_MAX, SUMMARY_MAX, TITLE_MAX } from './types';

const sort = { type: 'integer', minimum: 0, maximum: SORT_MAX };
const language = { type: 'string', enum: [...LANGUAGES] };
const code = { type: ['string', 'null'], pattern: CODE_PATTERN };

export const idParams: JsonSchema = { type: 'object', required: ['id'], properties: { id: ROW_ID_SCHEMA } };

export const textParams: JsonSchema = {
  type: 'object',
  required: ['id', 'language'],
  properties: { id: ROW_ID_SCHEMA, language },
};

export const contentQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id: ROW_ID_SCHEMA, code: { type: 'string', pattern: CODE_PATTERN }, type: { type: 'string', enum: [...ARTICLE_TYPES] } },
};

export const noQuery: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };

export const categoryBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['titles'],
  properties: {
    parentId: { ...ROW_ID_SCHEMA, type: ['integer', 'null'] },
    titles: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(LANGUAGES.map((lng) => [lng, { type: 'string', maxLength: CATEGORY_TITLE_MAX }])),
    },
    sort,
  },
};

export const articleListQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    language,
    status: { type: 'string', enum: [...ARTICLE_STATUSES] },
    type: { type: 'string', enum: [...ARTICLE_TYPES] },
    /** A category (its sections' articles) or a section. */
    categoryId: ROW_ID_SCHEMA,
    page: PAGE_NUMBER_SCHEMA,
    size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
};

export const articleMetaBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: { type: { type: 'string', enum: [...ARTICLE_TYPES] }, code, sectionId: { ...ROW_ID_SCHEMA, type: ['integer', 'null'] }, sort },
};

const textProperties = {
  title: { type: 'string', maxLength: TITLE_MAX },
  summary: { type: 'string', maxLength: SUMMARY_MAX },
  body: { type: 'string', maxLength: BODY_MAX },
};

export const articleTextBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'body'],
  properties: textProperties,
};

/** A new article: its settings and its first text (a draft in `language`). */
export const articleCreateBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'language', 'title', 'body'],
  properties: { ...(articleMetaBody.properties as object), language, ...textProperties },
};

export const previewBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['body'],
  properties: { body: { type: 'string', maxLength: BODY_MAX } },
};
