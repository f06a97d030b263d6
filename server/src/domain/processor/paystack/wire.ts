// Paystack's answers as this connector reads them: our own types and JSON Schemas, written from
// Paystack's published API description (PaystackOSS/openapi, dist/paystack.yaml) and, where that is
// silent, its prose reference (see docs/paystack-connector-notes.md). Only the fields we use are
// described, and every schema lets the rest through: Paystack adds fields without notice. The local
// fake the tests run is checked against these same schemas, so it cannot drift from what the
// connector expects.
import { Ajv, type ValidateFunction } from 'ajv';
import { ProcessorUnavailableError } from '../processor.ts';

/** Every Paystack answer: `status` (a boolean, though one sample writes the string "false"), `message`, maybe `data` and `meta`. */
export interface Envelope<T = unknown> {
  status: boolean | 'true' | 'false';
  message: string;
  data?: T;
  meta?: ListMeta & Record<string, unknown>;
  /** Errors: the category (`validation_error`, `processor_error`, `api_error`) and a specific code (`duplicate_reference`). */
  type?: string;
  code?: string;
}

/** Offset paging, as list answers carry it (`perPage` may be a string). */
export interface ListMeta {
  total?: number;
  page?: number | string;
  pageCount?: number;
  perPage?: number | string;
}

/** The card, as a charge or transaction reports it. */
export interface CardAuthorization {
  last4?: string | null;
  brand?: string | null;
  bin?: string | null;
}

/**
 * A charge's state (`POST /charge`, the `submit_*` operations, `GET /charge/{reference}`): what it
 * asks next (`send_pin`, `send_otp`, `send_phone`, `send_birthday`, `send_address`, `open_url`),
 * `pending`, or final (`success`, `failed`). A final one carries the transaction's fields.
 */
export interface ChargeData {
  status: string;
  reference?: string;
  /** Text for the customer about the next step. */
  display_text?: string | null;
  /** Why a charge failed. */
  message?: string | null;
  gateway_response?: string | null;
  amount?: number;
  currency?: string;
  fees?: number | null;
  authorization?: CardAuthorization | null;
}

/** A transaction (`GET /transaction/verify/{reference}`, the `GET /transaction` list, `charge.success`). */
export interface Transaction {
  id: number;
  status: string;
  reference: string;
  amount: number;
  currency?: string;
  fees?: number | null;
  gateway_response?: string | null;
  message?: string | null;
  paid_at?: string | null;
  created_at?: string;
  createdAt?: string;
  authorization?: CardAuthorization | null;
}

/** A refund, as `POST /refund` (its `transaction` an object) and `GET /refund/{id}` (an integer) answer it. */
export interface RefundData {
  id: number;
  status: string;
  amount: number | string;
  currency?: string;
  transaction?: number | { id?: number; reference?: string };
  transaction_reference?: string;
}

export interface Bank {
  name: string;
  code: string;
  active?: boolean;
  is_deleted?: boolean | null;
  supports_transfer?: boolean;
}

export interface ResolvedAccount {
  account_number: string;
  account_name: string;
}

export interface Recipient {
  recipient_code: string;
  details?: { account_number?: string | null; account_name?: string | null; bank_code?: string; bank_name?: string };
}

/** A transfer (`POST /transfer`, `GET /transfer/verify/{reference}`, the list, the `transfer.*` events). */
export interface Transfer {
  reference: string;
  status: string;
  amount: number;
  transfer_code?: string;
  currency?: string;
  reason?: string | null;
  failures?: unknown;
  created_at?: string;
  createdAt?: string;
}

/** A settlement of Paystack's to the platform's bank (`GET /settlement`): its charges are then settled. */
export interface SettlementData {
  id: number;
  status: string;
  total_amount?: number;
  settlement_date?: string | null;
}

/** A webhook's body: `{event, data}`; `data` is shaped by the event. */
export interface WebhookEvent {
  event: string;
  data: Record<string, unknown>;
}

const nullable = (type: string | string[]) => ({ type: [...(Array.isArray(type) ? type : [type]), 'null'] });
const integer = { type: 'integer' };
const text = { type: 'string' };

const authorization = {
  type: ['object', 'null'],
  properties: { last4: nullable('string'), brand: nullable('string'), bin: nullable('string') },
};

const schemas = {
  envelope: {
    type: 'object',
    required: ['status', 'message'],
    properties: {
      status: { anyOf: [{ type: 'boolean' }, { enum: ['true', 'false'] }] },
      message: text,
      meta: { type: 'object', properties: { total: integer, pageCount: integer, page: { type: ['integer', 'string'] }, perPage: { type: ['integer', 'string'] } } },
      type: text,
      code: text,
    },
  },
  charge: {
    type: 'object',
    required: ['status'],
    properties: {
      status: text,
      reference: text,
      display_text: nullable('string'),
      message: nullable('string'),
      gateway_response: nullable('string'),
      amount: integer,
      currency: text,
      fees: nullable('integer'),
      authorization,
    },
  },
  transaction: {
    type: 'object',
    required: ['id', 'status', 'reference', 'amount'],
    properties: {
      id: integer,
      status: text,
      reference: text,
      amount: integer,
      currency: text,
      fees: nullable('integer'),
      gateway_response: nullable('string'),
      message: nullable('string'),
      paid_at: nullable('string'),
      authorization,
    },
  },
  refund: {
    type: 'object',
    required: ['id', 'status', 'amount'],
    properties: {
      id: integer,
      status: text,
      amount: { anyOf: [integer, { type: 'string', pattern: '^[0-9]+$' }] },
      currency: text,
      transaction: { anyOf: [integer, { type: 'object', properties: { id: integer, reference: text } }] },
      transaction_reference: text,
    },
  },
  bank: {
    type: 'object',
    required: ['name', 'code'],
    properties: { name: text, code: text, active: { type: 'boolean' }, is_deleted: nullable('boolean'), supports_transfer: { type: 'boolean' } },
  },
  resolvedAccount: {
    type: 'object',
    required: ['account_number', 'account_name'],
    properties: { account_number: text, account_name: text },
  },
  recipient: {
    type: 'object',
    required: ['recipient_code'],
    properties: {
      recipient_code: text,
      details: { type: 'object', properties: { account_number: nullable('string'), account_name: nullable('string'), bank_code: text, bank_name: text } },
    },
  },
  transfer: {
    type: 'object',
    required: ['reference', 'status', 'amount'],
    properties: { reference: text, status: text, amount: integer, transfer_code: text, currency: text, reason: nullable('string') },
  },
  settlement: {
    type: 'object',
    required: ['id', 'status'],
    properties: { id: integer, status: text, total_amount: integer, settlement_date: nullable('string') },
  },
  webhookEvent: {
    type: 'object',
    required: ['event', 'data'],
    properties: { event: text, data: { type: 'object' } },
  },
} as const;

export type WireShape = keyof typeof schemas;

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, ajv.compile(schema)])) as Record<WireShape, ValidateFunction>;

/** What a Paystack answer should have been, and was not: it is treated as no answer at all (ask again later). */
export class UnexpectedAnswerError extends ProcessorUnavailableError {
  constructor(shape: WireShape, detail: string) {
    super(`Paystack's answer is not a ${shape} as its reference describes it: ${detail}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** Whether `value` is a `shape` as the connector reads it; the reason when it is not. */
export function checkShape(shape: WireShape, value: unknown): string | null {
  const validate = validators[shape];
  if (validate(value)) return null;
  const [first] = validate.errors ?? [];
  return first === undefined ? 'invalid' : `${first.instancePath || '(root)'} ${first.message ?? 'is invalid'}`;
}

/** `value` as a `shape`, or an UnexpectedAnswerError. */
export function readShape<S extends WireShape>(shape: S, value: unknown): ShapeOf[S] {
  const problem = checkShape(shape, value);
  if (problem !== null) throw new UnexpectedAnswerError(shape, problem);
  return value as ShapeOf[S];
}

export interface ShapeOf {
  envelope: Envelope;
  charge: ChargeData;
  transaction: Transaction;
  refund: RefundData;
  bank: Bank;
  resolvedAccount: ResolvedAccount;
  recipient: Recipient;
  transfer: Transfer;
  settlement: SettlementData;
  webhookEvent: WebhookEvent;
}

/** A refund's amount (an integer, or a string of digits in some webhooks) in kobo. */
export function wireAmount(value: number | string): bigint {
  return BigInt(value);
}
