import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../plugin-api';

/** A file name carrying a content hash (main.3f9a1c2b.js, chunk-0a1b2c3d4e.css): safe to cache forever. */
export function isHashedAsset(path: string): boolean {
  const name = path.replace(/\.(br|gz|deflate)$/, '').split(/[\\/]/).pop() ?? '';
  return /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(name);
}

export function cacheControlFor(path: string): string {
  if (isHashedAsset(path)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Paths the single-page fallback must never answer. */
export function isServerPath(url: string): boolean {
  return /^\/(api|graphql|mqtt)(\/|\?|$)/.test(url);
}

export interface ServedSite {
  site: SiteConfig;
  /** dist/<site.name> */
  root: string;
  built: boolean;
}

export const NOT_BUILT_PAGE = (title: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>${title.replace(/[<>&"]/g, '')}</title></head>
<body><h1>This site is not built yet</h1>
<p>Run <code>npm run build</code> (or start the server with <code>npm start</code>, which builds when needed), then restart the server.</p>
</body></html>
`;

/**
 * Serves each built site folder at its base path with precompressed variants and cache headers, and
 * returns the history-API fallback used by the not-found handler.
 */
export async function registerStaticSites(app: FastifyInstance, distDir: string, sites: SiteConfig[]) {
  const served: ServedSite[] = sites.map((site) => {
    const root = join(distDir, site.name);
    return { site, root, built: existsSync(join(root, 'index.html')) };
  });
  let decorated = false;
  for (const entry of served) {
    if (!entry.built) continue;
    await app.register(fastifyStatic, {
      root: entry.root,
      prefix: entry.site.basePath,
      preCompressed: true,
      cacheControl: false,
      decorateReply: !decorated,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (reply: { setHeader?: (name: string, value: string) => void; header?: (name: string, value: string) => void }, path: string) => {
        const value = cacheControlFor(path);
        if (typeof reply.setHeader === 'function') reply.setHeader('cache-control', value);
        else reply.header?.('cache-control', value);
      },
    });
    decorated = true;
  }

  /** The site owning a path: the longest base path that prefixes it. */
  const siteFor = (url: string): ServedSite | undefined =>
    served
      .filter((entry) => url === entry.site.basePath.replace(/\/$/, '') || url.startsWith(entry.site.basePath))
      .sort((a, b) => b.site.basePath.length - a.site.basePath.length)[0];

  /** Answers a page navigation with the site's index.html, or a 503 page when the site is not built. */
  return async function historyFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0];
    if (isServerPath(path)) return false;
    const entry = siteFor(path);
    if (!entry) return false;
    const isRoot = path === entry.site.basePath || `${path}/` === entry.site.basePath;
    if (!isRoot && !String(request.headers.accept ?? '').includes('text/html')) return false;
    if (!entry.built) {
      await reply.code(503).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE(entry.site.title));
      return true;
    }
    await reply.header('cache-control', 'no-cache').sendFile('index.html', entry.root);
    return true;
  };
}
