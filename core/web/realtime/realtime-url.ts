/** The path the server's realtime broker answers on. */
export const REALTIME_PATH = '/mqtt';

/**
 * The broker address for the site being shown: same host (spec §7), wss:// on an https page, ws:// otherwise.
 * Like the API, the broker sits at the host's root for every site the server hosts (the console at /console/ too).
 */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${REALTIME_PATH}`;
}
