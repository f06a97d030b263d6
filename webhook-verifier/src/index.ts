// @nairaflow/webhook-verifier: verify and receive Nairaflow webhooks on Node (>= 18). The
// WebCrypto-only subset, for edge runtimes, is '@nairaflow/webhook-verifier/web'.
export * from './web.ts';
export { constructEvent, signatureHeader, verifySignature } from './node-crypto.ts';
export { nodeHandler, webhookHandler, type NodeRequestLike, type NodeResponseLike } from './node-handler.ts';
