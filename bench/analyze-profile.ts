// Summarises a V8 .cpuprofile (from `BENCH_CPU_PROF=dir npm run bench`):
//   npx node bench/analyze-profile.ts FILE [--from SECONDS --to SECONDS] [--top N]
// Self time by package/file and by function, and inclusive time by package (a sample counts once
// per package on its stack), so "how much of the CPU does express-openapi-validator cost" can be read off.
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
