import type { CustomValidator, ErrorTransformer, RJSFSchema, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';

/** An error in ajv's shape, so RJSF's own processing (titles, error tree) and the form's translations apply. */
interface RawError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
  parentSchema?: RJSFSchema;
}

/** A field the server refused, with the value it refused: the error shows while the field still holds it. */
export interface ServerFieldError {
  /** Dotted path, as the server's data.field names it ("titles.en"). */
  field: string;
  message: string;
  value: unknown;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function fitsType(value: unknown, type: JsonType): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The value at a dotted path of the form data. */
export function valueAt(data: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
}

/** True when the dotted path names a property the schema declares (so the form has a field for it). */
export function schemaHasField(schema: RJSFSchema, field: string): boolean {
  let node: RJSFSchema | undefined = schema;
  for (const key of field.split('.')) {
    const next: unknown = node?.properties?.[key];
    if (!next || typeof next !== 'object') return false;
    node = next as RJSFSchema;
  }
  return true;
}

/**
 * Checks form data against a schema that arrives at runtime (a collection an operator defined), without
 * compiling it: the console's content security policy forbids eval, so ajv cannot build validators in the
 * browser. It reads the keywords the collections use — type, enum, const, required, properties,
 * additionalProperties, lengths, pattern, number limits, items — and leaves the final word to the server,
 * whose refusals it carries (withServerError) so RJSF shows them on their fields.
 */
export class SchemaInterpreter implements ValidatorType {
  constructor(private readonly serverErrors: readonly ServerFieldError[] = []) {}

  /** A validator that also reports the server's refusal of a field, as long as the field keeps that value. */
  withServerError(error: ServerFieldError): SchemaInterpreter {
    return new SchemaInterpreter([...this.serverErrors.filter((known) => known.field !== error.field), error]);
  }

  get hasServerErrors(): boolean {
    return this.serverErrors.length > 0;
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    return processRawValidationErrors(this, this.rawValidation(schema, formData), formData, schema, customValidate, transformErrors, uiSchema);
  }

  isValid(schema: RJSFSchema, formData: unknown): boolean {
    return errorsOf(schema, formData, '', '#').length === 0;
  }

  rawValidation<Result = RawError>(schema: RJSFSchema, formData?: unknown): { errors?: Result[] } {
    const errors = [...errorsOf(schema, formData, '', '#'), ...this.serverErrorsFor(formData)];
    return { errors: errors.length > 0 ? (errors as Result[]) : undefined };
  }

  private serverErrorsFor(formData: unknown): RawError[] {
    return this.serverErrors
      .filter((error) => same(valueAt(formData, error.field), error.value))
      .map((error) => ({ instancePath: `/${error.field.split('.').join('/')}`, schemaPath: '#/server', keyword: 'server', params: {}, message: error.message }));
  }
}

function errorsOf(schema: RJSFSchema, value: unknown, path: string, schemaPath: string): RawError[] {
  if (value === undefined || typeof schema !== 'object') return [];
  const error: ErrorOf = (keyword, params, message) => ({
    instancePath: path,
    schemaPath: `${schemaPath}/${keyword}`,
    keyword,
    params,
    message,
    parentSchema: schema,
  });

  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[];
    if (!types.some((type) => fitsType(value, type))) return [error('type', { type: types.join(',') }, `must be ${types.join(',')}`)];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => same(allowed, value))) {
    return [error('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values')];
  }
  if (schema.const !== undefined && !same(schema.const, value)) return [error('const', { allowedValue: schema.const }, 'must be equal to constant')];

  if (typeof value === 'string') return stringErrors(schema, value, error);
  if (typeof value === 'number') return numberErrors(schema, value, error);
  if (Array.isArray(value)) {
    const items = schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? (schema.items as RJSFSchema) : undefined;
    const found = items ? value.flatMap((item, index) => errorsOf(items, item, `${path}/${index}`, `${schemaPath}/items`)) : [];
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) found.push(error('minItems', { limit: schema.minItems }, `must NOT have fewer than ${schema.minItems} items`));
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) found.push(error('maxItems', { limit: schema.maxItems }, `must NOT have more than ${schema.maxItems} items`));
    return found;
  }
  if (value && typeof value === 'object') return objectErrors(schema, value as Record<string, unknown>, path, schemaPath, error);
  return [];
}

type ErrorOf = (keyword: string, params: Record<string, unknown>, message: string) => RawError;

function stringErrors(schema: RJSFSchema, value: string, error: ErrorOf): RawError[] {
  // lengths in code points, as ajv counts them
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return [error('minLength', { limit: schema.minLength }, `must NOT have fewer than ${schema.minLength} characters`)];
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return [error('maxLength', { limit: schema.maxLength }, `must NOT have more than ${schema.maxLength} characters`)];
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return [error('pattern', { pattern: schema.pattern }, `must match pattern "${schema.pattern}"`)];
  return [];
}

function numberErrors(schema: RJSFSchema, value: number, error: ErrorOf): RawError[] {
  const limits: Array<[keyword: string, comparison: string, broken: (limit: number) => boolean]> = [
    ['minimum', '>=', (limit) => value < limit],
    ['maximum', '<=', (limit) => value > limit],
    ['exclusiveMinimum', '>', (limit) => value <= limit],
    ['exclusiveMaximum', '<', (limit) => value >= limit],
  ];
  for (const [keyword, comparison, broken] of limits) {
    const limit = schema[keyword as keyof RJSFSchema];
    if (typeof limit === 'number' && broken(limit)) return [error(keyword, { comparison, limit }, `must be ${comparison} ${limit}`)];
  }
  return [];
}

function objectErrors(schema: RJSFSchema, value: Record<string, unknown>, path: string, schemaPath: string, error: ErrorOf): RawError[] {
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const found: RawError[] = [];
  for (const name of (schema.required ?? []) as string[]) {
    if (value[name] === undefined) found.push(error('required', { missingProperty: name }, `must have required property '${name}'`));
  }
  for (const [name, inner] of Object.entries(value)) {
    if (properties[name]) found.push(...errorsOf(properties[name], inner, `${path}/${name}`, `${schemaPath}/properties/${name}`));
    else if (schema.additionalProperties === false && inner !== undefined) {
      found.push(error('additionalProperties', { additionalProperty: name }, 'must NOT have additional properties'));
    }
  }
  return found;
}
