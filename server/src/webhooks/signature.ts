import { createHmac } from 'node:crypto';

/** `Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`, one v1 per active signing secret. */
export function signatureHeader(body: string, secrets: readonly string[], timestamp: number): string {
  const signed = `${timestamp}.${body}`;
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed, 'utf8').digest('hex')}`)].join(',');
}
