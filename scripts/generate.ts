// Generates everything derived from openapi.yaml and checks it for drift.
//
//   npm run generate          write the generated files
//   npm run check:generated   regenerate in memory; exit 1 naming every file that differs from it
//
// Outputs (committed, never edited by hand):
//   server/src/generated/openapi.ts           openapi-typescript types: paths, webhooks, components, operations
//   sdk/src/generated/openapi.ts              the same file, so the SDK package carries its own copy
//   webhook-verifier/src/generated/events.ts  the webhook event schemas only, and the NairaflowEvent union
//   sdk/src/generated/api-version.ts          the API version (info.version) the SDK sends as Nairaflow-Version
//   server/src/generated/api-reference.html   the API reference served at /docs: Redoc, fully inlined
//                                             (no CDN, works offline), built by `redocly build-docs`
//   openapi.yaml's x-codeSamples              a curl and an SDK sample per merchant operation, written
//                                             in place (scripts/code-samples.ts); nothing else changes
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { ADDRESS_PLACEHOLDER, replaceOrigin } from '../server/src/web/api-reference.ts';
import { codeSamples, type CodeSamples } from './code-samples.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const contract = join(root, 'openapi.yaml');
const notice = 'generated — do not edit. Source: openapi.yaml; regenerate with `npm run generate`.';

async function generateTypes(): Promise<string> {
  const ast = await openapiTS(new URL(`file://${contract}`), {
    // `type: object` without properties (an event envelope's `data`) becomes
    // Record<string, unknown> instead of Record<string, never>.
    emptyObjectsUnknown: true,
    silent: true,
  });
  return `// ${notice}\n\n${astToString(ast)}`;
}

// Redoc's "API docs by" badge shows Redocly's logo from their CDN, which the page's CSP (rightly)
// refuses; the reference's own copies stand in for it (server/src/web/api-reference.ts serves them).
const BADGE_LOGOS = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': '/docs/assets/redocly.svg',
  'https://cdn.redoc.ly/redoc/logo-mini.svg': '/docs/assets/redocly-mini.svg',
};

/** The operations the merchants' reference leaves out (the dashboard's). */
function internalOperations(contractText: string): string[] {
  const paths = (parse(contractText) as { paths: Record<string, Record<string, { operationId?: string; 'x-internal'?: boolean }>> }).paths;
  return Object.values(paths).flatMap((item) => Object.values(item).filter((op) => op?.['x-internal'] === true && op.operationId !== undefined).map((op) => op.operationId!));
}

/**
 * The reference's links as the page's own router writes them. Redoc 3 gives every section a route
 * (`/section/versioning`, `/refunds`); `build-docs` prerenders the page at `/` with those routes as
 * root-relative links, while the page's script (`hydrate`, whose default router is the hash router)
 * navigates to `#/section/versioning`. Hydration keeps the prerendered attributes, so a link opened
 * in a new tab, or a reload, asked the server for `/section/versioning`. Written as the hash router
 * writes them, each link opens /docs at its section, wherever the page is served.
 */
function hashLinks(html: string): string {
  const start = html.indexOf('<div id="redoc">');
  const end = html.indexOf('<script type="module">', start);
  if (start === -1 || end === -1) throw new Error('redocly build-docs output no longer has <div id="redoc"> before its module script');
  // Root-relative, but not protocol-relative (`//host`) and not the page's own images.
  const route = /\bhref="\/(?!\/|docs\/assets\/)([^"]*)"/g;
  const markup = html.slice(start, end);
  const links = markup.match(route)?.length ?? 0;
  if (links < 10) throw new Error(`redocly build-docs output has ${links} root-relative links where its sidebar should be; update hashLinks`);
  return html.slice(0, start) + markup.replace(route, 'href="#/$1"') + html.slice(end);
}

function generateApiReference(contractText: string): string {
  const out = mkdtempSync(join(tmpdir(), 'nairaflow-docs-'));
  try {
    const file = join(out, 'api-reference.html');
    // Built from the contract with a placeholder where it names the server's address, which the
    // server fills in with its own as it serves the page.
    const source = join(out, 'openapi.yaml');
    const address = ((parse(contractText) as { servers?: { url?: string }[] }).servers?.[0]?.url ?? '').replace(/\/+$/, '');
    if (address === '') throw new Error('openapi.yaml has no servers[0].url');
    writeFileSync(source, replaceOrigin(contractText, address, ADDRESS_PLACEHOLDER));
    // --inlineBundle embeds the Redoc bundle that ships inside @redocly/cli instead of a
    // <script> from cdn.redocly.com, so the page renders with no network. redocly.yaml sets
    // `telemetry: off`, which the CLI also writes into the page as `disableTelemetry: true`;
    // the variable below keeps that true even if the config changes. It also leaves the
    // x-internal operations (the dashboard's) out, and names the code samples' tabs.
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'build-docs', source, '--config', join(root, 'redocly.yaml'), '--inlineBundle', '-o', file],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off' }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let html = readFileSync(file, 'utf8');
    for (const [from, to] of Object.entries(BADGE_LOGOS)) {
      if (html.split(from).length !== 2) throw new Error(`redocly build-docs output no longer names ${from} once; update BADGE_LOGOS`);
      html = html.replace(from, to);
    }
    html = hashLinks(html);
    // Without an icon of its own the browser asks for /favicon.ico, which is not there.
    const head = html.indexOf('<head>');
    if (head === -1 || head > 200) throw new Error('redocly build-docs output no longer opens with <head>');
    html = html.replace('<head>', '<head>\n  <link rel="icon" type="image/svg+xml" href="/docs/assets/favicon.svg">');
    if (!html.includes(ADDRESS_PLACEHOLDER)) throw new Error("the API reference no longer names the server's address (servers[0].url) anywhere");
    for (const operationId of internalOperations(contractText)) {
      if (html.includes(`"operationId":"${operationId}"`)) throw new Error(`the API reference shows ${operationId}, an x-internal operation`);
    }
    // The output has no timestamps or random ids (two builds are byte-identical), so it needs no
    // normalising. The notice goes after the doctype, which must stay first.
    const doctype = '<!DOCTYPE html>\n';
    if (!html.startsWith(doctype)) throw new Error('redocly build-docs output no longer starts with <!DOCTYPE html>');
    if (/<(script|link)\b[^>]*\b(src|href)="https?:/i.test(html)) {
      throw new Error('redocly build-docs output loads a script or stylesheet from the network; /docs must work offline');
    }
    return `${doctype}<!-- ${notice} -->\n${html.slice(doctype.length)}`;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// The verifier ships only what an event is: the `Event` schema and the schemas it references,
// one alias per event type, and their union (without the envelope, whose open `data` would let
// `event.data.anything` type-check after narrowing on `type`).
async function generateWebhookEventTypes(): Promise<string> {
  type Schema = Record<string, unknown>;
  const document = parse(readFileSync(contract, 'utf8')) as { openapi: string; info: Schema; components: { schemas: Record<string, Schema> } };
  const schemas = document.components.schemas;
  const keep = new Set<string>();
  for (const pending = ['Event']; pending.length > 0; ) {
    const name = pending.pop()!;
    if (keep.has(name)) continue;
    if (schemas[name] === undefined) throw new Error(`components.schemas.${name} is referenced but missing`);
    keep.add(name);
    for (const [, ref] of JSON.stringify(schemas[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) pending.push(ref!);
  }
  const eventNames = ((schemas['Event']!['oneOf'] ?? []) as { $ref: string }[]).map((r) => r.$ref.split('/').pop()!);
  if (eventNames.length === 0) throw new Error('components.schemas.Event has no oneOf of event schemas');
  const subset = {
    openapi: document.openapi,
    info: document.info,
    paths: {},
    components: { schemas: Object.fromEntries([...keep].map((name) => [name, schemas[name]])) },
  };
  const ast = await openapiTS(subset as never, { emptyObjectsUnknown: true, silent: true, rootTypes: false });
  return (
    `// ${notice}\n\n${astToString(ast)}\n` +
    eventNames.map((name) => `export type ${name} = components["schemas"]["${name}"];`).join('\n') +
    `\n/** Any event Nairaflow sends (components.schemas.Event's oneOf), discriminated on \`type\`. */\n` +
    `export type NairaflowEvent = ${eventNames.join(' | ')};\n`
  );
}

function generateApiVersion(): string {
  const document = parse(readFileSync(contract, 'utf8')) as { info: { version: unknown } };
  return (
    `// ${notice}\n\n` +
    `/** The API version this SDK is written against (openapi.yaml's info.version); sent as Nairaflow-Version on every request. */\n` +
    `export const API_VERSION = ${JSON.stringify(String(document.info.version))};\n`
  );
}

/**
 * openapi.yaml's own generated part, its x-codeSamples, written (with `write`) before anything is
 * generated from it. Others edit openapi.yaml too: it is read, computed and written at once, and
 * never over an edit made meanwhile.
 */
function contractCodeSamples(write: boolean): CodeSamples {
  for (let attempt = 1; ; attempt++) {
    const text = readFileSync(contract, 'utf8');
    const samples = codeSamples(text, join(root, 'sdk/src'));
    if (!write || samples.text === text) return samples;
    if (readFileSync(contract, 'utf8') === text) {
      writeFileSync(contract, samples.text);
      return samples;
    }
    if (attempt === 3) throw new Error('openapi.yaml kept changing while its code samples were written; run `npm run generate` again');
  }
}

async function generateAll(contractText: string): Promise<Map<string, string>> {
  const types = await generateTypes();
  return new Map([
    [join(root, 'server/src/generated/openapi.ts'), types],
    [join(root, 'sdk/src/generated/openapi.ts'), types],
    [join(root, 'webhook-verifier/src/generated/events.ts'), await generateWebhookEventTypes()],
    [join(root, 'sdk/src/generated/api-version.ts'), generateApiVersion()],
    [join(root, 'server/src/generated/api-reference.html'), generateApiReference(contractText)],
  ]);
}

const check = process.argv.includes('--check');
const samples = contractCodeSamples(!check);
const files = await generateAll(samples.text);
const incomplete = (): void => {
  console.error('The code samples are incomplete:');
  for (const problem of samples.problems) console.error(`  ${problem}`);
};

if (check) {
  const drifted = [...files].filter(([path, content]) => !existsSync(path) || readFileSync(path, 'utf8') !== content);
  if (drifted.length > 0 || samples.drifted.length > 0) {
    console.error('Generated files are out of date with openapi.yaml:');
    if (samples.drifted.length > 0) console.error(`  openapi.yaml: the x-codeSamples of ${samples.drifted.join(', ')}`);
    for (const [path] of drifted) console.error(`  ${relative(root, path)}${existsSync(path) ? '' : ' (missing)'}`);
    console.error('Run `npm run generate` and commit the result.');
  }
  // Every merchant operation's reference shows an SDK sample: one the SDK cannot send yet fails
  // the check, as a drifted file does, until the SDK has a method for it.
  if (samples.problems.length > 0) incomplete();
  if (drifted.length > 0 || samples.drifted.length > 0 || samples.problems.length > 0) process.exit(1);
  console.log(`Generated files are up to date with openapi.yaml (${files.size} files, and its code samples).`);
} else {
  console.log(`${samples.drifted.length > 0 ? 'wrote    ' : 'unchanged'} openapi.yaml (x-codeSamples${samples.drifted.length > 0 ? ` of ${samples.drifted.length} operations` : ''})`);
  for (const [path, content] of files) {
    const unchanged = existsSync(path) && readFileSync(path, 'utf8') === content;
    if (!unchanged) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
    console.log(`${unchanged ? 'unchanged' : 'wrote    '} ${relative(root, path)}`);
  }
  if (samples.problems.length > 0) incomplete();
}
