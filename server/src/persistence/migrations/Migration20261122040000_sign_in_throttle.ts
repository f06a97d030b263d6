import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040000_sign_in_throttle extends Migration {
  override name = 'Migration20261122040000_sign_in_throttle';

  override up(): void {
    // Sign-in attempts are counted per e-mail address *and client*, and per client across all
    // addresses: counting per address alone let anyone lock a user out by guessing wrong on
    // purpose. A row's subject names what it counts.
    this.addSql(`delete from dashboard_sign_in_attempts`);
    this.addSql(`alter table dashboard_sign_in_attempts rename column email to subject`);
  }
}
