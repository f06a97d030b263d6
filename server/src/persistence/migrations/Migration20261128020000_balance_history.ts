import { Migration } from '@mikro-orm/migrations';

export class Migration20261128020000_balance_history extends Migration {
  override name = 'Migration20261128020000_balance_history';

  override up(): void {
    // A balance entry's id as the API shows it: random, so that it says nothing of how many
    // entries the platform has written (the entry number is a global counter, kept for order).
    this.addSql(`alter table ledger_entries add column public_id text not null default ('le_' || replace(gen_random_uuid()::text, '-', ''))`);
    this.addSql(`create unique index ledger_entries_public_id on ledger_entries (public_id)`);
    // The account's balance right after each entry (the dashboard's running balance), written as
    // the entry is posted under the account's row lock; the entries before this migration get it
    // from their account's entries in order.
    this.addSql(`alter table ledger_entries add column balance_after bigint`);
    this.addSql(`
      update ledger_entries e set balance_after = r.running
        from (select id, sum(amount) over (partition by account_id order by id) as running from ledger_entries) r
       where r.id = e.id`);
    this.addSql(`alter table ledger_entries alter column balance_after set not null`);
  }
}
