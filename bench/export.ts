// The CSV export (GET /v1/payment_intents/export.csv) as a merchant's spreadsheet download sees
// it: one client reading the whole file as fast as it arrives, its rows a second, and the server
// process's resident memory sampled from /proc while it streams (flat: it must not grow with the
// rows, as it would if the file, or the rows, were gathered before being sent).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sleep } from './measure.ts';

/** How often the server's RSS is read while the export streams. */
const RSS_SAMPLE_MS = 20;

export interface ExportRun {
  rows: number;
  bytes: number;
  seconds: number;
  rows_per_s: number;
  first_byte_ms: number;
  /** The server's resident memory (MiB) before the request, at its highest during it, and once the first tenth of the rows had arrived. */
  rss_before_mib: number;
  rss_peak_mib: number;
  rss_at_first_tenth_mib: number;
  /** Peak less before: what the export cost in memory at all. */
  rss_growth_mib: number;
  /** Peak less the first tenth's: what the other nine tenths of the rows added (flat: about nothing). */
  rss_growth_after_first_tenth_mib: number;
}

const mib = (kib: number): number => Math.round((kib / 1024) * 10) / 10;

/** VmRSS of `pid`, in KiB (0 where /proc has none). */
export function rssKib(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? 0 : Number(match[1]);
  } catch {
    return 0;
  }
}

/**
 * Downloads the export at `url` once, counting its rows (lines less the header) as they arrive.
 * `expectedRows` tells when the first tenth has arrived.
 */
export async function measureExport(url: string, headers: Record<string, string>, serverPid: number, expectedRows: number): Promise<ExportRun> {
  await sleep(200); // the previous figure's garbage collected, as far as a short pause lets it be
  const before = rssKib(serverPid);
  let peak = before;
  let atFirstTenth: number | undefined;
  let lines = 0;
  let bytes = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKib(serverPid));
  }, RSS_SAMPLE_MS);
  try {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200 || response.body === null) throw new Error(`export: ${response.status} ${await response.text()}`);
    let firstByte: number | undefined;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      firstByte ??= performance.now() - started;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (atFirstTenth === undefined && lines - 1 >= expectedRows / 10) atFirstTenth = rssKib(serverPid);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssKib(serverPid));
    const rows = lines - 1;
    if (rows !== expectedRows) throw new Error(`export: ${rows} rows, expected ${expectedRows}`);
    return {
      rows,
      bytes,
      seconds: Math.round(seconds * 1000) / 1000,
      rows_per_s: Math.round(rows / seconds),
      first_byte_ms: Math.round((firstByte ?? 0) * 10) / 10,
      rss_before_mib: mib(before),
      rss_peak_mib: mib(peak),
      rss_at_first_tenth_mib: mib(atFirstTenth ?? peak),
      rss_growth_mib: mib(peak - before),
      rss_growth_after_first_tenth_mib: mib(peak - (atFirstTenth ?? peak)),
    };
  } finally {
    clearInterval(sampler);
  }
}
