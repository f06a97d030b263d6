import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000000_return_url extends Migration {
  override name = 'Migration20261125000000_return_url';

  override up(): void {
    // Where the payment sheet sends the customer back to. Nullable and without a
    // default, so PostgreSQL only records the column: no table rewrite, however many intents exist.
    this.addSql(`alter table payment_intents add column return_url text`);
  }
}
