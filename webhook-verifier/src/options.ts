import { timestampOutOfTolerance } from './errors.ts';
import type { ParsedSignatureHeader } from './header.ts';

/** Spec 6.4: reject a `t` more than 5 minutes from the receiver's clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  /** How far `t` may be from `now`, in either direction. Default 300. */
  toleranceSeconds?: number;
  /** The receiver's clock, Unix seconds. Default: the system clock. Set it in tests. */
  now?: number;
}

export type Secrets = string | readonly string[];

/** Rejects calling mistakes up front, as TypeErrors: they are bugs, not bad requests. */
export function toSecrets(secretOrSecrets: Secrets): readonly string[] {
  const secrets = typeof secretOrSecrets === 'string' ? [secretOrSecrets] : secretOrSecrets;
  if (!Array.isArray(secrets) || secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError(
      `No signing secret: expected the endpoint's signing secret (whsec_...) or a non-empty array of them, got ${describe(secretOrSecrets)}. ` +
        'If you read it from the environment (process.env.NAIRAFLOW_WEBHOOK_SECRET), that variable is not set.',
    );
  }
  return secrets;
}

/** Finite on purpose: the time check cannot be switched off by accident (or on purpose). */
export function toleranceOf(toleranceSeconds: number | undefined): number {
  const tolerance = toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError(`toleranceSeconds must be a finite number >= 0, got ${describe(tolerance)}`);
  }
  return tolerance;
}

export function resolveOptions(options: VerifyOptions | undefined): { toleranceSeconds: number; now: number } {
  const toleranceSeconds = toleranceOf(options?.toleranceSeconds);
  const now = options?.now ?? Math.floor(Date.now() / 1000);
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    throw new TypeError(`now must be Unix time in seconds, got ${describe(now)}`);
  }
  return { toleranceSeconds, now };
}

/** Both directions: a `t` from the future is as suspect as an old one. */
export function checkTimestamp(header: ParsedSignatureHeader, toleranceSeconds: number, now: number): void {
  const skew = header.timestamp - now;
  if (Math.abs(skew) > toleranceSeconds) throw timestampOutOfTolerance(skew, toleranceSeconds);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return `an object (${value.constructor?.name ?? 'no prototype'})`;
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return String(value);
}
