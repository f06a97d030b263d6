// Resolving webhook hosts without Node's dns.lookup. dns.lookup (getaddrinfo) runs on libuv's
// small thread pool and cannot be cancelled: one merchant's endpoint whose DNS never answers
// would park those threads, and every other merchant's deliveries (and the service's own database
// connections) would wait behind it. Here: the hosts file and `localhost` are answered locally,
// everything else by c-ares (dns.Resolver, no thread pool) with a short timeout; answers are
// cached for their TTL, and one name is looked up once at a time however many attempts want it.
import { Resolver } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { readFile, stat } from 'node:fs/promises';
import { isIP } from 'node:net';

export interface HostResolver {
  /** Every address of `hostname` (IPv4 first); rejects with a Node-style error code when it has none. */
  resolve(hostname: string): Promise<LookupAddress[]>;
}

export interface ResolverOptions {
  /** DNS servers to ask instead of the system's (WEBHOOK_DNS_SERVERS), e.g. `10.0.0.2` or `127.0.0.1:5353`. */
  servers?: string[];
  /** How long one question may take. */
  timeoutMs: number;
  hostsFile?: string;
}

/** The longest an answer is kept, whatever its TTL: a moved endpoint is followed within this. */
const MAX_CACHE_MS = 60_000;
/** A name that did not resolve is not asked about again for this long. */
const NEGATIVE_CACHE_MS = 5_000;

class ResolveError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export function createResolver(options: ResolverOptions): HostResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers !== undefined && options.servers.length > 0) resolver.setServers(options.servers);
  const hosts = hostsFile(options.hostsFile ?? '/etc/hosts');
  const cache = new Map<string, { until: number; answer: Promise<LookupAddress[]> }>();

  const ask = async (name: string): Promise<{ addresses: LookupAddress[]; ttlMs: number }> => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(name, { ttl: true }), resolver.resolve6(name, { ttl: true })]);
    const addresses: LookupAddress[] = [];
    let ttl = Infinity;
    for (const [answer, family] of [[v4, 4], [v6, 6]] as const) {
      if (answer.status !== 'fulfilled') continue;
      for (const record of answer.value) {
        addresses.push({ address: record.address, family });
        ttl = Math.min(ttl, record.ttl);
      }
    }
    if (addresses.length === 0) {
      const reason = [v4, v6].find((a) => a.status === 'rejected') as PromiseRejectedResult | undefined;
      const code = (reason?.reason as { code?: string } | undefined)?.code ?? 'ENOTFOUND';
      throw new ResolveError(code === 'ETIMEOUT' ? 'ETIMEOUT' : 'ENOTFOUND', `${name} did not resolve (${code})`);
    }
    return { addresses, ttlMs: Number.isFinite(ttl) ? ttl * 1000 : MAX_CACHE_MS };
  };

  return {
    async resolve(hostname) {
      const name = hostname.toLowerCase().replace(/\.$/, '');
      if (isIP(name) !== 0) return [{ address: name, family: isIP(name) }];
      // RFC 6761: localhost names are the loopback, never asked of DNS.
      if (name === 'localhost' || name.endsWith('.localhost')) {
        return [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ];
      }
      const local = (await hosts()).get(name);
      if (local !== undefined) return local;
      const now = Date.now();
      const cached = cache.get(name);
      if (cached !== undefined && cached.until > now) return cached.answer;
      const answer = ask(name).then(
        ({ addresses, ttlMs }) => {
          cache.set(name, { until: Date.now() + Math.min(Math.max(ttlMs, 1000), MAX_CACHE_MS), answer });
          return addresses;
        },
        (error: unknown) => {
          cache.set(name, { until: Date.now() + NEGATIVE_CACHE_MS, answer });
          throw error;
        },
      );
      // Until it settles, everyone asking for this name waits for this one question.
      cache.set(name, { until: Infinity, answer });
      if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
      return answer;
    },
  };
}

/** The hosts file as a name -> addresses map, read again when it changes (looked at every few seconds). */
function hostsFile(path: string): () => Promise<Map<string, LookupAddress[]>> {
  let entries = new Map<string, LookupAddress[]>();
  let modified = -1;
  let checked = 0;
  return async () => {
    const now = Date.now();
    if (now - checked < 5000) return entries;
    checked = now;
    try {
      const { mtimeMs } = await stat(path);
      if (mtimeMs === modified) return entries;
      modified = mtimeMs;
      const next = new Map<string, LookupAddress[]>();
      for (const line of (await readFile(path, 'utf8')).split('\n')) {
        const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
        const family = isIP(address ?? '');
        if (family === 0) continue;
        for (const name of names) {
          const key = name.toLowerCase();
          next.set(key, [...(next.get(key) ?? []), { address: address!, family }]);
        }
      }
      entries = next;
    } catch {
      entries = new Map();
    }
    return entries;
  };
}
