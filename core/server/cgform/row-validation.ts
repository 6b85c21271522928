import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ApiError, ERROR_CODES } from '../../shared';
import { fieldOfValidationError } from '../http/envelope';
import type { FormHead } from './store';

/** Message keys of the console namespace for what a row got wrong, by JSON-Schema keyword. */
const KEYWORD_MESSAGES: Record<string, string> = {
  maxLength: 'console-core:fieldTooLong',
  minLength: 'console-core:fieldTooShort',
  pattern: 'console-core:fieldPattern',
  enum: 'console-core:fieldEnum',
  const: 'console-core:fieldEnum',
  type: 'console-core:fieldType',
  minimum: 'console-core:fieldRange',
  maximum: 'console-core:fieldRange',
  exclusiveMinimum: 'console-core:fieldRange',
  exclusiveMaximum: 'console-core:fieldRange',
  additionalProperties: 'console-core:fieldUnknown',
};

/** The 400 for the first thing a value got wrong: data.field is the dotted path ("titles.en"). */
export function rowError(error: ErrorObject, context = 'body'): ApiError {
  const field = fieldOfValidationError(error, context);
  if (error.keyword === 'required') return ApiError.fieldRequired(field);
  const msgKey = KEYWORD_MESSAGES[error.keyword] ?? 'errors.fieldInvalid';
  const limit = error.params.limit;
  return new ApiError(ERROR_CODES.badRequest, msgKey, { field, params: { field, ...(typeof limit === 'number' ? { limit } : {}) } });
}

/**
 * Validates rows against their form's schema on the server. Validators are compiled once per schema text
 * (a form's schema changes only when an operator replaces the form) and never registered by $id, so
 * forms with the same $id do not collide.
 */
export class RowValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, { source: string; validate: ValidateFunction }>();

  constructor() {
    this.ajv = new Ajv({ allErrors: false, strict: false, addUsedSchema: false });
    (addFormats as unknown as (ajv: Ajv) => Ajv)(this.ajv);
  }

  /** Throws the 400 naming the first field the data gets wrong. */
  check(head: Pick<FormHead, 'code' | 'schema'>, data: unknown): void {
    const validate = this.validatorOf(head);
    if (!validate(data)) throw rowError(validate.errors![0]);
  }

  private validatorOf(head: Pick<FormHead, 'code' | 'schema'>): ValidateFunction {
    const source = JSON.stringify(head.schema);
    const cached = this.compiled.get(head.code);
    if (cached?.source === source) return cached.validate;
    const validate = this.ajv.compile(head.schema);
    this.compiled.set(head.code, { source, validate });
    return validate;
  }
}
