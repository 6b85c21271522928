import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared';
import { describeError, errorEnvelopeOf, fieldOfValidationError, notFoundError, okEnvelope } from './envelope';

const echo = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('envelopes', () => {
  it('wraps data in the success envelope', () => {
    expect(okEnvelope({ a: 1 })).toEqual({ code: 200, success: true, msg: 'success', data: { a: 1 } });
  });

  it('describes an ApiError with its field', () => {
    const description = describeError(ApiError.fieldRequired('email'));
    expect(description).toEqual({ status: 400, msgKey: 'errors.fieldRequired', params: { field: 'email' }, field: 'email' });
    expect(errorEnvelopeOf(description, echo)).toEqual({
      code: 400,
      success: false,
      msg: 'errors.fieldRequired{"field":"email"}',
      data: { field: 'email' },
    });
  });

  it('passes the field as a parameter when an ApiError has a field but no params', () => {
    expect(describeError(new ApiError(409, 'errors.conflict', { field: 'username' })).params).toEqual({ field: 'username' });
  });

  it('names the field of a schema validation failure', () => {
    const required = { validation: [{ keyword: 'required', instancePath: '', params: { missingProperty: 'username' } }], validationContext: 'body' };
    expect(describeError(required)).toMatchObject({ status: 400, msgKey: 'errors.fieldRequired', field: 'username' });
    const invalid = { validation: [{ keyword: 'pattern', instancePath: '/pageSize', params: {} }], validationContext: 'querystring' };
    expect(describeError(invalid)).toMatchObject({ status: 400, msgKey: 'errors.fieldInvalid', field: 'pageSize' });
  });

  it('states the limit a schema validation failure broke', () => {
    const failure = (keyword: string, params: Record<string, unknown>) => describeError({ validation: [{ keyword, instancePath: '/x', params }], validationContext: 'body' });
    expect(failure('minimum', { limit: 1 })).toEqual({ status: 400, msgKey: 'errors.fieldMin', params: { field: 'x', limit: 1 }, field: 'x' });
    expect(failure('exclusiveMinimum', { limit: 0 }).msgKey).toBe('errors.fieldAbove');
    expect(failure('maximum', { limit: 18 })).toMatchObject({ msgKey: 'errors.fieldMax', params: { limit: 18 } });
    expect(failure('exclusiveMaximum', { limit: 5 }).msgKey).toBe('errors.fieldBelow');
    expect(failure('minLength', { limit: 6 }).msgKey).toBe('errors.fieldMinLength');
    expect(failure('maxLength', { limit: 64 })).toMatchObject({ msgKey: 'errors.fieldMaxLength', params: { limit: 64 } });
    expect(failure('maxItems', { limit: 20 }).msgKey).toBe('errors.fieldMaxItems');
    expect(failure('enum', { allowedValues: ['buy', 'sell'] })).toMatchObject({ msgKey: 'errors.fieldOneOf', params: { limit: 'buy, sell' } });
    // a limit the keyword does not carry: the plain message
    expect(failure('maximum', {}).msgKey).toBe('errors.fieldInvalid');
  });

  it('dots nested paths and falls back to the request part for root errors', () => {
    expect(fieldOfValidationError({ keyword: 'type', instancePath: '/items/0/price' })).toBe('items.0.price');
    expect(fieldOfValidationError({ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'x' } })).toBe('x');
    expect(fieldOfValidationError({ keyword: 'type', instancePath: '' }, 'querystring')).toBe('querystring');
  });

  it('maps fastify body errors to 400/413/415', () => {
    expect(describeError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })).toEqual({ status: 400, msgKey: 'errors.malformedJson' });
    expect(describeError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }).status).toBe(413);
    expect(describeError({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }).msgKey).toBe('errors.unsupportedMedia');
    expect(describeError({ code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }).status).toBe(413);
  });

  it('turns anything unexpected into a 500 "busy" marked for logging', () => {
    expect(describeError(new TypeError('x is undefined'))).toEqual({ status: 500, msgKey: 'errors.busy', unexpected: true });
    expect(describeError(undefined).status).toBe(500);
  });

  it('makes 404 errors with or without a field', () => {
    expect(describeError(notFoundError())).toMatchObject({ status: 404, msgKey: 'errors.notFound' });
    expect(describeError(notFoundError('formId'))).toMatchObject({ status: 404, msgKey: 'errors.fieldNotFound', field: 'formId' });
  });
});
