import type { SiteConfig } from '../../plugin-api';

/**
 * Checks the Basic client authorization (site api.clientId / clientSecret). The web sends it on every
 * call, but the credentials are public (they ship in the site bundle), so the kernel does not require
 * them on ordinary API calls; the token endpoint checks them with this helper.
 */
export function isClientAuthorized(header: string | string[] | undefined, site: Pick<SiteConfig, 'api'>): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^basic\s+(\S+)$/i.exec(value ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decoded === `${site.api.clientId}:${site.api.clientSecret}`;
}

export function clientAuthorizationHeader(site: Pick<SiteConfig, 'api'>): string {
  return `Basic ${Buffer.from(`${site.api.clientId}:${site.api.clientSecret}`).toString('base64')}`;
}
