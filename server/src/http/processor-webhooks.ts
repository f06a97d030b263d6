// POST /processor_webhooks/paystack: what Paystack tells us about charges, transfers and refunds.
// The signature is checked over the raw bytes before anything else is read; a wrong or missing one
// is 401 and changes nothing. A signed event is answered 200 at once (even one we do not act on:
// Paystack would otherwise send it again for 72 hours), and only nudges the work that asks Paystack.
import express, { Router, type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ApiError } from '../domain/errors.ts';
import { askAboutChargeNow, settleLateCharge, type PaymentsContext } from '../domain/settlement.ts';
import { askAboutRefundsNow } from '../domain/refund-legs.ts';
import { askAboutPayoutNow, type PayoutsContext } from '../domain/payouts.ts';
import { hasValidSignature, PAYSTACK_SIGNATURE_HEADER, readWebhook } from '../domain/processor/paystack/webhooks.ts';

export const PAYSTACK_WEBHOOK_PATH = '/processor_webhooks/paystack';

export function processorWebhookRouter(deps: { orm: MikroORM; log: Logger; paystackSecretKey: string | null; payments: PaymentsContext; payouts: PayoutsContext }): Router {
  const router = Router();
  const raw = express.raw({ type: () => true, limit: '1mb' });
  router.post(PAYSTACK_WEBHOOK_PATH, raw, async (req: Request, res: Response) => {
    const secretKey = deps.paystackSecretKey;
    if (secretKey === null) throw new ApiError('resource_missing', 'This service takes no Paystack webhooks: its live processor is not Paystack (LIVE_PROCESSOR).');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!hasValidSignature(secretKey, body, req.get(PAYSTACK_SIGNATURE_HEADER))) {
      deps.log.warn({ request_id: req.requestId }, 'a Paystack webhook with a missing or wrong signature was refused');
      throw new ApiError('authentication_required', `The ${PAYSTACK_SIGNATURE_HEADER} header is missing or is not the signature of this body; nothing was changed.`);
    }
    const nudge = readWebhook(body);
    if (nudge === null) throw new ApiError('invalid_request', 'The body is not a Paystack event ({"event": ..., "data": {...}}).');
    switch (nudge.kind) {
      case 'charge': {
        const found = await askAboutChargeNow(req.em, 'paystack', nudge.reference);
        deps.log.info({ reference: nudge.reference, attempt_waiting: found }, 'Paystack webhook about a charge');
        // An attempt that had already ended here: a success we may have missed. Asked about after
        // the answer (Paystack wants its 200 quickly); a process that stops first leaves it to reconciliation.
        if (!found) {
          res.once('finish', () => {
            settleLateCharge(deps.orm.em.fork(), deps.payments, 'paystack', nudge.reference).catch((error: unknown) =>
              deps.log.warn({ err: error, reference: nudge.reference }, 'could not ask about a charge a webhook named'),
            );
          });
        }
        break;
      }
      case 'transfer': {
        const found = await askAboutPayoutNow(req.em, deps.payouts, nudge.reference);
        deps.log.info({ reference: nudge.reference, payout_found: found }, 'Paystack webhook about a transfer');
        break;
      }
      case 'refund': {
        const refunds = await askAboutRefundsNow(req.em, deps.payments, 'paystack', nudge.transactionReference);
        deps.log.info({ reference: nudge.transactionReference, refunds_waiting: refunds }, 'Paystack webhook about a refund');
        break;
      }
      default:
        deps.log.info({ nudge }, 'Paystack webhook with nothing to do');
    }
    res.status(200).json({ received: true });
  });
  return router;
}
