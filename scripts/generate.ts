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
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';

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

function generateApiReference(): string {
  const out = mkdtempSync(join(tmpdir(), 'nairaflow-docs-'));
  try {
    const file = join(out, 'api-reference.html');
    // --inlineBundle embeds the Redoc bundle that ships inside @redocly/cli instead of a
    // <script> from cdn.redocly.com, so the page renders with no network. redocly.yaml sets
    // `telemetry: off`, which the CLI also writes into the page as `disableTelemetry: true`;
    // the variable below keeps that true even if the config changes.
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'build-docs', 'openapi.yaml', '--inlineBundle', '-o', file],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off' }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const html = readFileSync(file, 'utf8');
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

async function generateAll(): Promise<Map<string, string>> {
  const types = await generateTypes();
  return new Map([
    [join(root, 'server/src/generated/openapi.ts'), types],
    [join(root, 'sdk/src/generated/openapi.ts'), types],
    [join(root, 'webhook-verifier/src/generated/events.ts'), await generateWebhookEventTypes()],
    [join(root, 'sdk/src/generated/api-version.ts'), generateApiVersion()],
    [join(root, 'server/src/generated/api-reference.html'), generateApiReference()],
  ]);
}

const files = await generateAll();

if (process.argv.includes('--check')) {
  const drifted = [...files].filter(([path, content]) => !existsSync(path) || readFileSync(path, 'utf8') !== content);
  if (drifted.length > 0) {
    console.error('Generated files are out of date with openapi.yaml:');
    for (const [path] of drifted) console.error(`  ${relative(root, path)}${existsSync(path) ? '' : ' (missing)'}`);
    console.error('Run `npm run generate` and commit the result.');
    process.exit(1);
  }
  console.log(`Generated files are up to date with openapi.yaml (${files.size} files).`);
} else {
  for (const [path, content] of files) {
    const unchanged = existsSync(path) && readFileSync(path, 'utf8') === content;
    if (!unchanged) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
    console.log(`${unchanged ? 'unchanged' : 'wrote    '} ${relative(root, path)}`);
  }
}
