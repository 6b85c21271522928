import { Ajv, type ErrorObject } from 'ajv';
import type { JsonSchema } from '../../plugin-api';
import { ApiError, ERROR_CODES } from '../../shared';
import { fieldOfValidationError } from '../http/envelope';
import { ROW_COLUMNS } from './store';

/** Query keys of GET /cgform-api/getData: a property of that name could not be filtered on. */
const PAGING_KEYS = ['pageNo', 'pageSize', 'column', 'order'];

export const COLLECTION_CODE_PATTERN = '^[a-z][a-z0-9_]{1,39}$';
export const RESERVED_PROPERTY_NAMES: readonly string[] = [...ROW_COLUMNS, ...PAGING_KEYS];

const TEXT_KEYWORDS = ['minLength', 'maxLength', 'pattern'];
const NUMBER_KEYWORDS = ['minimum', 'maximum'];

const text = (maxLength: number) => ({ type: 'string', maxLength });
const count = { type: 'integer', minimum: 0, maximum: 100_000 };

/**
 * What a collection added at runtime may declare: an object of flat fields, each text, number, integer,
 * yes/no or a choice (enum), with the usual limits. The store filters and sorts on such fields and the
 * console renders them; nested objects and arrays are kept to the collections the platform ships.
 */
const COLLECTION_META_SCHEMA = {
  type: 'object',
  required: ['type', 'properties'],
  additionalProperties: false,
  properties: {
    $schema: text(200),
    title: text(200),
    description: text(1000),
    type: { const: 'object' },
    additionalProperties: { const: false },
    required: { type: 'array', uniqueItems: true, items: { type: 'string' } },
    properties: {
      type: 'object',
      minProperties: 1,
      maxProperties: 50,
      propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', not: { enum: RESERVED_PROPERTY_NAMES } },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          type: { enum: ['string', 'number', 'integer', 'boolean'] },
          enum: { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: { type: ['string', 'number'] } },
          title: text(200),
          description: text(1000),
          default: { type: ['string', 'number', 'boolean'] },
          minLength: count,
          maxLength: count,
          pattern: text(500),
          minimum: { type: 'number' },
          maximum: { type: 'number' },
        },
      },
    },
  },
};

const metaValidate = new Ajv({ allErrors: false, strict: false }).compile(COLLECTION_META_SCHEMA);

interface PropertySchema {
  type?: 'string' | 'number' | 'integer' | 'boolean';
  enum?: Array<string | number>;
  default?: unknown;
  [keyword: string]: unknown;
}

function schemaError(msgKey: string, field: string): ApiError {
  return new ApiError(ERROR_CODES.badRequest, `console-core:${msgKey}`, { field, params: { field } });
}

/** "schema", then the path of the error, then the property name a propertyNames rule refused. */
function metaField(error: ErrorObject): string {
  const name = (error as { propertyName?: string }).propertyName ?? error.params.propertyName;
  return ['schema', fieldOfValidationError(error, ''), name].filter(Boolean).join('.');
}

function fitsType(value: unknown, type: PropertySchema['type']): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

/** The JSON type a property's values have: its type, or that of its enum values. */
function valueType(property: PropertySchema): PropertySchema['type'] {
  if (property.type) return property.type;
  return property.enum!.every((value) => typeof value === 'number') ? 'number' : 'string';
}

function checkProperty(name: string, property: PropertySchema): void {
  const at = (keyword: string) => `schema.properties.${name}.${keyword}`;
  if (!property.type && !property.enum) throw schemaError('schemaInvalid', at('type'));
  const type = valueType(property);
  if (property.enum?.some((value) => !fitsType(value, type))) throw schemaError('schemaKeyword', at('enum'));
  const allowed = type === 'string' ? TEXT_KEYWORDS : type === 'number' || type === 'integer' ? NUMBER_KEYWORDS : [];
  for (const keyword of [...TEXT_KEYWORDS, ...NUMBER_KEYWORDS]) {
    if (property[keyword] !== undefined && !allowed.includes(keyword)) throw schemaError('schemaKeyword', at(keyword));
  }
  if (typeof property.pattern === 'string') {
    try {
      new RegExp(property.pattern, 'u');
    } catch {
      throw schemaError('schemaPattern', at('pattern'));
    }
  }
  const above = (low: string, high: string) => typeof property[low] === 'number' && typeof property[high] === 'number' && (property[low] as number) > (property[high] as number);
  if (above('minLength', 'maxLength')) throw schemaError('schemaRange', at('minLength'));
  if (above('minimum', 'maximum')) throw schemaError('schemaRange', at('minimum'));
}

/**
 * Checks a JSON Schema given for a new collection and returns it as stored (stray fields refused).
 * Throws 400 with data.field the part of the schema at fault ("schema.properties.color.type").
 */
export function collectionSchemaOf(schema: unknown): JsonSchema {
  if (!metaValidate(schema)) throw schemaError('schemaInvalid', metaField(metaValidate.errors![0]));
  const checked = schema as { properties: Record<string, PropertySchema>; required?: string[] };
  for (const [name, property] of Object.entries(checked.properties)) checkProperty(name, property);
  checked.required?.forEach((name, index) => {
    if (!Object.hasOwn(checked.properties, name)) throw schemaError('schemaRequiredUnknown', `schema.required.${index}`);
  });
  const normalized = { ...checked, additionalProperties: false };
  // a default the field itself would refuse would fill every new row's form with an error
  const validateDefaults = new Ajv({ strict: false, addUsedSchema: false });
  for (const [name, property] of Object.entries(checked.properties)) {
    if (property.default === undefined) continue;
    const { default: value, ...rules } = property;
    if (!validateDefaults.validate(rules, value)) throw schemaError('schemaDefault', `schema.properties.${name}.default`);
  }
  return normalized;
}
