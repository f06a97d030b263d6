// Who a request comes from, as every per-client limit counts it (the API rate limit, the sign-in
// slowdown, failed card attempts). An IPv4 client is its address. An IPv6 client is its /64: one
// subscriber or host is routinely handed a whole /64, so counting single IPv6 addresses would let
// one client rotate through 2^64 of them and never be limited.
import { isIP } from 'node:net';
import type { Request } from 'express';

/** The client's key for per-client limits: `203.0.113.5` or `2001:db8:aa:1::/64`. */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const bare = address.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) is no part of the address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped !== null) return mapped[1]!;
  if (isIP(bare) !== 6) return bare;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The client of a request, by express's `trust proxy` reading of it. */
export const clientOf = (req: Request): string => clientKey(req.ip);

// The eight 16-bit groups of a valid IPv6 address, lower-case and without leading zeros.
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}
