// The command line: flags, the key and the API's address. Anything wrong here is the caller's
// to fix before anything is sent, and ends the command with exit code 2.

/** A mistake on the command line; the message says how to fix it. */
export class UsageError extends Error {
  /** The command whose --help to point at. */
  readonly command: string | undefined;

  constructor(message: string, command: string | undefined) {
    super(message);
    this.command = command;
  }
}

export type FlagKind = 'value' | 'switch';

/** Every option of each command: the parser accepts these and no others, and the help names each one. */
export const COMMAND_OPTIONS = {
  listen: { 'api-key': 'value', 'api-base': 'value', 'forward-to': 'value', events: 'value', since: 'value', 'signing-secret': 'value', help: 'switch' },
  trigger: { 'api-key': 'value', 'api-base': 'value', help: 'switch' },
} as const satisfies Record<string, Record<string, FlagKind>>;

export type Command = keyof typeof COMMAND_OPTIONS;

export interface ParsedArgs {
  flags: Map<string, string | true>;
  positionals: string[];
}

/** `--name value`, `--name=value`, switches, and `--` before positionals that start with '-'. */
export function parseArgs(command: Command, argv: readonly string[]): ParsedArgs {
  const spec: Record<string, FlagKind> = COMMAND_OPTIONS[command];
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      flags.set('help', true);
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(arg.startsWith('--') ? 2 : 1, equals === -1 ? undefined : equals);
    const kind = spec[name];
    if (kind === undefined || !arg.startsWith('--')) throw new UsageError(`unknown option ${equals === -1 ? arg : arg.slice(0, equals)}`, command);
    if (kind === 'switch') {
      if (equals !== -1) throw new UsageError(`--${name} takes no value`, command);
      flags.set(name, true);
      continue;
    }
    const value = equals === -1 ? argv[++i] : arg.slice(equals + 1);
    if (value === undefined || value === '' || (equals === -1 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`, command);
    if (flags.has(name)) throw new UsageError(`--${name} is given twice`, command);
    flags.set(name, value);
  }
  return { flags, positionals };
}

export const KEY_ENV = 'NAIRAFLOW_SECRET_KEY';
export const API_BASE_ENV = 'NAIRAFLOW_API_BASE';
// Where `npm start` serves the API on a laptop (its banner says so).
export const DEFAULT_API_BASE = 'http://127.0.0.1:3000';

const KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]+$/;

export interface ApiKey {
  value: string;
  livemode: boolean;
}

/** --api-key, else the environment's; never echoed back, since a message may end up in a log. */
export function apiKey(command: string, flags: ParsedArgs['flags']): ApiKey {
  const flag = flags.get('api-key');
  const value = typeof flag === 'string' ? flag : process.env[KEY_ENV];
  if (value === undefined || value === '') throw new UsageError(`no API key: pass --api-key sk_test_... or set ${KEY_ENV}`, command);
  const match = KEY_PATTERN.exec(value);
  if (match === null) throw new UsageError('the API key must be a secret key, sk_test_... or sk_live_..., from the dashboard', command);
  return { value, livemode: match[1] === 'live' };
}

/** The API's origin, as the SDK's `baseUrl` takes it: --api-base, else the environment's, else the laptop default. */
export function apiBase(command: string, flags: ParsedArgs['flags']): string {
  const flag = flags.get('api-base');
  const given = typeof flag === 'string' ? flag : process.env[API_BASE_ENV] || DEFAULT_API_BASE;
  const url = httpUrl(given);
  if (url === undefined) throw new UsageError(`--api-base must be the API's http(s) URL, such as ${DEFAULT_API_BASE}, not ${JSON.stringify(given)}`, command);
  // The service's banner shows the API as .../v1; the SDK adds /v1 itself, so it is taken off.
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}`;
}

export function httpUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}
