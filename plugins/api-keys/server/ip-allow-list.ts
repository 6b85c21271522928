import { BlockList, isIP } from 'node:net';

/**
 * An address or CIDR range in canonical text ("10.0.0.0/8", "2001:db8::/32", "203.0.113.7"), or null when the text
 * is neither.
 */
export function normalizeIpEntry(text: string): string | null {
  const [address, prefix, ...rest] = text.trim().split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return null;
  const canonical = canonicalAddress(address, version);
  if (prefix === undefined) return canonical;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)) return null;
  return `${canonical}/${Number(prefix)}`;
}

function canonicalAddress(address: string, version: number): string {
  // The URL parser prints IPv6 in its shortest form (RFC 5952), lower case.
  return version === 4 ? address : new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) is 203.0.113.7. */
function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** True when the list is empty (any address) or the client address lies in one of its entries. */
export function ipAllowed(entries: readonly string[], ip: string): boolean {
  if (entries.length === 0) return true;
  const address = clientAddress(ip);
  const version = isIP(address);
  if (version === 0) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [base, prefix] = entry.split('/');
    const family = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, family);
    else list.addSubnet(base, Number(prefix), family);
  }
  return list.check(address, version === 6 ? 'ipv6' : 'ipv4');
}
