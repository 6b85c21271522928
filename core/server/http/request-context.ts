import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../../plugin-api';
import type { Language } from '../../shared';
import { requestLanguage, type Translate } from '../i18n/translator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The principal of a valid Blade-Auth token, else null. */
    principal: Principal | null;
    /** From the mj-lang header, else the site language. */
    language: Language;
  }
}

export interface RequestContextOptions {
  /** The principal of a Blade-Auth token: valid, unexpired and not revoked; else null. */
  verify(token: string | undefined): Principal | null;
  siteLanguage: Language;
}

export const AUTH_HEADER = 'blade-auth';
export const LANGUAGE_HEADER = 'mj-lang';

/** Reads the token and language of every request once, before routing. */
export function installRequestContext(app: FastifyInstance, options: RequestContextOptions): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('language', options.siteLanguage);
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = requestLanguage(request.headers[LANGUAGE_HEADER], options.siteLanguage);
    const header = request.headers[AUTH_HEADER];
    request.principal = options.verify(Array.isArray(header) ? header[0] : header);
    done();
  });
}

/** A translator bound to the request's language. */
export function requestTranslator(request: FastifyRequest, translate: Translate) {
  return (key: string, params?: Record<string, unknown>) => translate(request.language, key, params);
}
