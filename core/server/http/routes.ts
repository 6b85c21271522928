import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiRequest, FileResult, Principal, RawJsonResult, RouteDefinition } from '../../plugin-api';
import { ApiError, ERROR_CODES, okEnvelope } from '../../shared';
import type { Translate } from '../i18n/translator';
import type { HandlersInFlight } from './in-flight';
import { requestTranslator } from './request-context';

/** "/coin/x/{id}" under /api/{head}; paths starting with /api/ as given. {name} segments become :name. */
export function routeUrl(head: string, path: string): string {
  const full = path.startsWith('/api/') ? path : `/api/${head}${path.startsWith('/') ? path : `/${path}`}`;
  return full.replace(/\{(\w+)\}/g, ':$1');
}

export function isFileResult(value: unknown): value is FileResult {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file';
}

function isRawJsonResult(value: unknown): value is RawJsonResult {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'raw-json';
}

/** attachment with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendFileResult(reply: FastifyReply, file: FileResult): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Rejects with 401 unless the request's principal fits the route's auth level. */
export function checkAuth(auth: RouteDefinition['auth'], principal: ApiRequest['principal']): void {
  if (auth === 'user' && principal?.kind !== 'user') throw new ApiError(ERROR_CODES.unauthorized);
  if (auth === 'operator' && principal?.kind !== 'operator') throw new ApiError(ERROR_CODES.unauthorized);
}

/** Checks an operator request against the operator's current state and the route's permission (throws ApiError). */
export type OperatorGate = (principal: Principal, definition: RouteDefinition) => Promise<unknown>;

/**
 * Mounts a plugin (or kernel) route: schema validation, auth, operator permissions, envelope, file downloads,
 * raw JSON answers.
 */
export function mountRoute(
  app: FastifyInstance,
  head: string,
  translate: Translate,
  definition: RouteDefinition,
  operatorGate?: OperatorGate,
  inFlight?: HandlersInFlight,
): void {
  if (definition.permission !== undefined && definition.auth !== 'operator') {
    throw new Error('a permission applies to operator routes only (auth: "operator")');
  }
  if (definition.permission !== undefined && !operatorGate) throw new Error('no operator gate to check the permission with');
  app.route({
    method: definition.method,
    url: routeUrl(head, definition.path),
    schema: definition.schema,
    handler: async (request, reply) => {
      checkAuth(definition.auth, request.principal);
      if (definition.auth === 'operator' && operatorGate) await operatorGate(request.principal!, definition);
      const apiRequest: ApiRequest = {
        query: request.query,
        body: request.body,
        params: request.params,
        rawQuery: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
        rawBody: (request as { rawBody?: string }).rawBody ?? '',
        principal: request.principal,
        language: request.language,
        ip: request.ip,
        headers: request.headers,
        t: requestTranslator(request, translate),
      };
      const result = inFlight ? await inFlight.run(async () => definition.handler(apiRequest)) : await definition.handler(apiRequest);
      if (isFileResult(result)) return sendFileResult(reply, result);
      if (isRawJsonResult(result)) return reply.code(result.status ?? 200).header('cache-control', 'no-store').send(result.body);
      return okEnvelope(result === undefined ? null : result);
    },
  });
}
