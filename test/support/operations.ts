// Every operation of openapi.yaml as a request a test can send, so rules that hold for all of
// them (authentication, rate limits, body size) are tested on all of them, including new ones.
import { loadContract } from '../../server/src/http/contract.ts';

export interface SampleRequest {
  operationId: string;
  method: string;
  path: string;
  secured: boolean;
  hasBody: boolean;
}

const SAMPLE_IDS: Record<string, string> = {
  pi: 'pi_000000000000000000000000',
  re: 're_000000000000000000000000',
};

export function sampleRequests(): SampleRequest[] {
  return loadContract().operations.map((op) => {
    // A path parameter's sample id follows the path segment before it (payment_intents -> pi_).
    const path = op.path.replace(/\{[^}]+\}/g, (_m, offset: number) => (op.path.slice(0, offset).includes('/refunds') ? SAMPLE_IDS['re']! : SAMPLE_IDS['pi']!));
    const document = loadContract().document as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    return {
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.operationId === 'retrieveCheckout' ? `${path}?client_secret=${SAMPLE_IDS['pi']}_secret_${'0'.repeat(24)}` : path,
      secured: op.secured,
      hasBody: document.paths[op.path]![op.method]!.requestBody !== undefined,
    };
  });
}
