export interface SignatureHeaderOptions {
  /** The header's `t`, Unix seconds. Default: now. */
  timestamp?: number;
}

export function signingTimestamp(options: SignatureHeaderOptions | undefined): number {
  const t = options?.timestamp ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(t) || t < 0) throw new TypeError(`timestamp must be Unix time in whole seconds, got ${String(t)}`);
  return t;
}
