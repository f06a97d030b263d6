// Live card payments through Paystack's Charge API, behind the processor port. Built from
// Paystack's API description (POST /charge, POST /charge/submit_*, GET /charge/{reference},
// GET /transaction/verify/{reference}) and the prose reference where it is silent; the choices
// this makes are listed in the README ("Going live").
//
// Paystack refuses a charge reference it has seen (400 duplicate_reference) instead of answering
// with the first charge, so a charge is never sent twice: after an answer that was lost, the
// charge is asked about (check pending charge, then verify), never sent again.
import type { Logger } from 'pino';
import type { Kobo } from '../../money.ts';
import type { ChargeState, CheckedCharge, FailureCode, Processor, RefundState, Step, StepAnswer } from '../processor.ts';
import { paystackCall, PaystackRefusal, succeeded, throwIfCredentialsRefused, type PaystackSettings } from './client.ts';
import { readShape, wireAmount, type ChargeData, type Envelope, type Transaction } from './wire.ts';

const STEP_OF: Readonly<Record<string, Step>> = {
  send_pin: 'pin',
  send_otp: 'otp',
  send_phone: 'phone',
  send_birthday: 'birthday',
  send_address: 'address',
};

export function paystackProcessor(settings: PaystackSettings, log: Logger): Processor {
  const call = (request: Parameters<typeof paystackCall>[1]) => paystackCall(settings, request);

  /** Where a charge stands after an answer about it; a success is taken only with its fee and the amount we asked. */
  const chargeState = (envelope: Envelope, reference: string, amount: Kobo | undefined): ChargeState => {
    if (envelope.data === undefined || envelope.data === null) {
      if (!succeeded(envelope)) return declined(reference, envelope.message);
      return { outcome: 'processing' };
    }
    const data = readShape('charge', envelope.data);
    const step = STEP_OF[data.status];
    if (step !== undefined) return { outcome: 'requires_action', step, message: displayText(data.display_text) };
    switch (data.status) {
      case 'success':
        return successOf(data, reference, amount);
      case 'failed':
        return declined(reference, data.message ?? data.gateway_response ?? envelope.message);
      case 'open_url':
        // A redirect to the card issuer's page (3-D Secure) has no next_action of ours: the attempt
        // fails, and the customer may try another card.
        log.warn({ processor: 'paystack', reference }, 'Paystack asked to send the customer to a page (open_url), which this service does not support; the attempt fails');
        return { outcome: 'failed', code: 'processor_declined' };
      default:
        // pending, and anything its reference does not name: not known yet, asked about again.
        return { outcome: 'processing' };
    }
  };

  const successOf = (data: ChargeData | Transaction, reference: string, amount: Kobo | undefined): ChargeState => {
    if (amount !== undefined && data.amount !== undefined && BigInt(data.amount) !== amount) {
      log.error({ processor: 'paystack', reference, asked: amount.toString(), charged: data.amount }, 'Paystack reports a different amount for a charge than was asked; left processing for reconciliation');
      return { outcome: 'processing' };
    }
    if (data.fees === undefined || data.fees === null) return { outcome: 'processing' }; // verify says the fee
    return {
      outcome: 'succeeded',
      fee: BigInt(data.fees),
      ...(data.authorization?.brand ? { brand: data.authorization.brand.toLowerCase() } : {}),
      ...(data.authorization?.last4 && /^\d{4}$/.test(data.authorization.last4) ? { last4: data.authorization.last4 } : {}),
    };
  };

  const declined = (reference: string, words: string | null | undefined): ChargeState => {
    const code = declineCode(words);
    // Paystack's words are for the operator's log; the customer sees our code's words.
    log.info({ processor: 'paystack', reference, code, paystack_message: words ?? null }, 'Paystack declined a charge');
    return { outcome: 'failed', code };
  };

  /** The final truth about a charge: its transaction. */
  const verify = async (reference: string): Promise<CheckedCharge> => {
    let envelope: Envelope;
    try {
      envelope = await call({ method: 'GET', path: `/transaction/verify/${encodeURIComponent(reference)}` });
    } catch (error) {
      if (error instanceof PaystackRefusal && (error.status === 404 || error.status === 400)) return { outcome: 'not_found' };
      throw error;
    }
    if (envelope.data === undefined || envelope.data === null) return { outcome: 'not_found' };
    const transaction = readShape('transaction', envelope.data);
    return transactionState(transaction);
  };

  const transactionState = (transaction: Transaction): ChargeState => {
    switch (transaction.status) {
      case 'success':
        return successOf(transaction, transaction.reference, undefined);
      case 'failed':
      case 'abandoned':
        return declined(transaction.reference, transaction.gateway_response ?? transaction.message);
      case 'reversed':
        log.error({ processor: 'paystack', reference: transaction.reference }, 'Paystack reports a charge reversed before it was recorded as paid; failing the attempt');
        return { outcome: 'failed', code: 'processor_declined' };
      default:
        return { outcome: 'processing' };
    }
  };

  /** Where a Paystack refund stands: processed and failed are final; pending, processing and needs-attention are not. */
  const refundState = (data: unknown): RefundState => {
    const refund = readShape('refund', data);
    const processorRefundId = String(refund.id);
    if (refund.status === 'processed') return { outcome: 'succeeded', processorRefundId };
    if (refund.status === 'failed') return { outcome: 'failed', processorRefundId, reason: 'Paystack failed the refund' };
    if (refund.status === 'needs-attention') log.warn({ processor: 'paystack', refund: processorRefundId }, 'Paystack says a refund needs attention (the card cannot take it): resolve it in the Paystack dashboard');
    return { outcome: 'pending', processorRefundId };
  };

  return {
    name: 'paystack',

    refunds: {
      async send({ refundId, chargeReference, amount }) {
        let envelope: Envelope;
        try {
          envelope = await call({
            method: 'POST',
            path: '/refund',
            // Our refund id in the merchant note: Paystack keeps it, and it finds the refund again after a lost answer.
            body: { transaction: chargeReference, amount: Number(amount), merchant_note: refundNote(refundId) },
          });
        } catch (error) {
          if (!(error instanceof PaystackRefusal)) throw error;
          // A wrong key or a blocked address is ours to fix, not the refund's fault: asked again later.
          throwIfCredentialsRefused(error);
          // Refused: no refund was made. It fails for good, and the money goes back to the merchant.
          log.warn({ processor: 'paystack', reference: chargeReference, status: error.status, paystack_message: error.envelope?.message ?? null }, 'Paystack refused a refund');
          return { outcome: 'failed', processorRefundId: '', reason: error.envelope?.message ?? `refused (${error.status})` };
        }
        return refundState(envelope.data);
      },
      async check(processorRefundId) {
        try {
          return refundState((await call({ method: 'GET', path: `/refund/${encodeURIComponent(processorRefundId)}` })).data);
        } catch (error) {
          if (error instanceof PaystackRefusal && error.status === 404) {
            log.error({ processor: 'paystack', refund: processorRefundId }, 'Paystack has no refund under an id it gave us; asked again later');
            return { outcome: 'pending', processorRefundId };
          }
          throw error;
        }
      },
      async find({ refundId, chargeReference, amount, since, until, exclude }) {
        // Paystack's refund list has no reference filter: the refunds made in the window, page by page.
        const query = { from: new Date(since.getTime() - 60_000).toISOString(), to: new Date(until.getTime() + 60_000).toISOString(), perPage: 100 };
        let byAmount: unknown;
        for (let page = 1; page <= 100; page++) {
          const envelope = await call({ method: 'GET', path: '/refund', query: { ...query, page } });
          const items = Array.isArray(envelope.data) ? envelope.data : [];
          for (const item of items) {
            const refund = readShape('refund', item);
            const note = (item as { merchant_note?: unknown }).merchant_note;
            if (note === refundNote(refundId)) return refundState(item);
            if (byAmount === undefined && refund.transaction_reference === chargeReference && wireAmount(refund.amount) === amount && !exclude.includes(String(refund.id))) byAmount = item;
          }
          if (page >= Number(envelope.meta?.pageCount ?? 1) || items.length === 0) break;
        }
        return byAmount === undefined ? null : refundState(byAmount);
      },
    },

    async charge({ reference, card, amount, email }) {
      let envelope: Envelope;
      try {
        envelope = await call({
          method: 'POST',
          path: '/charge',
          body: {
            email,
            amount: Number(amount), // at most 10^15 kobo: exact as a JSON number
            reference,
            card: {
              number: card.digits,
              cvv: card.cvc,
              expiry_month: String(card.expMonth).padStart(2, '0'),
              expiry_year: String(card.expYear),
            },
          },
        });
      } catch (error) {
        if (!(error instanceof PaystackRefusal)) throw error;
        // The charge exists already (an earlier try whose answer was lost): ask about it.
        if (error.code === 'duplicate_reference' || /duplicate/i.test(error.envelope?.message ?? '')) return { outcome: 'processing' };
        return refused(reference, error);
      }
      return chargeState(envelope, reference, amount);
    },

    async authenticate(reference, answer) {
      let envelope: Envelope;
      try {
        envelope = await call({ method: 'POST', path: `/charge/submit_${answer.step}`, body: { reference, ...stepBody(answer) } });
      } catch (error) {
        if (!(error instanceof PaystackRefusal)) throw error;
        // Refused, maybe because the charge has moved on without us (an earlier answer of ours
        // that was lost, then arrived): what it is now decides, not the refusal.
        const now = await verify(reference).catch(() => ({ outcome: 'processing' }) as const);
        if (now.outcome === 'succeeded' || now.outcome === 'processing') return now;
        return refused(reference, error);
      }
      return chargeState(envelope, reference, undefined);
    },

    async check(reference) {
      // Check pending charge first (it also says which step a charge waits for), then verify.
      let envelope: Envelope | undefined;
      try {
        envelope = await call({ method: 'GET', path: `/charge/${encodeURIComponent(reference)}` });
      } catch (error) {
        if (!(error instanceof PaystackRefusal) || (error.status !== 404 && error.status !== 400)) throw error;
        envelope = undefined;
      }
      if (envelope !== undefined && envelope.data !== undefined && envelope.data !== null) {
        const state = chargeState(envelope, reference, undefined);
        if (state.outcome === 'requires_action' || (state.outcome === 'processing' && readShape('charge', envelope.data).status === 'pending')) return state;
      }
      return verify(reference);
    },
  };

  function refused(reference: string, refusal: PaystackRefusal): ChargeState {
    if (refusal.status === 401) log.error({ processor: 'paystack', reference }, 'Paystack refused our secret key (401): check PAYSTACK_SECRET_KEY');
    else log.warn({ processor: 'paystack', reference, status: refusal.status, code: refusal.code ?? null, paystack_message: refusal.envelope?.message ?? null }, 'Paystack refused a charge request');
    return { outcome: 'failed', code: 'processor_declined' };
  }
}

/** What a refund carries at Paystack to be found by: our refund's id. */
const refundNote = (refundId: string): string => `Nairaflow refund ${refundId}`;

/** The body of a `submit_*` request for the customer's answer. */
function stepBody(answer: StepAnswer): Record<string, string> {
  switch (answer.step) {
    case 'pin':
      return { pin: answer.pin };
    case 'otp':
      return { otp: answer.otp };
    case 'phone':
      return { phone: answer.phone };
    case 'birthday':
      return { birthday: answer.birthday };
    case 'address':
      return { address: answer.address.street, city: answer.address.city, state: answer.address.state, zip_code: answer.address.zip_code };
  }
}

/** Our failure code for Paystack's words about a decline (they are never shown to the customer). */
export function declineCode(words: string | null | undefined): FailureCode {
  const text = (words ?? '').toLowerCase();
  if (/insufficient|not sufficient/.test(text)) return 'insufficient_funds';
  if (/\botp\b|token|one[- ]time/.test(text)) return 'invalid_otp';
  if (/declin|do not honou?r|not permitted|restricted|lost|stolen|expired card|invalid card|pick ?up/.test(text)) return 'card_declined';
  return 'processor_declined';
}

/**
 * Paystack's text for the customer about the next step, made safe to show: letters, digits and
 * plain punctuation only (`*` too: a masked phone number), one line, at most 200 characters; null when nothing is left.
 */
export function displayText(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const clean = text
    .replace(/[^\p{L}\p{N} .,'!?:;()/+*-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
    .trim();
  return clean === '' ? null : clean;
}
