// The shop's orders, in memory (a real shop keeps them in its database; the rules are the same).
// Every amount is a decimal string of kobo, exactly as Nairaflow's API and events carry them, so
// comparing an event's amount with an order's is a string comparison: no floats anywhere.
import { randomBytes } from 'node:crypto';

export type OrderStatus =
  /** Created, intent created, no payment yet (failed attempts leave it here: the customer may retry). */
  | 'awaiting_payment'
  /** Paid the expected amount; fulfilment queued or done. */
  | 'paid'
  /** Paid, then partly refunded. */
  | 'partially_refunded'
  /** Paid, then refunded in full. */
  | 'refunded'
  /** The intent was canceled (by us, or it expired unpaid). */
  | 'canceled'
  /** Something does not add up (wrong amount, paid after cancel): a person must look. Never fulfilled automatically. */
  | 'needs_review';

export interface OrderLine {
  sku: string;
  name: string;
  quantity: number;
  unitPriceKobo: string;
}

export interface Order {
  id: string;
  lines: OrderLine[];
  /** What we expect to be paid: computed by the shop from its own prices, never taken from the client. */
  amountKobo: string;
  currency: 'NGN';
  customerEmail: string;
  /** Rule 6.3.5: the intent id, stored when the intent is created; events are matched on it. */
  paymentIntentId: string | null;
  status: OrderStatus;
  /** When the payment_intent.succeeded event was applied. */
  paidAt: string | null;
  /** The reason of the last failed payment attempt, if any. */
  lastPaymentError: string | null;
  /**
   * The highest `sequence` of the payment_intent.* events applied to this order: one that is not
   * above it reports an older state of the intent than the order already knows, and is dropped.
   */
  intentSequence: number;
  /** Refunds by refund id (re_...): a refund event applied twice counts once. */
  refunds: Record<string, string>;
  /** Why the order needs a person, when status is needs_review. */
  review: string | null;
  fulfilment: 'not_started' | 'queued' | 'shipped' | 'skipped';
  createdAt: string;
}

export function refundedKobo(order: Order): bigint {
  return Object.values(order.refunds).reduce((sum, amount) => sum + BigInt(amount), 0n);
}

export class OrderStore {
  readonly #orders = new Map<string, Order>();
  readonly #byPaymentIntent = new Map<string, string>();

  create(input: { lines: OrderLine[]; customerEmail: string }): Order {
    const amount = input.lines.reduce((sum, line) => sum + BigInt(line.unitPriceKobo) * BigInt(line.quantity), 0n);
    const order: Order = {
      id: `ord_${randomBytes(8).toString('hex')}`,
      lines: input.lines,
      amountKobo: amount.toString(),
      currency: 'NGN',
      customerEmail: input.customerEmail,
      paymentIntentId: null,
      status: 'awaiting_payment',
      paidAt: null,
      lastPaymentError: null,
      intentSequence: 0,
      refunds: {},
      review: null,
      fulfilment: 'not_started',
      createdAt: new Date().toISOString(),
    };
    this.#orders.set(order.id, order);
    return order;
  }

  /** Rule 6.3.5: remember which intent pays which order, before the customer can pay it. */
  attachPaymentIntent(orderId: string, paymentIntentId: string): void {
    const order = this.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    order.paymentIntentId = paymentIntentId;
    this.#byPaymentIntent.set(paymentIntentId, orderId);
  }

  get(id: string): Order | undefined {
    return this.#orders.get(id);
  }

  byPaymentIntent(paymentIntentId: string): Order | undefined {
    const orderId = this.#byPaymentIntent.get(paymentIntentId);
    return orderId === undefined ? undefined : this.#orders.get(orderId);
  }

  all(): Order[] {
    return [...this.#orders.values()];
  }

  delete(id: string): void {
    const order = this.#orders.get(id);
    if (order?.paymentIntentId) this.#byPaymentIntent.delete(order.paymentIntentId);
    this.#orders.delete(id);
  }
}
