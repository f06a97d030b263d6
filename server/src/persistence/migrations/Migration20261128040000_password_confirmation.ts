import { Migration } from '@mikro-orm/migrations';

export class Migration20261128040000_password_confirmation extends Migration {
  override name = 'Migration20261128040000_password_confirmation';

  override up(): void {
    // When the session's user last typed their password again for an account change (rolling a
    // live key, the webhook endpoint's URL or secret, the payout account): it holds 5 minutes.
    this.addSql(`alter table dashboard_sessions add column password_confirmed_at timestamptz(3)`);
  }
}
