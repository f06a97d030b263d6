// Summarises a V8 .cpuprofile (from `BENCH_CPU_PROF=dir npm run bench`):
//   npx node bench/analyze-profile.ts FILE [--from SECONDS --to SECONDS] [--top N]
// Self time by package/file and by function, and inclusive time by package (a sample counts once
// per package on its stack), so "how much of the CPU does the contract's validation cost" can be read off.
import { readFileSync } from 'node:fs';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

const args = process.argv.slice(2);
const file = args[0];
if (file === undefined) throw new Error('usage: analyze-profile.ts FILE [--from S --to S] [--top N]');
const opt = (name: string): number | undefined => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : Number(args[i + 1]);
};
const from = opt('--from') ?? 0;
const to = opt('--to') ?? Infinity;
const top = opt('--top') ?? 30;

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function bucket(frame: CallFrame): string {
  const url = frame.url;
  if (url === '') return frame.functionName.startsWith('(') ? frame.functionName : '(native/builtin)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return url;
  const src = /\/(server\/src\/.*|scripts\/.*)$/.exec(url);
  if (src) return src[1]!;
  return url;
}

const self = new Map<string, number>();
const selfFn = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i]!;
  const dt = profile.timeDeltas[i + 1] ?? 0; // the time until the next sample is spent here
  const seconds = (t - profile.startTime) / 1e6;
  if (seconds < from || seconds > to) continue;
  const node = byId.get(profile.samples[i]!)!;
  total += dt;
  const b = bucket(node.callFrame);
  self.set(b, (self.get(b) ?? 0) + dt);
  const fnKey = `${node.callFrame.functionName || '(anonymous)'}  ${b}:${node.callFrame.lineNumber + 1}`;
  selfFn.set(fnKey, (selfFn.get(fnKey) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const pb = bucket(byId.get(id)!.callFrame);
    if (!seen.has(pb)) {
      seen.add(pb);
      inclusive.set(pb, (inclusive.get(pb) ?? 0) + dt);
    }
  }
}

const print = (title: string, map: Map<string, number>): void => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((v / total) * 100).toFixed(1).padStart(6)}%  ${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
console.log(`profile ${(profile.endTime - profile.startTime) / 1e6} s; window ${from}..${to === Infinity ? 'end' : to} s; ${(total / 1e6).toFixed(2)} s sampled`);
print('self time by package/file', self);
print('inclusive time by package/file (once per stack)', inclusive);
print('self time by function', selfFn);

// --callers NAME: for samples whose leaf function is NAME, the stack (nearest frames first,
// node-internal frames skipped) that led there.
const callersOf = args.includes('--callers') ? args[args.indexOf('--callers') + 1] : undefined;
if (callersOf !== undefined) {
  const stacks = new Map<string, number>();
  let sum = 0;
  let t2 = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t2 += profile.timeDeltas[i]!;
    const seconds = (t2 - profile.startTime) / 1e6;
    if (seconds < from || seconds > to) continue;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName !== callersOf) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    sum += dt;
    const frames: string[] = [];
    for (let id = parent.get(node.id); id !== undefined && frames.length < 4; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      const b = bucket(f);
      if (b.startsWith('node:') || b === '(native/builtin)') continue;
      frames.push(`${f.functionName || '(anon)'}@${b}:${f.lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + dt);
  }
  console.log(`\ncallers of ${callersOf}: ${(sum / 1000).toFixed(0)} ms`);
  for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((v / sum) * 100).toFixed(1).padStart(6)}%  ${k}`);
  }
}

// --layers: every sample charged to one layer of the service, by the innermost frame that belongs
// to a known package (native code, GC and builtins are charged to the JS that called them).
// Samples whose leaf is a socket write (writeBuffer/writeUtf8String) are reported apart: under load
// on a small machine they are mostly the thread being preempted by the PostgreSQL backend it woke.
if (args.includes('--layers')) {
  const layerOf = (b: string): string | undefined => {
    if (b === 'ajv' || b === 'ajv-formats' || b === 'fast-uri' || b === 'server/src/http/contract-validation.ts') return 'contract validation (ajv)';
    if (b.startsWith('@mikro-orm/') || b === 'kysely') return 'MikroORM (+kysely)';
    if (b === 'pg' || b === 'pg-pool' || b === 'pg-protocol' || b === 'pg-types' || b === 'postgres-date' || b === 'pg-connection-string') return 'pg driver';
    if (b === 'express' || b === 'router' || b === 'path-to-regexp' || b === 'body-parser' || b === 'raw-body' || b === 'content-type' || b === 'type-is' || b === 'finalhandler' || b === 'send' || b === 'parseurl' || b === 'qs' || b === 'iconv-lite' || b === 'mime-types' || b === 'on-finished' || b === 'statuses' || b === 'depd' || b === 'accepts' || b === 'negotiator' || b === 'cookie' || b === 'vary' || b === 'http-errors' || b === 'encodeurl' || b === 'content-disposition' || b === 'proxy-addr' || b === 'forwarded' || b === 'ipaddr.js' || b === 'fresh' || b === 'range-parser' || b === 'etag') return 'express (+router, body-parser)';
    if (b === 'pino' || b === 'fast-redact' || b === 'sonic-boom' || b === 'thread-stream' || b === 'pino-std-serializers' || b === 'server/src/log.ts') return 'pino / logging';
    if (b === 'pg-boss' || b === 'cron-parser') return 'pg-boss';
    if (b.startsWith('server/src/')) return `app: ${b.replace('server/src/', '')}`;
    if (b.startsWith('node:_http') || b === 'node:net' || b.startsWith('node:internal/streams') || b === 'node:internal/stream_base_commons' || b === 'node:stream') return 'node http/net/streams';
    if (b === 'node:internal/crypto/hash' || b === 'node:internal/crypto/random') return 'node crypto';
    return undefined;
  };
  const layers = new Map<string, number>();
  let sum = 0;
  let t3 = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t3 += profile.timeDeltas[i]!;
    const seconds = (t3 - profile.startTime) / 1e6;
    if (seconds < from || seconds > to) continue;
    const node = byId.get(profile.samples[i]!)!;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    let layer: string | undefined;
    const fn = node.callFrame.functionName;
    if (fn === '(idle)') layer = '(idle)';
    else if (fn === '(garbage collector)') layer = '(garbage collector)';
    else if (fn === '(program)') layer = '(program: V8/runtime outside JS)';
    else if (fn === 'writeBuffer' || fn === 'writeUtf8String') {
      // who wrote: the driver (queries) or the HTTP response
      let owner = 'other';
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
        const b = bucket(byId.get(id)!.callFrame);
        if (b === 'pg') { owner = 'pg (query to PostgreSQL)'; break; }
        if (b === 'express') { owner = 'express (HTTP response)'; break; }
      }
      layer = `(socket write, wall time: ${owner})`;
    } else {
      for (let id: number | undefined = node.id; id !== undefined && layer === undefined; id = parent.get(id)) {
        layer = layerOf(bucket(byId.get(id)!.callFrame));
      }
      layer ??= `other: ${bucket(node.callFrame)}`;
    }
    sum += dt;
    layers.set(layer, (layers.get(layer) ?? 0) + dt);
  }
  const busy = sum - (layers.get('(idle)') ?? 0) - [...layers].filter(([k]) => k.startsWith('(socket write')).reduce((a, [, v]) => a + v, 0);
  console.log(`\nlayers (% of sampled wall time; last column: % of busy time excluding idle and socket writes)`);
  for (const [k, v] of [...layers].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const ofBusy = k === '(idle)' || k.startsWith('(socket write') ? '' : `${((v / busy) * 100).toFixed(1).padStart(6)}%`;
    console.log(`${((v / sum) * 100).toFixed(1).padStart(6)}%  ${(v / 1000).toFixed(0).padStart(7)} ms  ${ofBusy.padStart(7)}  ${k}`);
  }
}

// --inclusive-fns PREFIX: inclusive time of the functions of packages starting with PREFIX
// (each function counted once per stack), e.g. --inclusive-fns @mikro-orm
const incPrefix = args.includes('--inclusive-fns') ? args[args.indexOf('--inclusive-fns') + 1] : undefined;
if (incPrefix !== undefined) {
  const inc = new Map<string, number>();
  let sum = 0;
  let t4 = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t4 += profile.timeDeltas[i]!;
    const seconds = (t4 - profile.startTime) / 1e6;
    if (seconds < from || seconds > to) continue;
    const node = byId.get(profile.samples[i]!)!;
    const fn = node.callFrame.functionName;
    if (fn === '(idle)' || fn === 'writeBuffer' || fn === 'writeUtf8String') continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    sum += dt;
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      const b = bucket(f);
      if (!b.startsWith(incPrefix)) continue;
      const key = `${f.functionName || '(anon)'}  ${b}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inc.set(key, (inc.get(key) ?? 0) + dt);
    }
  }
  console.log(`\ninclusive time of ${incPrefix}* functions (% of busy time excluding idle and socket writes)`);
  for (const [k, v] of [...inc].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((v / sum) * 100).toFixed(1).padStart(6)}%  ${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
}
