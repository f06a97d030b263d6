// Where a webhook may be sent. Live-mode endpoints reach only public addresses over HTTPS; the
// check runs when the URL is set and again against the address actually dialled, so a name that
// later resolves to 127.0.0.1 (DNS rebinding) is refused at connect time.
import { BlockList, isIP } from 'node:net';

const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64 (maps IPv4, private ones included)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a live-mode webhook must never reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped addresses (::ffff:a.b.c.d, or ::ffff:7f00:1 as URL parsers normalise it) are
    // judged as the IPv4 address they carry.
    const embedded = mappedIPv4(address);
    if (embedded !== null) return isForbiddenAddress(embedded);
    return forbidden.check(address, 'ipv6');
  }
  return forbidden.check(address, 'ipv4');
}

function mappedIPv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted !== null) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex === null) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export interface TargetPolicy {
  /** Test-mode endpoints with WEBHOOK_ALLOW_INSECURE: http and private addresses are allowed. */
  allowInsecure: boolean;
}

/** Why a URL cannot be a webhook endpoint (without resolving it), or null when its form is fine. */
export function urlProblem(raw: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL, such as https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https:// URL';
  if (url.protocol === 'http:' && !policy.allowInsecure) return 'must use https://';
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !policy.allowInsecure && isForbiddenAddress(host)) {
    return 'must point to a public address, not a private, loopback, link-local or reserved one';
  }
  if (!policy.allowInsecure && (host === 'localhost' || host.endsWith('.localhost'))) {
    return 'must point to a public address, not a private, loopback, link-local or reserved one';
  }
  return null;
}
