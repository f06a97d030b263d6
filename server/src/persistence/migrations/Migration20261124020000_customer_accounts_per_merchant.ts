import { Migration } from '@mikro-orm/migrations';

export class Migration20261124020000_customer_accounts_per_merchant extends Migration {
  override name = 'Migration20261124020000_customer_accounts_per_merchant';

  override up(): void {
    // A customer's balance (where refunds land) was one account per e-mail address, shared by every
    // merchant: one merchant's refunds could take it to its limit and block another's. Now every
    // account belongs to one merchant. Existing customer accounts are split by the merchant of each
    // of their entries; every transaction still sums to zero, every balance still equals its entries.
    this.addSql(`alter table ledger_accounts drop constraint if exists ledger_accounts_check`);
    this.addSql(`alter table ledger_accounts drop constraint if exists ledger_accounts_check1`);
    this.addSql(`
      insert into ledger_accounts (livemode, kind, merchant_id, customer_email, balance)
      select a.livemode, 'customer', t.merchant_id, a.customer_email, sum(e.amount)
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id
       where a.kind = 'customer' and a.merchant_id is null
       group by a.livemode, t.merchant_id, a.customer_email`);
    this.addSql(`
      update ledger_entries e set account_id = n.id
        from ledger_accounts a, ledger_transactions t, ledger_accounts n
       where e.account_id = a.id and a.kind = 'customer' and a.merchant_id is null
         and t.id = e.transaction_id
         and n.kind = 'customer' and n.livemode = a.livemode and n.merchant_id = t.merchant_id and n.customer_email = a.customer_email`);
    this.addSql(`delete from ledger_accounts where kind = 'customer' and merchant_id is null`);
    this.addSql(`alter table ledger_accounts alter column merchant_id set not null`);
    this.addSql(`alter table ledger_accounts add constraint ledger_accounts_customer_email check ((kind = 'customer') = (customer_email is not null))`);
  }
}
