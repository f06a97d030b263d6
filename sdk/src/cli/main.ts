// The `nairaflow` command: which subcommand, its flags, its help, its exit code.
import { NairaflowError } from '../errors.ts';
import { VERSION } from '../version.ts';
import { API_BASE_ENV, apiBase, apiKey, DEFAULT_API_BASE, httpUrl, KEY_ENV, parseArgs, UsageError } from './args.ts';
import { listen, type ListenStart } from './listen.ts';
import { trigger, TRIGGERS, type Trigger } from './trigger.ts';
import { withoutPassword } from './shown-url.ts';

const COMMON_OPTIONS = `  --api-key <key>        Your secret key, sk_test_... or sk_live_... (default: $${KEY_ENV})
  --api-base <url>       The API's address (default: $${API_BASE_ENV}, else ${DEFAULT_API_BASE},
                         where \`npm start\` serves it)
  -h, --help             This help`;

const HELP = `nairaflow: Nairaflow webhooks on your laptop.

Usage:
  nairaflow listen --forward-to <url> [--events <type,...>] [--since <evt_...|pos_...|time>]
                   [--signing-secret <whsec_...>] [--api-key <key>] [--api-base <url>]
  nairaflow trigger <event type> [--api-key <key>] [--api-base <url>]
  nairaflow <command> --help
  nairaflow --version

Commands:
  listen     Stream your events as they happen and POST each one, signed, to a local URL
  trigger    Create real test-mode objects so that an event fires

Options:
${COMMON_OPTIONS}

Exit codes: 0 done, 1 refused by the API or the network, 2 a mistake on the command line.
`;

/** The receiver's secret in the README's examples: listen signs with it too when it is set. */
const SECRET_ENV = 'NAIRAFLOW_WEBHOOK_SECRET';
const SECRET_SHAPE = /^whsec_[0-9A-Za-z]{32}$/;

const LISTEN_HELP = `Usage: nairaflow listen --forward-to <url> [--events <type,...>] [--since <evt_...|pos_...|time>]
                        [--signing-secret <whsec_...>] [--api-key <key>] [--api-base <url>]

Streams your events as they happen (GET /v1/events/stream) and POSTs each one to <url> as a real
delivery would: the same body, Content-Type, User-Agent and Service-Signature, signed with a
signing secret that listen prints when it starts (a new one each time, unless you give one with
--signing-secret or ${SECRET_ENV}). Verify them with @nairaflow/webhook-verifier and that secret.

Prints one line per event: the time, its type and id, your server's status (or what went wrong,
e.g. connection refused) and how long it took to answer, in ms. The key's mode decides which
events: a sk_test_ key streams test-mode events, a sk_live_ key live-mode ones. When the
connection drops, listen reconnects and resumes after the last event it forwarded, so none is
missed or sent twice. Ctrl-C stops it, and prints the command that resumes where it stopped:
the same, with --since set to the last event it forwarded.

Options:
  --forward-to <url>     Where to POST each event, e.g. http://localhost:4242/webhooks (required)
  --events <type,...>    Only these event types, e.g. payment_intent.succeeded,refund.succeeded
  --since <from>         Start where an earlier run stopped, after the event (evt_...) or position
                         (pos_...) it printed; or with every event created at or after a time, in
                         RFC 3339 (2026-01-01T09:00:00Z) or Unix seconds. Default: from now on
  --signing-secret <s>   Sign with this whsec_ secret (default: ${SECRET_ENV}, else a new one), so a
                         restarted listen and your running receiver keep agreeing
${COMMON_OPTIONS}

Examples:
  nairaflow listen --api-key sk_test_... --forward-to http://localhost:4242/webhooks
  nairaflow listen --forward-to http://localhost:4242/webhooks --since evt_OGtkw1YVQnmaCnXZ1Ml5wCtT
`;

const TRIGGER_HELP = `Usage: nairaflow trigger <event type> [--api-key <key>] [--api-base <url>]

Creates real test-mode objects through the API so that the event fires, and prints what it
created and the events that fired. Test mode only: a sk_live_ key is refused.

Event types:
${Object.entries(TRIGGERS)
  .map(([type, what]) => `  ${type.padEnd(27)}${what}`)
  .join('\n')}

Options:
${COMMON_OPTIONS}

Example:
  nairaflow trigger payment_intent.succeeded --api-key sk_test_...
`;

const COMMAND_HELP: Record<string, string> = { listen: LISTEN_HELP, trigger: TRIGGER_HELP };

/** Runs the command line `argv` (without node and the script); answers the exit code. */
export async function main(argv: readonly string[], stop: AbortSignal): Promise<number> {
  try {
    return await run(argv, stop);
  } catch (error) {
    if (error instanceof UsageError) {
      const prefix = error.command === undefined ? 'nairaflow' : `nairaflow ${error.command}`;
      console.error(`${prefix}: ${error.message}\nRun '${prefix} --help' for usage.`);
      return 2;
    }
    const command = argv[0] ?? '';
    if (error instanceof NairaflowError) {
      const details = [error.code, error.param === undefined ? undefined : `param ${error.param}`, error.requestId].filter((d) => d !== undefined);
      console.error(`nairaflow ${command}: ${error.message}${details.length > 0 ? ` (${details.join(', ')})` : ''}`);
      return 1;
    }
    console.error(`nairaflow ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function run(argv: readonly string[], stop: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    console.error(HELP);
    return 2;
  }
  if (command === '--help' || command === '-h') return print(HELP);
  if (command === '--version') return print(VERSION);
  if (command === 'help') {
    const topic = rest[0];
    if (topic === undefined) return print(HELP);
    const help = COMMAND_HELP[topic];
    if (help === undefined) throw new UsageError(`no command ${JSON.stringify(topic)}; the commands are listen and trigger`, undefined);
    return print(help);
  }
  if (command === 'listen') return runListen(rest, stop);
  if (command === 'trigger') return runTrigger(rest);
  if (command.startsWith('-')) throw new UsageError(`unknown option ${command}`, undefined);
  throw new UsageError(`no command ${JSON.stringify(command)}; the commands are listen and trigger`, undefined);
}

async function runListen(argv: readonly string[], stop: AbortSignal): Promise<number> {
  const { flags, positionals } = parseArgs('listen', argv);
  if (flags.has('help')) return print(LISTEN_HELP);
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`, 'listen');
  const forwardTo = flags.get('forward-to');
  if (typeof forwardTo !== 'string') throw new UsageError('--forward-to <url> is required: where to POST each event, e.g. http://localhost:4242/webhooks', 'listen');
  if (httpUrl(forwardTo) === undefined) {
    throw new UsageError(`--forward-to must be an http:// or https:// URL, e.g. http://localhost:4242/webhooks, not ${JSON.stringify(forwardTo)}`, 'listen');
  }
  const events = flags.get('events');
  let types: string[] | undefined;
  if (typeof events === 'string') {
    types = events.split(',').map((type) => type.trim());
    if (types.some((type) => type === '')) throw new UsageError(`--events takes event types separated by commas, e.g. payment_intent.succeeded,refund.succeeded`, 'listen');
  }
  const given = flags.get('signing-secret') ?? process.env[SECRET_ENV];
  if (given !== undefined && (typeof given !== 'string' || !SECRET_SHAPE.test(given))) {
    const source = flags.has('signing-secret') ? '--signing-secret' : SECRET_ENV;
    throw new UsageError(`${source} must be a signing secret: whsec_ followed by 32 letters and digits (or leave it out for a new one)`, 'listen');
  }
  const sinceFlag = flags.get('since');
  const since = typeof sinceFlag === 'string' ? listenStart(sinceFlag) : undefined;
  const options = {
    key: apiKey('listen', flags),
    apiBase: apiBase('listen', flags),
    forwardTo,
    events: types,
    secret: given,
    since,
    resumeCommand: (from: string) => resumeCommand(from, flags, given !== undefined && !flags.has('signing-secret')),
  };
  if ((globalThis as { crypto?: Crypto }).crypto?.subtle === undefined) {
    console.error(`nairaflow listen: needs Node.js 20 or newer (for WebCrypto, to sign what it forwards); this is ${process.version}.`);
    return 1;
  }
  return listen(options, stop);
}

// An event's id, as the contract's EventId; a position, as the stream sends it (base64url).
const EVENT_ID = /^evt_[0-9A-Za-z]{24}$/;
const POSITION = /^pos_[0-9A-Za-z_-]+$/;
// RFC 3339's date-time, as the API's `since` takes it; the date itself is checked by Date.
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
// The API's largest `since` in Unix seconds (9999-12-31T23:59:59Z).
const MAX_UNIX_SECONDS = 253402300799;

/** --since: after an event or a position (sent as Last-Event-ID), or from a time (sent as `since`). */
function listenStart(text: string): ListenStart {
  if (EVENT_ID.test(text) || POSITION.test(text)) return { after: text };
  if (/^\d{1,12}$/.test(text) && Number(text) <= MAX_UNIX_SECONDS) return { time: text };
  if (RFC_3339.test(text) && !Number.isNaN(Date.parse(text))) return { time: text };
  // What was typed is repeated unless it may be a secret put in the wrong place.
  const shown = /sk_|whsec_/.test(text) || text.length > 80 ? '' : `, not ${JSON.stringify(text)}`;
  throw new UsageError(
    `--since must be an event id (evt_...) or a position (pos_...) that a stopped listen printed, or a time: RFC 3339 such as 2026-01-01T09:00:00Z, or Unix seconds${shown}`,
    'listen',
  );
}

/**
 * The command that runs listen again from `from`, as this one was run, in lines to print. No
 * secret is repeated: one given on the command line is named by its environment variable instead.
 */
function resumeCommand(from: string, flags: Map<string, string | true>, secretFromEnv: boolean): string[] {
  // With npx, as every example shows it: the command is in the project's node_modules, not on PATH.
  const words = ['npx', 'nairaflow', 'listen', '--since', from];
  let maskedPassword = false;
  for (const name of ['forward-to', 'events', 'api-base']) {
    const value = flags.get(name);
    if (typeof value !== 'string') continue;
    const shown = name === 'events' ? value : withoutPassword(value);
    maskedPassword ||= shown !== value;
    words.push(`--${name}`, shown);
  }
  const lines = [`  ${words.map(shellWord).join(' ')}`];
  const settings = [
    ...(flags.has('api-key') ? [`${KEY_ENV} set to your secret key (listen does not print it)`] : []),
    ...(secretFromEnv ? [] : [`${SECRET_ENV} set to the signing secret above, so that your receiver keeps verifying`]),
    ...(maskedPassword ? ['the password in the URL put back where it shows ****'] : []),
  ];
  if (settings.length > 0) lines.push(`  with ${settings.join(', and ')}`);
  return lines;
}

/** `text` as one word for a POSIX shell. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

async function runTrigger(argv: readonly string[]): Promise<number> {
  const { flags, positionals } = parseArgs('trigger', argv);
  if (flags.has('help')) return print(TRIGGER_HELP);
  const [type, extra] = positionals;
  const types = Object.keys(TRIGGERS).join(', ');
  if (type === undefined) throw new UsageError(`which event? One of ${types}`, 'trigger');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`, 'trigger');
  if (!Object.hasOwn(TRIGGERS, type)) throw new UsageError(`cannot trigger ${JSON.stringify(type)}; one of ${types}`, 'trigger');
  const key = apiKey('trigger', flags);
  if (key.livemode) throw new UsageError('trigger works in test mode only: use a sk_test_ key, not a live one (sk_live_...)', 'trigger');
  await trigger(type as Trigger, key, apiBase('trigger', flags));
  return 0;
}

function print(text: string): number {
  console.log(text.trimEnd());
  return 0;
}
