import fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's two lines a request ("incoming request", "request completed") at debug instead of info: at the default
 * level a busy site would format and write both for every request, on the thread answering them (26–43 µs of CPU a
 * request on the development machine, about a third of a validated no-op's cost: docs/architecture.md).
 * `LOG_LEVEL=debug` shows them; a request that failed is still logged at error as Fastify does.
 */
export class DebugRequestLog extends fastify.LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
