// The code fences of a README and the HTML comment that marks each one, and the rules by which a
// test compares what a README shows with what really happened.
//
// Every fence (any language) has a marker on the line right before it:
//   <!-- walkthrough -->, <!-- walkthrough: setup | answer | pay in the sheet -->
//       a block of the curl walkthrough (README.md), run in one shell in order; `answer` is the
//       answer the block before it prints;
//   <!-- snippet: NAME -->, <!-- snippet: continues NAME -->
//       a TypeScript sample that type-checks (a file of its own, or the one it continues);
//   <!-- not run: WHY -->
//       a fence no test runs, and why.
//
// What a README shows, and how it is compared with what the service answered:
//   - A JSON object (a ```json fence, or a `# {...}` comment) is compared field by field: the same
//     fields, each value equal, except that
//       `...` as a member (`{"id": "pi_...", ...}`) lets the answer have more fields, and as an
//       element (`[1, ...]`) more elements;
//       `...` in a string matches any characters there, and the letters and digits of an example
//       id before it are examples too (`"pi_3kTq..."` is any id that starts `pi_`);
//       a whole example id (`evt_OGtkw1YVQnmaCnXZ1Ml5wCtT`: a prefix and 24 letters and digits)
//       is any id with that prefix;
//       an example time (`"2026-11-23T10:00:00.000Z"`) is any time written that way.
//   - `# field value, field "value"` beside a command is read as fields of its JSON answer when
//     any of its comma-separated parts begins with the name of one: a quoted value is a string,
//     `12`, `true`, `null` are JSON, and a bare word is a string. A comment beside a command none
//     of whose parts begins with a field of its answer is a remark to the reader
//     (`# from the banner`, `# or "2026-01-01T09:00:00Z"`).
//   - `# each attempt: a, b (x|y), c (a note)` under a command that answers a list: every element
//     of the list has exactly those fields (`b` one of x or y), and there is at least one.
//   - Comment lines under a command that prints no JSON are the lines it prints, exactly.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Marker {
  /** `walkthrough`, `snippet` or `not run`. */
  name: string;
  /** What follows the colon, or ''. */
  detail: string;
}

export interface Fence {
  /** `README.md:80`: where the fence opens. */
  where: string;
  lang: string;
  code: string;
  marker?: Marker;
  /** The README's text from the end of this fence to the next fence. */
  after: string;
}

const MARKER_NAMES = ['walkthrough', 'snippet', 'not run'];

/** The fences of the markdown file `path` (named `name` in messages), and every marker problem. */
export function readFences(path: string, name: string): { fences: Fence[]; problems: string[] } {
  const lines = readFileSync(path, 'utf8').split('\n');
  const fences: Fence[] = [];
  const problems: string[] = [];
  /** Each fence's opening and closing line (0-based). */
  const spans: [number, number][] = [];
  // A fence may be indented (inside a list item): its lines lose that indentation.
  let open: { line: number; indent: number; lang: string; body: string[]; marker?: Marker } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (open !== undefined) {
      if (/^\s*```\s*$/.test(line)) {
        fences.push({ where: `${name}:${open.line + 1}`, lang: open.lang, code: open.body.join('\n'), ...(open.marker ? { marker: open.marker } : {}), after: '' });
        spans.push([open.line, i]);
        open = undefined;
      } else open.body.push(line.slice(Math.min(open.indent, /^ */.exec(line)![0].length)));
      continue;
    }
    const fence = /^( *)```(\S*)\s*$/.exec(line);
    if (fence !== null) {
      const before = /^\s*<!--\s*(.*?)\s*-->$/.exec(lines[i - 1] ?? '');
      const marker = before === null ? undefined : parseMarker(before[1]!);
      if (marker === undefined) problems.push(`${name}:${i + 1}: a \`\`\`${fence[2]} fence with no marker before it: mark it <!-- walkthrough -->, <!-- snippet: NAME --> or <!-- not run: WHY -->`);
      open = { line: i, indent: fence[1]!.length, lang: fence[2]!, body: [], ...(marker ? { marker } : {}) };
      continue;
    }
    const comment = /^\s*<!--\s*(.*?)\s*-->$/.exec(line);
    if (comment !== null) {
      const marker = parseMarker(comment[1]!);
      if (!MARKER_NAMES.includes(marker.name)) problems.push(`${name}:${i + 1}: <!-- ${comment[1]} --> is no marker (${MARKER_NAMES.join(', ')})`);
      else if (!/^\s*```/.test(lines[i + 1] ?? '')) problems.push(`${name}:${i + 1}: <!-- ${comment[1]} --> is not directly followed by a code fence (a blank line between them?)`);
      else if (marker.name === 'not run' && marker.detail === '') problems.push(`${name}:${i + 1}: <!-- not run --> says not why`);
    }
  }
  if (open !== undefined) problems.push(`${name}:${open.line + 1}: a fence that is never closed`);
  fences.forEach((fence, i) => (fence.after = lines.slice(spans[i]![1] + 1, spans[i + 1]?.[0] ?? lines.length).join('\n')));
  return { fences, problems };
}

function parseMarker(text: string): Marker {
  const m = /^([\w ]+?)\s*(?::\s*(.*))?$/.exec(text);
  return { name: m?.[1] ?? text, detail: m?.[2] ?? '' };
}

export interface Command {
  /** The command as pasted, its lines joined as the shell reads them. */
  text: string;
  /** The block's line it starts on (0-based). */
  line: number;
  /** `# ...` at the end of its last line, without the `# `. */
  comment?: string;
  /** The comment lines right under it, without the `# `. */
  shown: string[];
}

/** Whether bash reads `text` as complete commands (no open quote, `$(`, or trailing backslash). */
function complete(text: string): boolean {
  if (/\\\s*$/.test(text)) return false;
  return spawnSync('bash', ['-n'], { input: text, encoding: 'utf8' }).status === 0;
}

/** A shell block's commands, each with the comments that show what it prints. */
export function commands(code: string): { commands: Command[]; remarks: string[] } {
  const result: Command[] = [];
  const remarks: string[] = [];
  let pending: string[] = [];
  for (const [n, line] of code.split('\n').entries()) {
    if (pending.length === 0 && /^\s*#/.test(line)) {
      const text = line.replace(/^\s*# ?/, '');
      if (result.length === 0) remarks.push(text);
      else result.at(-1)!.shown.push(text);
      continue;
    }
    if (pending.length === 0 && line.trim() === '') continue;
    pending.push(line);
    const text = pending.join('\n');
    if (!complete(text)) continue;
    const comment = /\s#\s+(.*)$/.exec(pending.at(-1)!);
    const command: Command = { text, line: n - pending.length + 1, shown: [] };
    if (comment !== null && complete(text.slice(0, text.length - comment[0].length))) command.comment = comment[1]!.trim();
    result.push(command);
    pending = [];
  }
  if (pending.length > 0) throw new Error(`an incomplete command at the end of a block: ${pending.join('\n')}`);
  return { commands: result, remarks };
}

const ID = /^([a-z]+(?:_[a-z]+)*_)[A-Za-z0-9]{24}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A member or element `...`, as the parsed JSON holds it. */
const MORE = '\u2026more';

/** The README's JSON, with its `...` members and elements kept as markers. */
export function parseShown(text: string): unknown {
  const json = text
    .replace(/\{\s*\.\.\.\s*\}/g, `{"${MORE}": true}`)
    .replace(/,\s*\.\.\.\s*\}/g, `, "${MORE}": true}`)
    .replace(/,\s*\.\.\.\s*\]/g, `, "${MORE}"]`);
  return JSON.parse(json);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the string `actual` is what the README's string `shown` stands for. */
export function matchesString(shown: string, actual: string): boolean {
  if (shown.includes('...')) {
    const parts = shown.split('...').map((part, i, all) => (i < all.length - 1 ? part.replace(/(_)[A-Za-z0-9]+$/, '$1') : part));
    return new RegExp(`^${parts.map(escape).join('[\\s\\S]*')}$`).test(actual);
  }
  const id = ID.exec(shown);
  if (id !== null) return actual.startsWith(id[1]!) && ID.test(actual) && ID.exec(actual)![1] === id[1];
  if (TIME.test(shown)) return TIME.test(actual);
  return shown === actual;
}

/** Where `actual` differs from what the README shows (`shown`, as parseShown gives it); none when it is the same. */
export function differences(shown: unknown, actual: unknown, at = 'answer'): string[] {
  const said = (value: unknown) => JSON.stringify(value) ?? 'nothing';
  if (typeof shown === 'string') {
    return typeof actual === 'string' && matchesString(shown, actual) ? [] : [`${at}: the README shows ${said(shown)}, the service said ${said(actual)}`];
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${at}: the README shows a list, the service said ${said(actual)}`];
    const more = shown.at(-1) === MORE;
    const elements = more ? shown.slice(0, -1) : shown;
    const found = more ? actual.length >= elements.length : actual.length === elements.length;
    if (!found) return [`${at}: the README shows ${elements.length}${more ? ' or more' : ''} elements, the service said ${actual.length}`];
    return elements.flatMap((element, i) => differences(element, actual[i], `${at}[${i}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${at}: the README shows an object, the service said ${said(actual)}`];
    const more = MORE in shown;
    const fields = Object.keys(shown).filter((key) => key !== MORE);
    const problems: string[] = [];
    const missing = fields.filter((key) => !(key in actual));
    const extra = more ? [] : Object.keys(actual).filter((key) => !fields.includes(key));
    if (missing.length > 0) problems.push(`${at}: the README shows ${missing.join(', ')}, which the service's answer has not`);
    if (extra.length > 0) problems.push(`${at}: the service's answer has ${extra.join(', ')}, which the README does not show (end the object with \`...\` if it need not)`);
    for (const key of fields) if (key in actual) problems.push(...differences((shown as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], `${at}.${key}`));
    return problems;
  }
  return shown === actual ? [] : [`${at}: the README shows ${said(shown)}, the service said ${said(actual)}`];
}

/** Splits on commas outside quotes and parentheses. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === ',' && depth === 0 && !quoted) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** The value a comment writes: a quoted string, JSON (`12`, `true`, `null`), or a bare word (a string). */
function shownValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What a comment beside a command shows of its JSON `answer`: `undefined` when it is a remark to
 * the reader, else the differences (none when it matches).
 */
export function commentDifferences(comment: string, answer: unknown): string[] | undefined {
  if (comment.startsWith('{')) return differences(parseShown(comment), answer);
  if (answer === null || typeof answer !== 'object') return undefined;
  const pairs = splitList(comment);
  const fieldOf = (pair: string) => /^(\w+)\s/.exec(pair)?.[1];
  if (!pairs.some((pair) => (fieldOf(pair) ?? '') in answer)) return undefined;
  return pairs.flatMap((pair) => {
    const m = /^(\w+)\s+(.+)$/.exec(pair);
    if (m === null) return [`"${pair}" is no field and value`];
    const [, field, value] = m;
    if (!(field! in answer)) return [`answer.${field}: the README shows it, the service's answer has no such field`];
    return differences(shownValue(value!), (answer as Record<string, unknown>)[field!], `answer.${field}`);
  });
}

/** What `# each NAME: a, b (x|y), ...` shows of a list answer; `undefined` when the text is not of that form. */
export function eachDifferences(text: string, answer: unknown): string[] | undefined {
  const m = /^each (\w+): ([\s\S]+)$/.exec(text);
  if (m === null) return undefined;
  const [, what, list] = m;
  const items = Array.isArray(answer) ? answer : (answer as { data?: unknown })?.data;
  if (!Array.isArray(items)) return [`the README shows each ${what} of a list, the service's answer is no list: ${JSON.stringify(answer)}`];
  if (items.length === 0) return [`the README shows each ${what}'s fields, but the service's list is empty, so there is nothing to compare them with`];
  const fields = splitList(list!).map((item) => {
    const f = /^(\w+)(?:\s*\(([^)]*)\))?$/.exec(item);
    if (f === null) return { name: item, values: undefined };
    const values = f[2]?.includes('|') ? f[2].split('|').map((v) => v.trim()) : undefined;
    return { name: f[1]!, values };
  });
  const names = fields.map((f) => f.name);
  return items.flatMap((item: Record<string, unknown>, i) => {
    const problems: string[] = [];
    const keys = Object.keys(item);
    const missing = names.filter((name) => !keys.includes(name));
    const extra = keys.filter((key) => !names.includes(key));
    if (missing.length > 0) problems.push(`${what} ${i}: the README shows ${missing.join(', ')}, which it has not`);
    if (extra.length > 0) problems.push(`${what} ${i}: it has ${extra.join(', ')}, which the README does not show`);
    for (const field of fields) {
      if (field.values !== undefined && !field.values.includes(String(item[field.name]))) {
        problems.push(`${what} ${i}: ${field.name} is ${JSON.stringify(item[field.name])}, the README shows ${field.values.join('|')}`);
      }
    }
    return problems;
  });
}

/** Whether the printed `actual` line is the README's `shown` one (`...` matches anything). */
export function matchesLine(shown: string, actual: string): boolean {
  return shown.includes('...') ? matchesString(shown, actual) : shown === actual;
}

/** `text` with every secret key, signing secret and client secret cut to its prefix, for a failure message. */
export function withoutSecrets(text: string): string {
  return text.replace(/\b(sk_(?:test|live)_|whsec_|_secret_)[A-Za-z0-9]+/g, '$1(hidden)');
}
