// One bash session, as a reader pasting commands into a terminal has: each snippet runs in the
// same shell, so a variable one sets is there for the next. Every curl call's status is recorded
// (a shell function puts each answer's headers in a file of its own, and adds a time limit), so a
// test sees every answer even when a snippet keeps curl's output in a variable.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SnippetRun {
  /** The exit status of the snippet's last command. */
  status: number;
  stdout: string;
  stderr: string;
  /** The HTTP status of each curl call the snippet made, in order. */
  statuses: number[];
}

export class ShellSession {
  readonly #bash: ChildProcessWithoutNullStreams;
  readonly #work: string;
  #stdout = '';
  #stderr = '';
  #runs = 0;
  #exited: string | undefined;
  #wake: () => void = () => {};

  /** A bash with `env` (and this Node first on PATH, so `node` in a snippet is the one running the tests). */
  constructor(env: Record<string, string>, cwd?: string) {
    this.#work = mkdtempSync(join(tmpdir(), 'nf-shell-'));
    const path = `${dirname(process.execPath)}:${env.PATH ?? process.env.PATH ?? ''}`;
    this.#bash = spawn('bash', ['--noprofile', '--norc'], { cwd: cwd ?? this.#work, env: { HOME: this.#work, ...env, PATH: path }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.#bash.stdout.on('data', (chunk: Buffer) => {
      this.#stdout += chunk;
      this.#wake();
    });
    this.#bash.stderr.on('data', (chunk: Buffer) => {
      this.#stderr += chunk;
      this.#wake();
    });
    this.#bash.on('exit', (code, signal) => {
      this.#exited = `bash exited (${code ?? signal})`;
      this.#wake();
    });
    // NF_CURL_MAX_TIME stops an answer that never ends (an event stream) the way Ctrl-C would.
    this.#bash.stdin.write(`curl() { command curl --max-time "\${NF_CURL_MAX_TIME:-30}" -D "$NF_CALLS/$(date +%s%N).headers" "$@"; }\n`);
  }

  /** Runs `snippet` as pasted, and waits for it to finish (at most `timeoutMs`). */
  async run(snippet: string, options: { curlMaxTimeSeconds?: number; timeoutMs?: number } = {}): Promise<SnippetRun> {
    if (this.#exited !== undefined) throw new Error(this.#exited);
    const calls = join(this.#work, `calls-${++this.#runs}`);
    mkdirSync(calls);
    const marker = `__nf_done_${randomUUID().replace(/-/g, '')}`;
    const done = new RegExp(`${marker} (\\d+)\\n`);
    this.#stdout = '';
    this.#stderr = '';
    this.#bash.stdin.write(
      `export NF_CALLS=${calls} NF_CURL_MAX_TIME=${options.curlMaxTimeSeconds ?? 30}\n${snippet}\n` +
        // The status first: it is the snippet's last command's, as long as nothing runs before it.
        `echo "${marker} $?"; echo "${marker}" >&2\n`,
    );
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    while (!(done.test(this.#stdout) && this.#stderr.includes(marker))) {
      if (this.#exited !== undefined) throw new Error(`${this.#exited} while running:\n${snippet}\n${this.#stdout}${this.#stderr}`);
      if (Date.now() > deadline) throw new Error(`the snippet did not finish in time (an unclosed quote or heredoc?):\n${snippet}\n${this.#stdout}${this.#stderr}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 200);
      });
    }
    const status = Number(done.exec(this.#stdout)![1]);
    const statuses = readdirSync(calls)
      .sort()
      .map((file) => {
        // The last status line: the one after any `100 Continue`.
        const lines = [...readFileSync(join(calls, file), 'utf8').matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)];
        return lines.length === 0 ? 0 : Number(lines.at(-1)![1]);
      });
    return { status, stdout: this.#stdout.slice(0, this.#stdout.search(done)), stderr: this.#stderr.slice(0, this.#stderr.indexOf(marker)), statuses };
  }

  /** A shell variable's value, as `echo "$NAME"` prints it. */
  async variable(name: string): Promise<string> {
    const { stdout } = await this.run(`printf '%s' "$${name}"`);
    return stdout;
  }

  close(): void {
    this.#bash.stdin.end();
    this.#bash.kill();
    rmSync(this.#work, { recursive: true, force: true });
  }
}
