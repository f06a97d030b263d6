import { Router } from 'express';
import type { Config } from '../config.ts';

/** The hosted payment sheet at /pay/{client_secret} (placeholder until the sheet lands). */
export function paymentSheetRouter(_deps: { config: Config }): Router {
  const router = Router();
  return router;
}
