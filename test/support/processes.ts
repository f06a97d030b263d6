// The service as its own process, the way `npm start` runs it: for tests of start-up, shutdown,
// the banner and what the process refuses.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendToRunLog } from './run-log.ts';

export interface StartedProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** The API origin from the banner (undefined for the worker role). */
  url: string | undefined;
  exit: Promise<number | null>;
  /** What Ctrl-C at the terminal does: SIGINT to every process of the job (with `terminal`), else to the service. */
  ctrlC(): void;
}

export interface StartOptions {
  cwd?: string;
  /**
   * Run as `npm start` runs from a terminal: through scripts/installed.mjs, as a foreground job of
   * its own (a process group), so that ctrlC() reaches every process in it, as a real Ctrl-C does.
   */
  terminal?: boolean;
}

/** Runs server/src/main.ts with `env` on top of this process's environment and waits for the banner. */
export async function startProcess(env: Record<string, string | undefined>, options: StartOptions = {}): Promise<StartedProcess> {
  const child = spawn(process.execPath, options.terminal ? ['scripts/installed.mjs', 'server/src/main.ts'] : ['server/src/main.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.terminal === true,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  const ctrlC = () => {
    if (options.terminal) process.kill(-child.pid!, 'SIGINT');
    else child.kill('SIGINT');
  };
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolveExit) =>
    child.on('exit', (code) => {
      appendToRunLog(output);
      resolveExit(code);
    }),
  );
  const deadline = Date.now() + 30_000;
  while (!output.includes('Stop with Ctrl-C') && Date.now() < deadline && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!output.includes('Stop with Ctrl-C')) {
    try {
      if (options.terminal) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // gone already
    }
    throw new Error(`no banner:\n${output}`);
  }
  const url = /API:\s+(http:\/\/\S+)\/v1/.exec(output)?.[1];
  return { child, output: () => output, url, exit, ctrlC };
}

/** Runs server/src/main.ts expecting it to refuse to start; answers its exit code and output. */
export function refusedStart(env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      appendToRunLog(stdout);
      resolve({ code, stdout, stderr });
    }),
  );
}
