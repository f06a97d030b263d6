import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const contract = join(root, 'openapi.yaml');
const notice = 'generated — do not edit. Source: openapi.yaml; regenerate with `npm run generate`.';

// ---- snippet start ----
// The verifier ships only the event schemas, not the whole API: components.schemas cut down to
// `Event` and what it references, plus one alias per event and the NairaflowEvent union of
// Event's oneOf (without the envelope, whose `data: Record<string, unknown>` would let
// `event.data.anything` type-check after narrowing on `type`).
async function generateWebhookEventTypes(): Promise<string> {
  const ast = await openapiTS(new URL(`file://${contract}`), { emptyObjectsUnknown: true, silent: true });
  const nameOf = (node: ts.Node): string | undefined =>
    ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;
  // The names X of every components["schemas"]["X"] inside a type.
  const schemaRefs = (type: ts.Node): string[] => {
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isIndexedAccessTypeNode(node) && ts.isIndexedAccessTypeNode(node.objectType) && nameOf(node.objectType.indexType) === 'schemas') {
        const name = nameOf(node.indexType);
        if (name !== undefined) found.push(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(type);
    return found;
  };
  const components = ast.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'components');
  const schemasMember = components?.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && (m.name as ts.Identifier).text === 'schemas');
  if (!components || !schemasMember?.type || !ts.isTypeLiteralNode(schemasMember.type)) throw new Error('openapi-typescript output has no components.schemas');
  const schemas = new Map<string, ts.PropertySignature>();
  for (const member of schemasMember.type.members) {
    if (ts.isPropertySignature(member) && member.type) schemas.set((member.name as ts.Identifier).text, member);
  }
  const event = schemas.get('Event');
  const union = event?.type && ts.isIntersectionTypeNode(event.type)
    ? event.type.types.map((t) => (ts.isParenthesizedTypeNode(t) ? t.type : t)).find(ts.isUnionTypeNode)
    : undefined;
  if (!union) throw new Error('components.schemas.Event is no longer `EventEnvelope & (oneOf ...)`');
  const eventNames = union.types.flatMap(schemaRefs);
  const keep = new Set<string>();
  const pending = ['Event'];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (keep.has(name)) continue;
    const member = schemas.get(name);
    if (!member) throw new Error(`components.schemas.${name} is referenced but missing`);
    keep.add(name);
    pending.push(...schemaRefs(member.type!));
  }
  const f = ts.factory;
  const kept = f.updateTypeLiteralNode(schemasMember.type, f.createNodeArray(schemasMember.type.members.filter((m) => keep.has((m.name as ts.Identifier).text))));
  const declaration = f.updateInterfaceDeclaration(components, components.modifiers, components.name, components.typeParameters, components.heritageClauses, [
    f.updatePropertySignature(schemasMember, schemasMember.modifiers, schemasMember.name, schemasMember.questionToken, kept),
  ]);
  const aliases = eventNames.map((name) => `export type ${name} = components["schemas"]["${name}"];`).join('\n');
  return (
    `// ${notice}\n\n${astToString([declaration])}\n${aliases}\n` +
    `/** Any event Nairaflow sends (components.schemas.Event's oneOf), discriminated on \`type\`. */\n` +
    `export type NairaflowEvent = ${eventNames.join(' | ')};\n`
  );
}
// ---- snippet end ----

const out = join(root, 'webhook-verifier/src/generated/events.ts');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, await generateWebhookEventTypes());
console.log('wrote', out);
