/** The browser traits the device id is derived from (spec §7: a hash of a browser fingerprint). */
export function browserFingerprint(): string {
  const nav = globalThis.navigator;
  const screen = globalThis.screen;
  const parts = [
    nav?.userAgent ?? '',
    (nav?.languages ?? []).join(','),
    `${screen?.width ?? 0}x${screen?.height ?? 0}`,
    String(screen?.colorDepth ?? 0),
    Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    nav?.platform ?? '',
  ];
  return parts.join('|');
}

/** SHA-256 of the fingerprint, lower-case hex. */
export async function deviceIdOf(fingerprint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(fingerprint));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
