// '@nairaflow/webhook-verifier' as browsers and edge runtimes get it (the "browser" and "worker"
// export conditions): the /web entry, plus the Node-only functions under their names, failing
// when called with a TypeError that says what to use instead. Code that imports the main entry
// (the SDK does) then loads without node:crypto, and runs as long as it calls the asynchronous
// functions.
import type { constructEvent as nodeConstructEvent, signatureHeader as nodeSignatureHeader, verifySignature as nodeVerifySignature } from './node-crypto.ts';
import type { nodeHandler as nodeNodeHandler, webhookHandler as nodeWebhookHandler } from './node-handler.ts';

export * from './web.ts';
export type { NodeRequestLike, NodeResponseLike } from './node-handler.ts';

function nodeOnly(name: string, instead: string): () => never {
  return () => {
    throw new TypeError(
      `@nairaflow/webhook-verifier: ${name} needs node:crypto, which this runtime does not have (the package was loaded ` +
        `through its "browser" or "worker" export condition); use ${instead}, which runs on WebCrypto.`,
    );
  };
}

export const constructEvent: typeof nodeConstructEvent = nodeOnly('constructEvent', 'await constructEventAsync(...)');
export const verifySignature: typeof nodeVerifySignature = nodeOnly('verifySignature', 'await verifySignatureAsync(...)');
export const signatureHeader: typeof nodeSignatureHeader = nodeOnly('signatureHeader', 'await signatureHeaderAsync(...)');
export const webhookHandler: typeof nodeWebhookHandler = nodeOnly('webhookHandler', 'fetchHandler(...)');
export const nodeHandler: typeof nodeNodeHandler = nodeOnly('nodeHandler', 'fetchHandler(...)');
