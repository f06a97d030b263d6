// Every operation of openapi.yaml as a request a test can send, so rules that hold for all of
// them (authentication, rate limits, body size) are tested on all of them, including new ones.
import { loadContract } from '../../server/src/http/contract.ts';

export interface SampleRequest {
  operationId: string;
  method: string;
  path: string;
  secured: boolean;
  /** Whether a secret key can authenticate it (every /v1 operation that needs credentials). */
  takesSecretKey: boolean;
  /** Whether a dashboard session can authenticate it. */
  takesSession: boolean;
  hasBody: boolean;
}

const SAMPLE_IDS: Record<string, string> = {
  pi: 'pi_000000000000000000000000',
  re: 're_000000000000000000000000',
  key: 'key_000000000000000000000000',
};

export function sampleRequests(): SampleRequest[] {
  return loadContract().operations.map((op) => {
    // A path parameter's sample id follows the path segment before it (payment_intents -> pi_).
    const path = op.path.replace(/\{[^}]+\}/g, (_m, offset: number) => {
      const before = op.path.slice(0, offset);
      return SAMPLE_IDS[before.includes('/refunds') ? 're' : before.includes('/api_keys') ? 'key' : 'pi']!;
    });
    const document = loadContract().document as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    return {
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.operationId === 'retrieveCheckout' ? `${path}?client_secret=${SAMPLE_IDS['pi']}_secret_${'0'.repeat(24)}` : path,
      secured: op.secured,
      takesSecretKey: op.schemes.has('secretKey'),
      takesSession: op.schemes.has('dashboardSession'),
      hasBody: document.paths[op.path]![op.method]!.requestBody !== undefined,
    };
  });
}
