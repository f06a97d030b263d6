// Reading a Prometheus text scrape the way a dashboard would: samples by name and labels.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  status: number;
  text: string;
  samples: Sample[];
  /** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample is named `name` (with `labels`). */
  has(name: string, labels?: Record<string, string>): boolean;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseScrape(status: number, text: string): Scrape {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    status,
    text,
    samples,
    value: (name, labels) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name, labels) => matching(name, labels).length > 0,
  };
}

export async function scrape(metricsUrl: string): Promise<Scrape> {
  const res = await fetch(`${metricsUrl}/metrics`);
  return parseScrape(res.status, await res.text());
}
