import { inject, parse } from 'regexparam';

// The router (wouter) parses its patterns with regexparam; matching nav paths and filling hrefs
// with the same parser keeps both sides in agreement.

/** True when `path` (query and hash ignored) matches the wouter pattern. */
export function pathMatches(pattern: string, path: string): boolean {
  return parse(pattern).pattern.test(stripQuery(path));
}

export function stripQuery(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}

/**
 * Fills ":name" segments of a pattern; params the pattern does not use become the query string.
 * Throws when a required param is missing.
 */
export function fillPath(pattern: string, params: Record<string, string> = {}): string {
  const { keys } = parse(pattern);
  for (const key of keys) {
    const optional = new RegExp(`:${key}\\?`).test(pattern);
    if (!optional && key !== '*' && (params[key] === undefined || params[key] === '')) {
      throw new Error(`route "${pattern}" needs the param "${key}"`);
    }
  }
  const encoded = Object.fromEntries(keys.filter((k) => params[k] !== undefined).map((k) => [k, encodeURIComponent(params[k]!)]));
  const path = inject(pattern, encoded as never);
  const extra = Object.entries(params).filter(([key]) => !keys.includes(key));
  return extra.length ? `${path}?${new URLSearchParams(extra).toString()}` : path;
}

export function isExternalUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}
