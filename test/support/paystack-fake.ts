// A local, stateful stand-in for the parts of Paystack's API the connector uses, written from
// Paystack's published API description and prose reference (see docs/paystack-connector-notes.md):
// the same paths, bodies, statuses, envelopes, offset paging and webhook signatures. Tests start
// one, point PAYSTACK_BASE_URL at it, and make it misbehave on purpose (an answer lost after the
// charge was made, a 5xx, an answer too slow to wait for). Its answers are checked against the
// connector's own schemas (test/domain/paystack-fake.test.ts), so the two cannot drift apart.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Luhn-valid card number: `body` and its check digit. */
export function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

type FakeStep = 'pin' | 'otp' | 'phone' | 'birthday' | 'address';

/** What a fake card does: the steps it asks for, then how it ends. */
interface CardScript {
  steps: FakeStep[];
  end: 'success' | 'pending' | 'open_url' | { failed: string };
}

/** The fake's own cards (Luhn-valid, so the service lets them through to it). Any other card succeeds. */
export const FAKE_CARDS = {
  success: '4084084084084081',
  pinThenOtp: withCheckDigit('507850785078507812'),
  phoneThenOtp: withCheckDigit('408408000000001'),
  birthday: withCheckDigit('408408000000002'),
  address: withCheckDigit('408408000000003'),
  pending: withCheckDigit('408408000000004'),
  openUrl: withCheckDigit('408408000000005'),
  declined: '4084080000005408',
  insufficientFunds: '4084080000000409',
  pinThenDeclined: withCheckDigit('507850785078507813'),
} as const;

const SCRIPTS: Record<string, CardScript> = {
  [FAKE_CARDS.success]: { steps: [], end: 'success' },
  [FAKE_CARDS.pinThenOtp]: { steps: ['pin', 'otp'], end: 'success' },
  [FAKE_CARDS.phoneThenOtp]: { steps: ['phone', 'otp'], end: 'success' },
  [FAKE_CARDS.birthday]: { steps: ['birthday'], end: 'success' },
  [FAKE_CARDS.address]: { steps: ['address'], end: 'success' },
  [FAKE_CARDS.pending]: { steps: [], end: 'pending' },
  [FAKE_CARDS.openUrl]: { steps: [], end: 'open_url' },
  [FAKE_CARDS.declined]: { steps: [], end: { failed: 'Declined' } },
  [FAKE_CARDS.insufficientFunds]: { steps: [], end: { failed: 'Insufficient Funds' } },
  [FAKE_CARDS.pinThenDeclined]: { steps: ['pin'], end: { failed: 'Do Not Honor' } },
};

export const FAKE_PIN = '1234';
export const FAKE_OTP = '123456';

const DISPLAY_TEXT: Record<FakeStep, string | null> = {
  pin: null, // Paystack's own send_pin sample carries no display_text
  otp: 'Please enter the OTP sent to 080****5678',
  phone: 'Please enter your phone number',
  birthday: 'Please enter your birthday',
  address: 'Please enter your billing address',
};

export interface FakeCharge {
  id: number;
  reference: string;
  amount: number;
  email: string;
  last4: string;
  brand: string;
  /** send_pin, send_otp, ..., pending, open_url, success, failed (and reversed once refunded in full). */
  status: string;
  steps: FakeStep[];
  end: CardScript['end'];
  fees: number | null;
  gatewayResponse: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** How the fake misbehaves on a request: the next `times` requests matching `method` and `path`. */
export interface Fault {
  method: string;
  path: RegExp;
  /**
   * `drop`: does the work, then closes the connection without an answer (an answer lost);
   * `reset`: closes the connection before doing anything; `error`: answers 500 and does nothing;
   * `slow`: does the work and answers after `delayMs` (longer than the service waits).
   */
  kind: 'drop' | 'reset' | 'error' | 'slow';
  times: number;
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

export interface FakeRefund {
  id: number;
  transactionReference: string;
  amount: number;
  /** pending, processing, processed, failed. */
  status: string;
  merchantNote: string | null;
  createdAt: Date;
}

/** The fake's banks (codes as strings, leading zeros kept), and its accounts that behave in their own way. */
export const FAKE_BANKS = [
  { id: 1, name: 'Access Bank', slug: 'access-bank', code: '044', longcode: '044150149', active: true, is_deleted: false, supports_transfer: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  { id: 9, name: 'Guaranty Trust Bank', slug: 'guaranty-trust-bank', code: '058', longcode: '058152036', active: true, is_deleted: null, supports_transfer: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  { id: 21, name: 'Zenith Bank', slug: 'zenith-bank', code: '057', longcode: '057150013', active: true, is_deleted: null, supports_transfer: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  { id: 99, name: 'Closed Bank', slug: 'closed-bank', code: '999', longcode: '', active: false, is_deleted: true, supports_transfer: false, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
];
export const FAKE_ACCOUNTS = {
  /** Does not resolve. */
  unknown: '0000000000',
  /** Resolves; its transfers fail. */
  failing: '1111111111',
  /** Resolves; its transfers succeed, then are reversed. */
  reversed: '2222222222',
  /** Resolves; its transfers wait for an OTP (Transfers OTP on). */
  otp: '3333333333',
  /** Resolves; Paystack refuses it as a transfer recipient. */
  noRecipient: '4444444444',
} as const;

export interface FakeTransfer {
  id: number;
  reference: string;
  amount: number;
  recipient: string;
  accountNumber: string;
  transferCode: string;
  /** pending, success, failed, reversed, otp, abandoned. */
  status: string;
  createdAt: Date;
}

export interface PaystackFake {
  url: string;
  secretKey: string;
  charges: Map<string, FakeCharge>;
  refunds: Map<number, FakeRefund>;
  transfers: Map<string, FakeTransfer>;
  recipients: Map<string, string>;
  /** Pays these charges out to the platform's bank in one settlement (status success), as Paystack does each day. */
  settle(references: string[]): number;
  /** Ends a pending transfer as the bank would (success by account, unless `outcome` says), sending its webhook if webhooks are on. */
  finishTransfer(reference: string, outcome?: 'success' | 'failed' | 'reversed' | 'abandoned'): Promise<void>;
  /** How the next refunds end when `finishRefund` is not called: left pending (the default) or at once. */
  refundOutcome: 'pending' | 'processed' | 'failed';
  /** Ends a pending refund, and sends refund.processed or refund.failed if webhooks are on. */
  finishRefund(id: number, outcome: 'processed' | 'failed'): Promise<void>;
  requests: RecordedRequest[];
  /** Where signed webhooks go (the service's /processor_webhooks/paystack); null: none are sent. */
  webhookUrl: string | null;
  /** Whether a charge that ends after its request was answered (a pending one) is announced by webhook. */
  autoWebhooks: boolean;
  /** The fee the fake charges on `amount` kobo. */
  feeFor: (amount: number) => number;
  fault(fault: Omit<Fault, 'times'> & { times?: number }): void;
  /** Ends a pending charge (as the card network would), and sends charge.success if asked to. */
  finishPending(reference: string, outcome: 'success' | 'failed'): Promise<void>;
  /** Sends a webhook signed with the secret key (or `signature`, to forge one); answers the HTTP status. */
  sendWebhook(event: string, data: Record<string, unknown>, options?: { signature?: string | null }): Promise<number>;
  /** The requests made to `method` `path` so far. */
  calls(method: string, path: string | RegExp): RecordedRequest[];
  close(): Promise<void>;
}

const REFERENCE = /^[A-Za-z0-9.=-]+$/;

export async function startPaystackFake(options: { secretKey?: string } = {}): Promise<PaystackFake> {
  const secretKey = options.secretKey ?? 'sk_test_fake0000000000000000000000000000';
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<number, FakeRefund>();
  const transfers = new Map<string, FakeTransfer>();
  const recipients = new Map<string, string>();
  let nextTransferId = 57_700_000;
  const settlements: { id: number; references: string[]; createdAt: Date }[] = [];
  let nextRefundId = 3_018_000;
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  let nextId = 4_099_260_000;

  const fake: PaystackFake = {
    url: '',
    secretKey,
    charges,
    refunds,
    transfers,
    recipients,
    settle(references) {
      const id = 1_420_000 + settlements.length;
      settlements.unshift({ id, references: [...references], createdAt: new Date() });
      return id;
    },
    async finishTransfer(reference, outcome) {
      const transfer = transfers.get(reference);
      if (transfer === undefined) throw new Error(`no fake transfer ${reference}`);
      const end = outcome ?? (transfer.accountNumber === FAKE_ACCOUNTS.failing ? 'failed' : 'success');
      transfer.status = end;
      if (fake.autoWebhooks && fake.webhookUrl !== null) await fake.sendWebhook(`transfer.${end === 'abandoned' ? 'failed' : end}`, transferData(transfer, true));
    },
    refundOutcome: 'pending',
    async finishRefund(id, outcome) {
      const refund = refunds.get(id);
      if (refund === undefined) throw new Error(`no fake refund ${id}`);
      refund.status = outcome;
      if (outcome === 'processed') {
        const charge = charges.get(refund.transactionReference)!;
        const refunded = [...refunds.values()].filter((r) => r.transactionReference === charge.reference && r.status === 'processed').reduce((sum, r) => sum + r.amount, 0);
        if (refunded >= charge.amount) charge.status = 'reversed';
      }
      if (fake.autoWebhooks && fake.webhookUrl !== null) {
        // As Paystack's samples send it: no refund id, the amount as a string.
        await fake.sendWebhook(`refund.${outcome}`, {
          status: outcome,
          transaction_reference: refund.transactionReference,
          refund_reference: null,
          amount: String(refund.amount),
          currency: 'NGN',
          processor: 'mastercard',
          customer: { first_name: null, last_name: null, email: charges.get(refund.transactionReference)?.email },
          integration: 412829,
          domain: 'test',
        });
      }
    },
    requests,
    webhookUrl: null,
    autoWebhooks: true,
    // 1.5% rounded, capped at NGN 2,000: the fake's own price, less than the service fee.
    feeFor: (amount) => Math.min(Math.round((amount * 15) / 1000), 200_000),
    fault(fault) {
      faults.push({ times: 1, ...fault });
    },
    async finishPending(reference, outcome) {
      const charge = charges.get(reference);
      if (charge === undefined || charge.status !== 'pending') throw new Error(`no pending fake charge ${reference}`);
      if (outcome === 'success') succeed(charge);
      else fail(charge, 'Declined');
      if (fake.autoWebhooks && outcome === 'success') await fake.sendWebhook('charge.success', transactionOf(charge));
    },
    async sendWebhook(event, data, webhookOptions = {}) {
      if (fake.webhookUrl === null) throw new Error('the fake has no webhookUrl to send to');
      const body = JSON.stringify({ event, data });
      const signature = webhookOptions.signature === undefined ? createHmac('sha512', secretKey).update(body).digest('hex') : webhookOptions.signature;
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-paystack-signature': signature }) },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    calls(method, path) {
      return requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const succeed = (charge: FakeCharge): void => {
    charge.status = 'success';
    charge.fees = fake.feeFor(charge.amount);
    charge.gatewayResponse = 'Approved';
    charge.paidAt = new Date();
  };
  const fail = (charge: FakeCharge, why: string): void => {
    charge.status = 'failed';
    charge.gatewayResponse = why;
  };
  /** Moves a charge past its next step (or to its end). */
  const advance = (charge: FakeCharge): void => {
    const step = charge.steps.shift();
    if (step !== undefined) {
      charge.status = `send_${step}`;
      return;
    }
    if (charge.end === 'success') succeed(charge);
    else if (charge.end === 'pending') charge.status = 'pending';
    else if (charge.end === 'open_url') charge.status = 'open_url';
    else fail(charge, charge.end.failed);
  };

  const chargeData = (charge: FakeCharge): Record<string, unknown> => {
    if (charge.status === 'success' || charge.status === 'failed' || charge.status === 'reversed') {
      return { ...transactionOf(charge), ...(charge.status === 'failed' ? { message: charge.gatewayResponse } : {}) };
    }
    if (charge.status.startsWith('send_')) {
      const step = charge.status.slice('send_'.length) as FakeStep;
      const text = DISPLAY_TEXT[step];
      return { reference: charge.reference, status: charge.status, ...(text === null ? {} : { display_text: text }) };
    }
    if (charge.status === 'open_url') return { reference: charge.reference, status: 'open_url', url: 'https://standard.paystack.co/close' };
    return { reference: charge.reference, status: charge.status };
  };

  const transactionOf = (charge: FakeCharge): Record<string, unknown> => ({
    id: charge.id,
    domain: 'test',
    status: charge.status.startsWith('send_') ? 'ongoing' : charge.status,
    reference: charge.reference,
    amount: charge.amount,
    message: null,
    gateway_response: charge.gatewayResponse,
    paid_at: charge.paidAt?.toISOString() ?? null,
    created_at: charge.createdAt.toISOString(),
    channel: 'card',
    currency: 'NGN',
    fees: charge.fees,
    authorization: { bin: '408408', last4: charge.last4, brand: charge.brand, card_type: `${charge.brand} DEBIT`, reusable: true },
    customer: { email: charge.email },
  });

  const recipientCode = (account: string, bank: string): string => {
    const key = `${bank}:${account}`;
    let code = recipients.get(key);
    if (code === undefined) recipients.set(key, (code = `RCP_${account.slice(-4)}${bank}${recipients.size + 1}x7q`));
    return code;
  };

  const accountOfRecipient = (code: string): string | undefined => [...recipients.entries()].find(([, c]) => c === code)?.[0].split(':')[1];

  /** A transfer as the API answers it, or (`webhook`) as its webhooks carry it, with `integration` an object. */
  const transferData = (transfer: FakeTransfer, webhook = false): Record<string, unknown> => ({
    amount: transfer.amount,
    currency: 'NGN',
    domain: 'test',
    failures: null,
    id: transfer.id,
    integration: webhook ? { id: 412829, is_live: false, business_name: 'Nairaflow' } : 412829,
    reason: 'Nairaflow payout',
    reference: transfer.reference,
    source: 'balance',
    source_details: null,
    status: transfer.status,
    titan_code: null,
    transfer_code: transfer.transferCode,
    transferred_at: transfer.status === 'success' || transfer.status === 'reversed' ? new Date().toISOString() : null,
    recipient: webhook ? { recipient_code: transfer.recipient, details: { account_number: transfer.accountNumber, bank_code: '058' } } : transfer.recipient,
    session: { provider: null, id: null },
    created_at: transfer.createdAt.toISOString(),
    createdAt: transfer.createdAt.toISOString(),
  });

  const refundData = (refund: FakeRefund): Record<string, unknown> => ({
    integration: 412829,
    transaction: charges.get(refund.transactionReference)?.id ?? 0,
    dispute: null,
    settlement: null,
    id: refund.id,
    domain: 'test',
    currency: 'NGN',
    amount: refund.amount,
    status: refund.status,
    refunded_at: refund.status === 'processed' ? new Date().toISOString() : null,
    refunded_by: 'api',
    customer_note: null,
    merchant_note: refund.merchantNote,
    deducted_amount: refund.amount,
    fully_deducted: 1,
    createdAt: refund.createdAt.toISOString(),
    transaction_reference: refund.transactionReference,
    reason: refund.status === 'failed' ? 'Card not eligible for refunds' : null,
    refund_channel: 'card',
  });

  const answer = (res: ServerResponse, status: number, body: unknown): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const refuse = (res: ServerResponse, status: number, message: string, extra: Record<string, unknown> = {}): void =>
    answer(res, status, { status: false, message, ...extra });
  /** The request's work; answers through `reply` (which a fault may hold back or drop). */
  const handle = (method: string, url: URL, body: Record<string, unknown> | undefined, reply: (status: number, payload: unknown) => void): void => {
    const path = url.pathname;
    const str = (name: string): string | undefined => (typeof body?.[name] === 'string' ? (body[name] as string) : undefined);
    const bad = (message: string, extra: Record<string, unknown> = {}) => reply(400, { status: false, message, ...extra });
    const charged = (message: string, charge: FakeCharge) => reply(200, { status: true, message, data: chargeData(charge) });

    if (method === 'POST' && path === '/charge') {
      const reference = str('reference');
      const card = body?.card as Record<string, unknown> | undefined;
      if (typeof body?.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 1) return bad('Invalid Amount Sent', { type: 'validation_error', code: 'invalid_params' });
      if (str('email') === undefined) return bad('Email is required', { type: 'validation_error', code: 'missing_params' });
      if (reference === undefined || !REFERENCE.test(reference)) return bad('Only -, ., = and alphanumeric characters are allowed', { type: 'validation_error', code: 'invalid_params' });
      if (typeof card?.number !== 'string' || typeof card.cvv !== 'string' || typeof card.expiry_month !== 'string' || typeof card.expiry_year !== 'string') {
        return bad('One of Authorization code, card object, bank object, ussd object, mobile money object, qr object, or EFT object should be passed.', { type: 'validation_error', code: 'missing_params' });
      }
      if (charges.has(reference)) {
        return bad('Duplicate Transaction Reference', { type: 'validation_error', code: 'duplicate_reference', meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' } });
      }
      const script = SCRIPTS[card.number] ?? { steps: [], end: 'success' };
      const charge: FakeCharge = {
        id: nextId++,
        reference,
        amount: body.amount,
        email: str('email')!,
        last4: card.number.slice(-4),
        brand: card.number.startsWith('4') ? 'visa' : card.number.startsWith('5') && !card.number.startsWith('50') ? 'mastercard' : 'verve',
        status: 'ongoing',
        steps: [...script.steps],
        end: script.end,
        fees: null,
        gatewayResponse: null,
        createdAt: new Date(),
        paidAt: null,
      };
      charges.set(reference, charge);
      advance(charge);
      return charged(charge.status === 'pending' ? 'Reference check successful' : 'Charge attempted', charge);
    }

    const submit = /^\/charge\/submit_(pin|otp|phone|birthday|address)$/.exec(path);
    if (method === 'POST' && submit !== null) {
      const step = submit[1] as FakeStep;
      const charge = charges.get(str('reference') ?? '');
      if (charge === undefined) return bad('Transaction reference is invalid');
      if (charge.status !== `send_${step}`) return bad(`Charge is not awaiting ${step}`);
      const given = step === 'address' ? str('address') : str(step);
      if (given === undefined || (step === 'address' && (str('city') === undefined || str('state') === undefined || str('zip_code') === undefined))) {
        return bad(`${step} is required`, { type: 'validation_error', code: 'missing_params' });
      }
      if (step === 'pin' && given !== FAKE_PIN) fail(charge, 'Incorrect PIN');
      else if (step === 'otp' && given !== FAKE_OTP) fail(charge, 'Token Authentication Failed');
      else advance(charge);
      return charged('Charge attempted', charge);
    }

    const check = /^\/charge\/([^/]+)$/.exec(path);
    if (method === 'GET' && check !== null) {
      const charge = charges.get(decodeURIComponent(check[1]!));
      if (charge === undefined) return reply(404, { status: false, message: 'Transaction reference is invalid' });
      return charged('Charge attempted', charge);
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify !== null) {
      const charge = charges.get(decodeURIComponent(verify[1]!));
      if (charge === undefined) return reply(404, { status: false, message: 'Transaction reference not found' });
      return reply(200, { status: true, message: 'Verification successful', data: transactionOf(charge) });
    }

    if (method === 'POST' && path === '/refund') {
      const reference = str('transaction');
      const charge = reference === undefined ? undefined : charges.get(reference);
      if (charge === undefined) return bad('Transaction reference not found', { type: 'validation_error', code: 'transaction_not_found' });
      if (charge.status !== 'success') return bad('Transaction has not been completed', { type: 'validation_error', code: 'invalid_params' });
      const already = [...refunds.values()].filter((r) => r.transactionReference === charge.reference && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
      const amount = body?.amount === undefined ? charge.amount - already : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || already + amount > charge.amount) {
        return bad('Refund amount cannot be more than transaction amount', { type: 'validation_error', code: 'invalid_params' });
      }
      const refund: FakeRefund = { id: nextRefundId++, transactionReference: charge.reference, amount, status: fake.refundOutcome, merchantNote: str('merchant_note') ?? null, createdAt: new Date() };
      refunds.set(refund.id, refund);
      return reply(200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: { id: charge.id, domain: 'test', reference: charge.reference, amount: charge.amount, paid_at: charge.paidAt?.toISOString() ?? null, channel: 'card', currency: 'NGN' },
          integration: 412829,
          deducted_amount: 0,
          channel: null,
          merchant_note: refund.merchantNote ?? `Refund for transaction ${charge.reference}`,
          customer_note: `Refund for transaction ${charge.reference}`,
          status: refund.status,
          refunded_by: 'api',
          expected_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
          currency: 'NGN',
          domain: 'test',
          amount: refund.amount,
          fully_deducted: false,
          id: refund.id,
          createdAt: refund.createdAt.toISOString(),
          updatedAt: refund.createdAt.toISOString(),
        },
      });
    }

    const refundById = /^\/refund\/(\d+)$/.exec(path);
    if (method === 'GET' && refundById !== null) {
      const refund = refunds.get(Number(refundById[1]));
      if (refund === undefined) return reply(404, { status: false, message: 'Refund not found' });
      return reply(200, { status: true, message: 'Refund retrieved', data: refundData(refund) });
    }

    if (method === 'GET' && path === '/refund') {
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const all = [...refunds.values()]
        .filter((r) => (from === null || r.createdAt >= new Date(from)) && (to === null || r.createdAt <= new Date(to)))
        .sort((a, b) => b.id - a.id)
        .map(refundData);
      return reply(200, { status: true, message: 'Refunds retrieved', ...paged(all, url) });
    }

    if (method === 'GET' && path === '/settlement') {
      const all = settlements.map((settlement) => {
        const settled = settlement.references.map((ref) => charges.get(ref)).filter((c): c is FakeCharge => c !== undefined);
        const processed = settled.reduce((sum, c) => sum + c.amount, 0);
        const fees = settled.reduce((sum, c) => sum + (c.fees ?? 0), 0);
        return {
          id: settlement.id,
          domain: 'test',
          status: 'success',
          currency: 'NGN',
          integration: 412829,
          total_amount: processed - fees,
          effective_amount: processed - fees,
          total_fees: fees,
          total_processed: processed,
          deductions: null,
          settlement_date: settlement.createdAt.toISOString(),
          settled_by: null,
          createdAt: settlement.createdAt.toISOString(),
          updatedAt: settlement.createdAt.toISOString(),
        };
      });
      return reply(200, { status: true, message: 'Settlements retrieved', ...paged(all, url) });
    }

    const settled = /^\/settlement\/(\d+)\/transactions$/.exec(path);
    if (method === 'GET' && settled !== null) {
      const settlement = settlements.find((s) => s.id === Number(settled[1]));
      if (settlement === undefined) return reply(404, { status: false, message: 'Settlement not found' });
      const all = settlement.references.map((ref) => charges.get(ref)).filter((c): c is FakeCharge => c !== undefined).map(transactionOf);
      return reply(200, { status: true, message: 'Settlement transactions retrieved', ...paged(all, url) });
    }

    if (method === 'GET' && path === '/bank') {
      return reply(200, { status: true, message: 'Banks retrieved', data: FAKE_BANKS });
    }

    if (method === 'GET' && path === '/bank/resolve') {
      const account = url.searchParams.get('account_number') ?? '';
      const bank = FAKE_BANKS.find((b) => b.code === url.searchParams.get('bank_code'));
      if (bank === undefined || !/^\d{10}$/.test(account) || account === FAKE_ACCOUNTS.unknown) {
        return reply(422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
      }
      return reply(200, { status: true, message: 'Account number resolved', data: { account_number: account, account_name: `ADA OBI ${account.slice(-4)}`, bank_id: bank.id } });
    }

    if (method === 'POST' && path === '/transferrecipient') {
      const account = str('account_number');
      const bank = str('bank_code');
      if (str('type') !== 'nuban' || account === undefined || bank === undefined || str('name') === undefined) return bad('Invalid recipient', { type: 'validation_error', code: 'invalid_params' });
      if (account === FAKE_ACCOUNTS.noRecipient) return bad('Account details are invalid', { type: 'validation_error', code: 'invalid_bank_details' });
      const code = recipientCode(account, bank);
      return reply(201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: { active: true, currency: 'NGN', name: str('name'), recipient_code: code, type: 'nuban', id: 6_788_000 + recipients.size, is_deleted: false, details: { account_number: account, account_name: null, bank_code: bank, bank_name: FAKE_BANKS.find((b) => b.code === bank)?.name } },
      });
    }

    if (method === 'POST' && path === '/transfer') {
      const reference = str('reference');
      const recipient = str('recipient');
      const account = recipient === undefined ? undefined : accountOfRecipient(recipient);
      if (reference === undefined || !/^[a-z0-9_-]{16,}$/.test(reference)) return bad('Invalid transfer reference: use a lowercase string of at least 16 characters', { type: 'validation_error', code: 'invalid_params' });
      if (transfers.has(reference)) return bad('This reference has already been used on a prior transfer', { type: 'validation_error', code: 'duplicate_reference' });
      if (account === undefined) return bad('Recipient specified is invalid', { type: 'validation_error', code: 'invalid_transfer_recipient' });
      if (typeof body?.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return bad('Invalid amount', { type: 'validation_error', code: 'invalid_params' });
      const transfer: FakeTransfer = {
        id: nextTransferId++,
        reference,
        amount: body.amount,
        recipient: recipient!,
        accountNumber: account,
        transferCode: `TRF_${reference.slice(-8)}`,
        status: account === FAKE_ACCOUNTS.otp ? 'otp' : 'pending',
        createdAt: new Date(),
      };
      transfers.set(reference, transfer);
      return reply(200, { status: true, message: transfer.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued', data: transferData(transfer) });
    }

    const transferVerify = /^\/transfer\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && transferVerify !== null) {
      const transfer = transfers.get(decodeURIComponent(transferVerify[1]!));
      if (transfer === undefined) return reply(404, { status: false, message: 'Transfer not found' });
      return reply(200, { status: true, message: 'Transfer retrieved', data: transferData(transfer) });
    }

    if (method === 'GET' && path === '/transfer') {
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const all = [...transfers.values()]
        .filter((t) => (from === null || t.createdAt >= new Date(from)) && (to === null || t.createdAt <= new Date(to)))
        .sort((a, b) => b.id - a.id)
        .map((t) => transferData(t));
      return reply(200, { status: true, message: 'Transfers retrieved', ...paged(all, url) });
    }

    if (method === 'GET' && path === '/transaction') {
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const all = [...charges.values()]
        .filter((c) => (from === null || c.createdAt >= new Date(from)) && (to === null || c.createdAt <= new Date(to)))
        .sort((a, b) => b.id - a.id)
        .map(transactionOf);
      return reply(200, { status: true, message: 'Transactions retrieved', ...paged(all, url) });
    }

    reply(404, { status: false, message: `The fake has no ${method} ${path}` });
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      let body: Record<string, unknown> | undefined;
      if (chunks.length > 0) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return refuse(res, 400, 'Invalid JSON body');
        }
      }
      requests.push({ method, path: url.pathname, body });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(res, 401, 'Invalid key');
      const fault = faults.find((f) => f.times > 0 && f.method === method && f.path.test(url.pathname));
      if (fault !== undefined) fault.times -= 1;
      if (fault?.kind === 'reset') return void req.socket.destroy();
      if (fault?.kind === 'error') return refuse(res, 500, 'An error occurred');
      handle(method, url, body, (status, payload) => {
        if (fault?.kind === 'drop') return void req.socket.destroy();
        if (fault?.kind === 'slow') {
          const timer = setTimeout(() => (res.destroyed ? undefined : answer(res, status, payload)), fault.delayMs ?? 5000);
          res.once('close', () => clearTimeout(timer));
          return;
        }
        answer(res, status, payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Offset paging as Paystack's lists answer it: `perPage`, `page`, and `meta.pageCount`. */
function paged<T>(all: T[], url: URL): { data: T[]; meta: Record<string, number> } {
  const perPage = Math.max(1, Math.min(Number(url.searchParams.get('perPage') ?? url.searchParams.get('per_page') ?? 50), 100));
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  return {
    data: all.slice((page - 1) * perPage, page * perPage),
    meta: { total: all.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.max(1, Math.ceil(all.length / perPage)) },
  };
}

/** The settings that point a service (or a CLI) at this fake. */
export function paystackEnv(fake: PaystackFake): Record<string, string> {
  return { LIVE_PROCESSOR: 'paystack', PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url };
}
