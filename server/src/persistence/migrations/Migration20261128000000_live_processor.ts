import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000000_live_processor extends Migration {
  override name = 'Migration20261128000000_live_processor';

  override up(): void {
    // A step other than an OTP (a PIN, a phone number, a birthday, an address) that a processor
    // asks of the customer; and what the processor said of the charge once it ended.
    this.addSql(`alter table payment_attempts drop constraint payment_attempts_status_check`);
    this.addSql(`
      alter table payment_attempts
        add constraint payment_attempts_status_check
          check (status in ('requires_otp', 'requires_action', 'processing', 'succeeded', 'failed', 'abandoned')),
        add column processor text,
        add column processor_fee bigint check (processor_fee >= 0)`);
    // A processor's webhook names the charge by our reference: it finds its attempt by it.
    this.addSql(`create index payment_attempts_processor_reference on payment_attempts (processor_reference) where processor_reference is not null`);
    // The processor's words for the step it asks for, shown beside it in the payment sheet.
    this.addSql(`alter table payment_intents add column next_action_message text`);
    // What the processor keeps of each live payment, so the platform's own share is the service fee less it.
    this.addSql(`alter table ledger_accounts drop constraint ledger_accounts_kind_check`);
    this.addSql(`
      alter table ledger_accounts add constraint ledger_accounts_kind_check
        check (kind in ('merchant_available', 'customer', 'platform_fees', 'card_network', 'processor_fees'))`);
  }
}
