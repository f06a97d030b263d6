// The API's shapes, named for merchants. Every one is an alias of the generated contract types
// (openapi.yaml is the only place a shape is written); field names stay exactly as on the wire.
import type { NairaflowEvent } from '@nairaflow/webhook-verifier';
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
type JsonBody<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/**
 * An amount of kobo in a request: a number (an integer no larger than Number.MAX_SAFE_INTEGER)
 * or a bigint. Responses carry amounts as decimal strings, as the API does.
 */
export type Amount = number | bigint;

/** The request's `amount` also accepts a bigint; every other field is the contract's. */
type WithAmount<Body> = Body extends { amount: number }
  ? Omit<Body, 'amount'> & { amount: Amount }
  : Body extends { amount?: number }
    ? Omit<Body, 'amount'> & { amount?: Amount }
    : Body;

export type ApiErrorBody = Schemas['Error'];
export type ErrorCode = ApiErrorBody['error']['code'];

export type PaymentIntent = Schemas['PaymentIntent'];
/** The intent as created: the only answer that carries `client_secret`. */
export type CreatedPaymentIntent = Schemas['CreatedPaymentIntent'];
export type PaymentIntentStatus = Schemas['PaymentIntentStatus'];
export type PaymentIntentList = Schemas['PaymentIntentList'];
export type PaymentIntentCreateParams = WithAmount<JsonBody<'createPaymentIntent'>>;
export type PaymentIntentListParams = Query<'listPaymentIntents'>;
export type PaymentIntentExportParams = Query<'exportPaymentIntents'>;
export type PaymentAttempt = Schemas['PaymentAttempt'];
export type PaymentAttemptList = Schemas['PaymentAttemptList'];

export type Refund = Schemas['Refund'];
export type RefundList = Schemas['RefundList'];
export type RefundCreateParams = WithAmount<JsonBody<'createRefund'>>;
export type RefundListParams = Query<'listRefunds'>;

export type Payout = Schemas['Payout'];
export type PayoutList = Schemas['PayoutList'];
export type PayoutStatus = Schemas['Payout']['status'];
export type PayoutFailureCode = Schemas['PayoutFailureCode'];
export type PayoutCreateParams = WithAmount<JsonBody<'createPayout'>>;
export type PayoutListParams = Query<'listPayouts'>;
export type PayoutAccount = Schemas['PayoutAccount'];
export type PayoutAccountUpdateParams = JsonBody<'updatePayoutAccount'>;
export type Bank = Schemas['Bank'];
export type BankList = Schemas['BankList'];

export type ReportSummary = Schemas['ReportSummary'];
export type ReportDay = Schemas['ReportDay'];
export type ReportSummaryParams = Query<'retrieveReportSummary'>;

export type Balance = Schemas['Balance'];
export type BalanceEntry = Schemas['BalanceEntry'];
export type BalanceEntryListParams = Query<'listBalanceEntries'>;
export type TopUpParams = WithAmount<JsonBody<'topUpBalance'>>;

/**
 * An event as the API returns it: one of the events webhooks deliver, discriminated by `type`
 * (NairaflowEvent, which @nairaflow/webhook-verifier generates from the contract's webhooks and
 * returns), with how its delivery is going. A listed event can go straight to the function that
 * handles delivered ones. The contract's EventResource gives `data` as an open object (its shape
 * depends on `type`); the API returns the very JSON a delivery sends.
 */
export type EventResource = NairaflowEvent & EventDelivery;
/** The fields an EventResource has beside the delivered event's own. */
export type EventDelivery = Omit<Schemas['EventResource'], keyof Schemas['EventEnvelope']>;
export type EventType = Schemas['EventType'];
export type EventList = Omit<Schemas['EventList'], 'data'> & { data: EventResource[] };
export type EventListParams = Query<'listEvents'>;
export interface EventStreamParams {
  /** Only events of these types. */
  type?: NairaflowEvent['type'] | NairaflowEvent['type'][];
  /** Resume after this event (or the stream's `pos_...` position); without it or `since`, from now. */
  lastEventId?: string;
  /**
   * Start with every event created at or after this time, then carry on live: Unix seconds, an
   * RFC 3339 date-time, or a Date. With `lastEventId` too, it resumes after that event instead.
   */
  since?: NonNullable<Query<'streamEvents'>['since']> | Date;
}
export type Delivery = Schemas['Delivery'];
export type DeliveryList = Schemas['DeliveryList'];

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** The endpoint with its signing `secret`: returned when it is created and when the secret rolls. */
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type DeletedWebhookEndpoint = Schemas['DeletedWebhookEndpoint'];
export type WebhookEndpointUpdateParams = JsonBody<'updateWebhookEndpoint'>;
export type WebhookEndpointRollSecretParams = JsonBody<'rollWebhookEndpointSecret'>;
/** `since`: the events created at or after it, as Unix seconds or an RFC 3339 date-time. */
export type WebhookEndpointRecoverParams = JsonBody<'recoverWebhookEndpoint'>;
/** How many events `recover` queued for a new delivery attempt. */
export type WebhookRecovery = Schemas['WebhookRecovery'];
export type DeliveryStatus = Schemas['DeliveryStatus'];

/** Options every method takes, overriding the client's for one call. */
export interface RequestOptions {
  /** Per attempt: an attempt with no complete answer by then fails with a ConnectionError. */
  timeoutMs?: number;
  /** Retries after the first attempt, for the failures that are safe to retry. */
  maxRetries?: number;
  /** Aborts the call (and its retries); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Options of the calls that create something or move money. */
export interface CreateOptions extends RequestOptions {
  /**
   * Sent as `Idempotency-Key`. Defaults to a new random UUID per call, which the SDK's own
   * retries reuse; pass your own (an order id, say) to make retries across processes safe too.
   */
  idempotencyKey?: string;
}
