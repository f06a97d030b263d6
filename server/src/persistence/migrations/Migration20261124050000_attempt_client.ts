import { Migration } from '@mikro-orm/migrations';

export class Migration20261124050000_attempt_client extends Migration {
  override name = 'Migration20261124050000_attempt_client';

  override up(): void {
    // Who made the attempt (a client key: an IPv4 address or an IPv6 /64), so that a failure that
    // comes later (a processing payment declined, an OTP abandoned) counts against that client too.
    this.addSql(`alter table payment_attempts add column client text`);
  }
}
