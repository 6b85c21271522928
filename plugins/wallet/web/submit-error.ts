import { isHttpError } from '../../../core/web';

/**
 * Where a failed submit's message belongs: under the field the server named (when the form has it), else above
 * the submit button. `answered` is true when the server refused the request (nothing was applied; a new attempt needs a new id).
 */
export function submitError(error: unknown, fields: readonly string[], unknownText: string): { field: string | null; message: string; answered: boolean } {
  if (!isHttpError(error)) return { field: null, message: unknownText, answered: false };
  const field = error.field && fields.includes(error.field) ? error.field : null;
  return { field, message: error.msg || unknownText, answered: error.kind === 'response' };
}

/** An idempotency id for one submit: a retry of the same submit sends it again, the server applies it once. */
export function newClientId(): string {
  return crypto.randomUUID();
}
