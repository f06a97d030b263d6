// The test run's log: every service a test starts, in-process or as a child process, logs into one
// file (NF_TEST_LOG_FILE, set by scripts/test.ts), which the run scans for secrets at the end.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';

let destination: pino.DestinationStream | undefined;

/** The run log's stream, or undefined when no run log is kept (a test file run on its own). */
export function runLog(): pino.DestinationStream | undefined {
  const file = process.env['NF_TEST_LOG_FILE'];
  if (file === undefined || file === '') return undefined;
  destination ??= pino.destination({ dest: file, append: true, sync: true, mkdir: true });
  return destination;
}

/** Adds a child process's log lines (its JSON lines; not its banner, which is for the terminal) to the run log. */
export function appendToRunLog(output: string): void {
  const file = process.env['NF_TEST_LOG_FILE'];
  if (file === undefined || file === '') return;
  const lines = output.split('\n').filter((line) => line.startsWith('{'));
  if (lines.length === 0) return;
  // A file whose only services are child processes has made no run log yet.
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${lines.join('\n')}\n`);
}
