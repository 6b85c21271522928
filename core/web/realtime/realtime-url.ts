/** The path the server's realtime broker answers on. */
export const REALTIME_PATH = '/mqtt';

/**
 * The broker address for the site being shown: same host (spec §7), wss:// on an https page, ws:// otherwise,
 * under the site's base path ("" or "/", or e.g. "/exchange" when the site lives below the domain root).
 */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, basePath: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = basePath.replace(/^\/*/, '/').replace(/\/+$/, '');
  return `${scheme}//${location.host}${base}${REALTIME_PATH}`;
}
