// Type tests: `npm run typecheck` fails if a @ts-expect-error below stops being an error, i.e. if
// the event types get looser than the contract. The `it`s check the runtime half.
import { expect } from 'chai';
import {
  constructEvent,
  isTestEvent,
  type NairaflowEvent,
  type NairaflowEventType,
  type PaymentIntentSucceededEvent,
  type WebhookTestEvent,
} from '../../webhook-verifier/src/index.ts';
import type { components } from '../../server/src/generated/openapi.ts';
import { vector } from './support/package.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_: T): void {}

// The union covers exactly the contract's event types, and each member is the contract's schema.
assertType<Equal<NairaflowEventType, components['schemas']['EventEnvelope']['type']>>(true);
assertType<Equal<PaymentIntentSucceededEvent, components['schemas']['PaymentIntentSucceededEvent']>>(true);
assertType<Equal<Extract<NairaflowEvent, { type: 'refund.succeeded' }>, components['schemas']['RefundSucceededEvent']>>(true);

// Never called: only compiled.
export function narrowing(event: NairaflowEvent): string {
  // @ts-expect-error data.amount exists only on some events: narrow on type first
  void event.data.amount;

  if (event.type === 'webhook.test') {
    const test: true = event.data.test;
    // @ts-expect-error a webhook.test event carries no payment
    void event.data.amount;
    return String(test);
  }
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const amount: string = event.data.amount; // kobo, as a string
      // @ts-expect-error amounts are strings of kobo, not numbers
      const asNumber: number = event.data.amount;
      void asNumber;
      return amount + event.data.currency + String(event.data.metadata.order_id);
    }
    case 'payment_intent.failed':
      // @ts-expect-error a failed payment has no amount
      return event.data.last_error + event.data.amount;
    case 'payment_intent.canceled':
      return event.data.cancellation_reason;
    case 'refund.succeeded':
      return event.data.payment_intent + event.data.amount;
    case 'refund.destination_succeeded':
    case 'refund.destination_failed':
      return event.data.payment_intent + event.data.amount + event.data.destination_status;
    case 'payout.paid':
      // @ts-expect-error a paid payout has no failure code to read as text
      return event.data.amount + event.data.failure_code.length;
    case 'payout.failed':
      return event.data.amount + event.data.failure_code;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function notAnEventType(event: NairaflowEvent): boolean {
  // @ts-expect-error not one of the contract's event types
  return event.type === 'payment_intent.created';
}

export function testEventGuard(event: NairaflowEvent): WebhookTestEvent | undefined {
  if (isTestEvent(event)) return event;
  // @ts-expect-error not a test event on this branch
  const test: WebhookTestEvent = event;
  return test;
}

describe('webhook-verifier: typed events', () => {
  it('isTestEvent is true for webhook.test only (spec 6.3.6: answer 200, fulfil nothing)', () => {
    const test = { id: 'evt_Tq3yJd0WbS2kXn8ZcV5uLp1A', type: 'webhook.test', created: 1, livemode: false, data: { test: true } } as const;
    expect(isTestEvent(test)).to.equal(true);
    const v = vector('valid');
    const payment = constructEvent(v.body, v.header, v.secrets, { now: v.now });
    expect(isTestEvent(payment)).to.equal(false);
    expect(narrowing(payment)).to.equal('250000NGN1042');
    expect(narrowing(test)).to.equal('true');
  });
});
