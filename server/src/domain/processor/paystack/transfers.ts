// Payouts through Paystack's Transfers API: banks (GET /bank), account resolution
// (GET /bank/resolve), transfer recipients (POST /transferrecipient: one per account; Paystack
// answers the existing one for an account it knows), transfers (POST /transfer, our payout id as
// the reference) and their state (GET /transfer/verify/{reference}). Bank codes and account
// numbers are strings throughout, leading zeros kept, whatever Paystack's description types them as.
import type { Logger } from 'pino';
import { ProcessorUnavailableError, type Bank, type PayoutRail, type TransferState } from '../processor.ts';
import { paystackCall, PaystackRefusal, throwIfCredentialsRefused, type PaystackSettings } from './client.ts';
import { readShape, type Envelope } from './wire.ts';

/** How long the bank list is kept before it is asked for again. */
const BANKS_TTL_MS = 3_600_000;

export function paystackTransfers(settings: PaystackSettings, log: Logger): PayoutRail {
  const call = (request: Parameters<typeof paystackCall>[1]) => paystackCall(settings, request);
  let banks: { list: readonly Bank[]; until: number } | undefined;

  /** A transfer's state from its Paystack status; anything not final is still on its way. */
  const stateOf = (data: unknown): TransferState => {
    const transfer = readShape('transfer', data);
    const transferCode = transfer.transfer_code;
    switch (transfer.status) {
      case 'success':
        return { outcome: 'paid', transferCode };
      case 'reversed':
        return { outcome: 'reversed', transferCode };
      case 'otp':
        log.error({ processor: 'paystack', reference: transfer.reference }, 'Paystack holds a transfer for an OTP (Transfers OTP is on): turn it off in the Paystack dashboard (Settings, Preferences); the payout waits and is not resent');
        return { outcome: 'otp', transferCode };
      case 'failed':
      case 'abandoned':
      case 'blocked':
      case 'rejected':
        return { outcome: 'failed', reason: `Paystack: ${transfer.status}${transfer.reason ? ` (${transfer.reason})` : ''}`, transferCode };
      default:
        // pending, received, queued: with the bank.
        return { outcome: 'in_transit', transferCode };
    }
  };

  return {
    name: 'paystack',

    async banks() {
      if (banks !== undefined && banks.until > Date.now()) return banks.list;
      const envelope = await call({ method: 'GET', path: '/bank', query: { country: 'nigeria', currency: 'NGN', perPage: 100 } }).catch((error: unknown) => {
        throw error instanceof PaystackRefusal ? new ProcessorUnavailableError(`Paystack refused the bank list (${error.status})`) : error;
      });
      const list = (Array.isArray(envelope.data) ? envelope.data : [])
        .map((item) => readShape('bank', item))
        .filter((bank) => bank.active !== false && bank.is_deleted !== true && bank.supports_transfer !== false)
        .map((bank) => ({ code: bank.code, name: bank.name }));
      banks = { list, until: Date.now() + BANKS_TTL_MS };
      return list;
    },

    async resolveAccount(bankCode, accountNumber) {
      let envelope: Envelope;
      try {
        envelope = await call({ method: 'GET', path: '/bank/resolve', query: { account_number: accountNumber, bank_code: bankCode } });
      } catch (error) {
        if (!(error instanceof PaystackRefusal)) throw error;
        if (error.status === 401) throw new ProcessorUnavailableError('Paystack refused our secret key (401): check PAYSTACK_SECRET_KEY');
        return null; // 400, 404, 422: "Could not resolve account name"
      }
      if (envelope.data === undefined || envelope.data === null) return null;
      return readShape('resolvedAccount', envelope.data).account_name;
    },

    async recipient({ bankCode, accountNumber, accountName }) {
      let envelope: Envelope;
      try {
        envelope = await call({
          method: 'POST',
          path: '/transferrecipient',
          body: { type: 'nuban', name: accountName, account_number: accountNumber, bank_code: bankCode, currency: 'NGN' },
        });
      } catch (error) {
        if (!(error instanceof PaystackRefusal)) throw error;
        throwIfCredentialsRefused(error);
        log.warn({ processor: 'paystack', status: error.status, paystack_message: error.envelope?.message ?? null }, 'Paystack refused a transfer recipient');
        return null;
      }
      return readShape('recipient', envelope.data).recipient_code;
    },

    async transfer({ reference, amount, recipient }) {
      let envelope: Envelope;
      try {
        envelope = await call({
          method: 'POST',
          path: '/transfer',
          body: { source: 'balance', amount: Number(amount), recipient, reference, reason: 'Nairaflow payout', currency: 'NGN' },
        });
      } catch (error) {
        if (!(error instanceof PaystackRefusal)) throw error;
        const words = error.envelope?.message ?? '';
        // A reference already used: the transfer exists (an earlier answer was lost); ask about it.
        if (error.code === 'duplicate_reference' || (/reference/i.test(words) && /(already|duplicate|used)/i.test(words))) return { outcome: 'in_transit' };
        throwIfCredentialsRefused(error);
        log.warn({ processor: 'paystack', reference, status: error.status, code: error.code ?? null, paystack_message: words }, 'Paystack refused a transfer');
        return { outcome: 'failed', reason: `Paystack refused the transfer: ${words}`, accountInvalid: error.code === 'invalid_transfer_recipient' };
      }
      return stateOf(envelope.data);
    },

    async checkTransfer({ reference }) {
      try {
        return stateOf((await call({ method: 'GET', path: `/transfer/verify/${encodeURIComponent(reference)}` })).data);
      } catch (error) {
        if (error instanceof PaystackRefusal && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  };
}
