// Contract coverage: server tests record every (operationId, status) they observe; at the end of a
// full run scripts/test.ts compares them with the responses documented in openapi.yaml.
// scripts/test.ts and the tests must load this module by the same file URL (they do when both
// import it by a relative path), so that they share the one `recorded` set.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const recorded = new Set<string>();

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function recordResponse(operationId: string, status: number): void {
  recorded.add(`${operationId} ${status}`);
}

/** What has been recorded so far, as "operationId status" strings (sorted). */
export function recordedResponses(): string[] {
  return [...recorded].sort();
}

interface DocumentedOperation {
  statuses: string[]; // '200', '404', '4XX' ... ('default' excluded)
  hasDefault: boolean;
}

/** Every operation under `paths` (webhooks are ignored) with its documented response keys. */
export function documentedResponses(openapiPath: string): Map<string, DocumentedOperation> {
  const doc = parse(readFileSync(openapiPath, 'utf8')) as { paths?: Record<string, Record<string, unknown>> } | null;
  const operations = new Map<string, DocumentedOperation>();
  for (const [path, item] of Object.entries(doc?.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) {
      const operation = item[method] as { operationId?: string; responses?: Record<string, unknown> } | undefined;
      if (!operation) continue;
      const id = operation.operationId ?? `${method.toUpperCase()} ${path}`;
      const keys = Object.keys(operation.responses ?? {});
      operations.set(id, {
        statuses: keys.filter((key) => key !== 'default'),
        hasDefault: keys.includes('default'),
      });
    }
  }
  return operations;
}

function covers(key: string, status: number): boolean {
  return /^[1-5]XX$/i.test(key) ? key[0] === String(status)[0] && status >= 100 && status < 600 : key === String(status);
}

/**
 * missing: documented (operationId, status) never recorded; undocumented: recorded but not
 * documented explicitly (a 500 or 503 counts as documented when the operation has a `default` response).
 * Entries read "operationId status".
 */
export function checkContractCoverage(openapiPath: string): { missing: string[]; undocumented: string[] } {
  const operations = documentedResponses(openapiPath);
  const seen = [...recorded].map((entry) => {
    const at = entry.lastIndexOf(' ');
    return { entry, operationId: entry.slice(0, at), status: Number(entry.slice(at + 1)) };
  });

  const missing: string[] = [];
  for (const [operationId, { statuses }] of operations) {
    for (const key of statuses) {
      if (!seen.some((s) => s.operationId === operationId && covers(key, s.status))) {
        missing.push(`${operationId} ${key}`);
      }
    }
  }

  const undocumented: string[] = [];
  for (const { entry, operationId, status } of seen) {
    const operation = operations.get(operationId);
    const documented =
      operation !== undefined &&
      (operation.statuses.some((key) => covers(key, status)) || ((status === 500 || status === 503) && operation.hasDefault));
    if (!documented) undocumented.push(entry);
  }

  return { missing: missing.sort(), undocumented: undocumented.sort() };
}
