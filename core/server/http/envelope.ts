import { ApiError, ERROR_CODES, defaultErrorKey, errorEnvelope, isApiError, okEnvelope, type Envelope } from '../../shared';

export { okEnvelope };

/** What went wrong, before translation: HTTP status, message key, its parameters and the field at fault. */
export interface ErrorDescription {
  status: number;
  msgKey: string;
  params?: Record<string, string | number>;
  field?: string;
  /** True when the error is not a client mistake and must be logged. */
  unexpected?: boolean;
}

interface AjvErrorLike {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

interface FastifyErrorLike {
  code?: string;
  statusCode?: number;
  validation?: AjvErrorLike[];
  validationContext?: string;
}

/** The field a JSON-Schema error points at, dotted ("items.0.price"); the request part for a root error. */
export function fieldOfValidationError(error: AjvErrorLike, context = 'body'): string {
  const path = (error.instancePath ?? '').split('/').filter(Boolean);
  const extra =
    error.keyword === 'required'
      ? error.params?.missingProperty
      : error.keyword === 'additionalProperties'
        ? error.params?.additionalProperty
        : undefined;
  if (typeof extra === 'string') path.push(extra);
  return path.length > 0 ? path.join('.') : context;
}

const FASTIFY_CODE_KEYS: Record<string, { status: number; msgKey: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msgKey: 'errors.malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msgKey: 'errors.malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msgKey: 'errors.bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msgKey: 'errors.unsupportedMedia' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, msgKey: 'errors.unsupportedMedia' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, msgKey: 'errors.tooLarge' },
  FST_FILES_LIMIT: { status: 413, msgKey: 'errors.tooLarge' },
  FST_PARTS_LIMIT: { status: 413, msgKey: 'errors.tooLarge' },
  FST_FIELDS_LIMIT: { status: 413, msgKey: 'errors.tooLarge' },
};

/** The message of a schema keyword that has a limit to state ({{limit}}), and how to read the limit. */
const LIMIT_KEYS: Record<string, { msgKey: string; limit: (params: Record<string, unknown>) => unknown }> = {
  minimum: { msgKey: 'errors.fieldMin', limit: (params) => params.limit },
  exclusiveMinimum: { msgKey: 'errors.fieldAbove', limit: (params) => params.limit },
  maximum: { msgKey: 'errors.fieldMax', limit: (params) => params.limit },
  exclusiveMaximum: { msgKey: 'errors.fieldBelow', limit: (params) => params.limit },
  minLength: { msgKey: 'errors.fieldMinLength', limit: (params) => params.limit },
  maxLength: { msgKey: 'errors.fieldMaxLength', limit: (params) => params.limit },
  maxItems: { msgKey: 'errors.fieldMaxItems', limit: (params) => params.limit },
  enum: { msgKey: 'errors.fieldOneOf', limit: (params) => (Array.isArray(params.allowedValues) ? params.allowedValues.join(', ') : undefined) },
};

/** The message key and parameters of a schema validation error: its limit stated where it has one. */
function validationMessage(error: AjvErrorLike, field: string): { msgKey: string; params: Record<string, string | number> } {
  if (error.keyword === 'required') return { msgKey: 'errors.fieldRequired', params: { field } };
  const known = LIMIT_KEYS[error.keyword];
  const limit = known?.limit(error.params ?? {});
  if (known && (typeof limit === 'number' || typeof limit === 'string')) return { msgKey: known.msgKey, params: { field, limit } };
  return { msgKey: 'errors.fieldInvalid', params: { field } };
}

/** Classifies anything a handler or fastify threw. Unknown errors become a 500 "busy" without details. */
export function describeError(error: unknown): ErrorDescription {
  if (isApiError(error)) {
    return {
      status: error.code,
      msgKey: error.msgKey,
      ...(error.params ? { params: error.params } : error.field ? { params: { field: error.field } } : {}),
      ...(error.field !== undefined ? { field: error.field } : {}),
    };
  }
  const fastifyError = (error ?? {}) as FastifyErrorLike;
  if (Array.isArray(fastifyError.validation) && fastifyError.validation.length > 0) {
    const first = fastifyError.validation[0];
    const field = fieldOfValidationError(first, fastifyError.validationContext);
    return { status: ERROR_CODES.badRequest, ...validationMessage(first, field), field };
  }
  const known = fastifyError.code ? FASTIFY_CODE_KEYS[fastifyError.code] : undefined;
  if (known) return { ...known };
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, msgKey: 'errors.malformedJson' };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, msgKey: defaultErrorKey(status) };
  }
  return { status: ERROR_CODES.internal, msgKey: 'errors.busy', unexpected: true };
}

/** The error envelope: translated message, and data {field} when a field is at fault. */
export function errorEnvelopeOf(
  description: ErrorDescription,
  translate: (key: string, params?: Record<string, unknown>) => string,
): Envelope<{ field: string } | null> {
  const msg = translate(description.msgKey, description.params);
  return errorEnvelope(description.status, msg, description.field !== undefined ? { field: description.field } : null);
}

export function notFoundError(field?: string): ApiError {
  return field === undefined
    ? new ApiError(ERROR_CODES.notFound)
    : new ApiError(ERROR_CODES.notFound, 'errors.fieldNotFound', { field, params: { field } });
}
