// What the shop does with each verified Nairaflow event: the receiver rules of spec 6.3 in code.
// The HTTP side (raw body, signature, 400 on a bad one, 200 before any of this runs: rule 1) is
// @nairaflow/webhook-verifier's webhookHandler, mounted in shop.ts.
import {
  isTestEvent,
  type Deduplicator,
  type NairaflowEvent,
  type PaymentIntentCanceledEvent,
  type PaymentIntentFailedEvent,
  type PaymentIntentSucceededEvent,
  type RefundSucceededEvent,
} from '@nairaflow/webhook-verifier';
import { refundedKobo, type Order, type OrderStore } from './orders.ts';

/** What handling one delivery did, for the shop's activity log (and the tests). */
export type Outcome =
  | 'test_event_ignored'
  | 'duplicate_skipped'
  | 'unknown_payment_intent'
  | 'marked_paid'
  | 'already_paid'
  | 'amount_mismatch'
  | 'paid_after_cancel'
  | 'paid_but_already_refunded'
  | 'payment_attempt_failed'
  | 'stale_failure_ignored'
  | 'canceled'
  | 'stale_cancel_ignored'
  | 'stale_event_dropped'
  | 'refund_recorded'
  | 'refund_already_recorded'
  | 'ignored_event_type';

export interface Activity {
  at: string;
  eventId: string;
  type: string;
  outcome: Outcome;
  orderId?: string;
}

export interface EventHandlerDeps {
  orders: OrderStore;
  dedupe: Deduplicator;
  /** Queues the slow work for a paid order (email, stock, shipping label). Must not block. */
  queueFulfilment: (order: Order) => void;
  record: (activity: Activity) => void;
  log: (line: string) => void;
}

/** The onEvent for webhookHandler. It runs after Nairaflow has had its 200 (rule 6.3.1). */
export function createEventHandler(deps: EventHandlerDeps): (event: NairaflowEvent) => Promise<void> {
  const { dedupe, record, log } = deps;

  return async function onEvent(event) {
    const done = (outcome: Outcome, order?: Order): void => {
      record({ at: new Date().toISOString(), eventId: event.id, type: event.type, outcome, ...(order ? { orderId: order.id } : {}) });
      log(`webhook ${event.type} ${event.id}: ${outcome}${order ? ` (order ${order.id}, now ${order.status})` : ''}`);
    };

    // Rule 6.3.6: a test event ("Send test event") carries no payment. It has had its 200; do nothing.
    if (isTestEvent(event)) return done('test_event_ignored');

    // Rule 6.3.2: the same event can arrive more than once (retries, redeliveries). Skip ids already seen.
    // (The order-state checks below are the second line of defence, e.g. after a restart empties this in-memory store.)
    if (await dedupe.seen(event.id)) return done('duplicate_skipped');

    try {
      // Rule 6.3.3 in one comparison: every event about a payment intent carries `sequence`, one
      // more for each of the intent's events. A payment_intent.* event not above the highest one
      // this order has applied reports an older state than the order knows (a failed attempt
      // retried after the success): drop it. Refunds are facts to add up whatever their order,
      // so they are applied by refund id instead (refundSucceeded).
      if (event.type.startsWith('payment_intent.') && 'sequence' in event) {
        const order = deps.orders.byPaymentIntent(event.data.id);
        if (order && event.sequence <= order.intentSequence) return done('stale_event_dropped', order);
        if (order) order.intentSequence = event.sequence;
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return paymentSucceeded(event, deps, done);
        case 'payment_intent.failed':
          return paymentFailed(event, deps, done);
        case 'payment_intent.canceled':
          return paymentCanceled(event, deps, done);
        case 'refund.succeeded':
          return refundSucceeded(event, deps, done);
        default:
          // A kind this shop does not use (or one added after it was written): 200 was sent, nothing to do.
          return done('ignored_event_type');
      }
    } catch (error) {
      // Nairaflow was answered 200 already and will not retry: forget the id so that a manual
      // redelivery (dashboard, POST /v1/events/{id}/redeliver) is handled instead of skipped.
      await dedupe.forget(event.id);
      throw error; // webhookHandler's onError logs it
    }
  };
}

type Done = (outcome: Outcome, order?: Order) => void;

function paymentSucceeded(event: PaymentIntentSucceededEvent, { orders, queueFulfilment, log }: EventHandlerDeps, done: Done): void {
  const { data } = event;
  // Rule 6.3.5: find the order by the intent id we stored when we created the intent. metadata
  // (order_id) is a hint for people reading the dashboard, not proof of which order was paid.
  const order = orders.byPaymentIntent(data.id);
  if (!order) return done('unknown_payment_intent');
  if (data.metadata['order_id'] !== undefined && data.metadata['order_id'] !== order.id) {
    log(`warning: ${data.id} carries metadata.order_id ${String(data.metadata['order_id'])} but pays order ${order.id}; going by the intent id`);
  }

  // Rules 6.3.2 and 6.3.3: look at the order's own state, not at which event came last.
  if (order.paidAt !== null) return done('already_paid', order);

  // Rule 6.3.4: the amount paid must be the amount this order costs, before anything ships.
  if (data.amount !== order.amountKobo || data.currency !== order.currency) {
    order.status = 'needs_review';
    order.review = `payment ${data.id} was for ${data.amount} ${data.currency} kobo, the order expects ${order.amountKobo} ${order.currency}: not fulfilled`;
    return done('amount_mismatch', order);
  }

  order.paidAt = new Date().toISOString();
  if (order.status === 'canceled' || order.status === 'needs_review') {
    // Paid for an order we had given up on (or already flagged): money arrived, a person decides.
    order.status = 'needs_review';
    order.review ??= `payment ${data.id} succeeded after the order was canceled: refund it or fulfil by hand`;
    return done('paid_after_cancel', order);
  }
  // Rule 6.3.3 again: a refund.succeeded may have been delivered before this succeeded.
  const refunded = refundedKobo(order);
  if (refunded > 0n) {
    order.status = refunded >= BigInt(order.amountKobo) ? 'refunded' : 'partially_refunded';
    if (order.status === 'refunded') {
      order.fulfilment = 'skipped';
      return done('paid_but_already_refunded', order);
    }
  } else {
    order.status = 'paid';
  }
  order.lastPaymentError = null;
  // Rule 6.3.1: the slow part (emails, stock, shipping) runs on its own, after this returns.
  order.fulfilment = 'queued';
  queueFulfilment(order);
  return done('marked_paid', order);
}

function paymentFailed(event: PaymentIntentFailedEvent, { orders }: EventHandlerDeps, done: Done): void {
  const order = orders.byPaymentIntent(event.data.id);
  if (!order) return done('unknown_payment_intent');
  // Rule 6.3.3: a failed attempt delivered after the success (an earlier attempt, retried late)
  // must not undo it. Only an order still waiting for its money records the failure.
  if (order.status !== 'awaiting_payment') return done('stale_failure_ignored', order);
  // The intent stays open: the customer can try another card. The order keeps waiting.
  order.lastPaymentError = event.data.last_error;
  return done('payment_attempt_failed', order);
}

function paymentCanceled(event: PaymentIntentCanceledEvent, { orders }: EventHandlerDeps, done: Done): void {
  const order = orders.byPaymentIntent(event.data.id);
  if (!order) return done('unknown_payment_intent');
  if (order.status !== 'awaiting_payment') return done('stale_cancel_ignored', order);
  order.status = 'canceled';
  return done('canceled', order);
}

function refundSucceeded(event: RefundSucceededEvent, { orders }: EventHandlerDeps, done: Done): void {
  const order = orders.byPaymentIntent(event.data.payment_intent);
  if (!order) return done('unknown_payment_intent');
  // Keyed by refund id: the same refund counted twice would look like a full refund.
  if (order.refunds[event.data.id] !== undefined) return done('refund_already_recorded', order);
  order.refunds[event.data.id] = event.data.amount;
  // Rule 6.3.3: a refund before its payment's succeeded event is recorded and applied when that arrives.
  if (order.paidAt !== null && order.status !== 'needs_review') {
    order.status = refundedKobo(order) >= BigInt(order.amountKobo) ? 'refunded' : 'partially_refunded';
  }
  return done('refund_recorded', order);
}
