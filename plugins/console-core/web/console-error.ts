/** The message of a failed console call, as the server worded it. */
export function messageOf(error: unknown): string {
  const failure = error as { msg?: string; message?: string };
  return failure.msg || failure.message || '';
}
