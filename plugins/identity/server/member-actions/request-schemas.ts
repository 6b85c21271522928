import { ROW_ID_MAX, ROW_ID_SCHEMA, type ApiRequest } from '../../../../core/server';

/** An id in a JSON body: the web may send it as it got it (a string) or as a number. */
export const ID_BODY_SCHEMA = { type: ['integer', 'string'], pattern: '^[1-9][0-9]{0,9}$', minimum: 1, maximum: ROW_ID_MAX };

/** `{id}` path parameter: a positive integer. */
export const ID_PARAMS_SCHEMA = {
  type: 'object',
  required: ['id'],
  properties: { id: ROW_ID_SCHEMA },
};

/** The signed-in member's id (routes with auth 'user'). */
export function memberIdOf(request: Pick<ApiRequest, 'principal'>): number {
  return Number(request.principal!.id);
}
