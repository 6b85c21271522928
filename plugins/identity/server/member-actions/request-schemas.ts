import { ID_NUMBER_SCHEMA, type ApiRequest } from '../../../../core/server';

/** An id in a JSON body: the web may send it as it got it (a string) or as a number. */
export const ID_BODY_SCHEMA = { type: ['integer', 'string'], pattern: '^[1-9][0-9]{0,14}$', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };

/** `{id}` path parameter: a positive integer. */
export const ID_PARAMS_SCHEMA = {
  type: 'object',
  required: ['id'],
  properties: { id: ID_NUMBER_SCHEMA },
};

/** The signed-in member's id (routes with auth 'user'). */
export function memberIdOf(request: Pick<ApiRequest, 'principal'>): number {
  return Number(request.principal!.id);
}
