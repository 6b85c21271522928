/** The login and register pages the shell sends a visitor to (the identity plugin serves them). */
export const LOGIN_PATH = '/user/login';
export const REGISTER_PATH = '/user/register';
/** The query parameter of those pages naming the in-app path to come back to after signing in. */
export const RETURN_PARAM = 'redirect';

const ORIGIN = 'http://same-site.invalid';

/**
 * `value` if it is a path of this site ("/…"), else null — never "//host", "/\host" or "scheme:…", which would
 * turn the login page into an open redirect. The URL parser decides, as the browser would.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  return url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * Where signing in from the in-app `location` (with its query `search`, no "?") comes back to: that page, or — on
 * the login and register pages — the return path they carry, so it survives going from one to the other.
 */
export function returnPathFrom(location: string, search: string): string | null {
  if (location === LOGIN_PATH || location === REGISTER_PATH) return sameSitePath(new URLSearchParams(search).get(RETURN_PARAM));
  return sameSitePath(search ? `${location}?${search}` : location);
}

/** `page` with `returnTo` as its return parameter; `page` itself when there is nowhere to return to. */
export function withReturnPath(page: string, returnTo: string | null): string {
  // '/' needs no escaping in a query; leaving it keeps the address readable.
  return returnTo ? `${page}?${RETURN_PARAM}=${encodeURIComponent(returnTo).replace(/%2F/g, '/')}` : page;
}
