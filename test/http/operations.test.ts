import { expect } from 'chai';
import { operationHandlers } from '../../server/src/http/operations/index.ts';
import type { OperationDeps } from '../../server/src/http/operations/deps.ts';

describe('operation handlers', () => {
  it('are functions named after their operationId, so that a stack trace and a CPU profile name the operation', () => {
    // What the factories read while making a handler; the rest is only used per request.
    const deps = { publicBaseUrl: () => 'http://127.0.0.1:3000' } as unknown as OperationDeps;
    const entries = Object.entries(operationHandlers);
    expect(entries.length).to.be.greaterThan(25);
    for (const [operationId, make] of entries) {
      const handler = make(deps);
      expect(handler.name, operationId).to.equal(operationId);
      // The handler itself, not an arrow function assigned a name: a profile names it by its source.
      expect(handler.toString(), operationId).to.match(new RegExp(`^async function ${operationId}\\(`));
    }
  });
});
