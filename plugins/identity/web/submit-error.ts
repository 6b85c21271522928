import { isHttpError } from '../../../core/web';

/** The field the server named and its message, or a form-level message; network failures say nothing new. */
export function submitError(error: unknown, unknownText: string): { field: string | null; message: string } {
  if (isHttpError(error)) return { field: error.field ?? null, message: error.msg || unknownText };
  return { field: null, message: unknownText };
}
