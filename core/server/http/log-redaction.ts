import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line (the spec's token call carries credentials in the query). */
const SECRET_PARAMS = new Set(['password', 'refresh_token', 'code', 'access_token', 'token', 'tradePwd', 'googleCode']);

/** The URL with the values of secret query parameters replaced by "***". */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const params = new URLSearchParams(url.slice(start + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key)) {
      params.set(key, '***');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, start)}?${params.toString()}` : url;
}

/** Fastify's request serializer, minus secrets. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.headers.host,
    remoteAddress: request.ip,
  };
}

/** application/x-www-form-urlencoded bodies as plain objects (OAuth clients send the token call this way). */
export function parseFormBody(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}
