import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030000_dashboard extends Migration {
  override name = 'Migration20261122030000_dashboard';

  override up(): void {
    // Merchant staff who sign in to the dashboard. E-mail addresses are stored lower-cased, so
    // uniqueness and sign-in ignore case; the password is an scrypt hash with its own salt.
    this.addSql(`
      create table dashboard_users (
        id text primary key,
        merchant_id text not null references merchants (id),
        email text not null unique check (email = lower(email)),
        password_hash text not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index dashboard_users_merchant on dashboard_users (merchant_id)`);

    // A signed-in browser. The cookie holds the token; only its SHA-256 is stored, so a copy of
    // this table cannot be replayed as a session. The CSRF token is not a credential on its own.
    this.addSql(`
      create table dashboard_sessions (
        token_hash text primary key,
        user_id text not null references dashboard_users (id) on delete cascade,
        csrf_token text not null,
        created_at timestamptz(3) not null,
        expires_at timestamptz(3) not null
      )`);
    this.addSql(`create index dashboard_sessions_user on dashboard_sessions (user_id)`);
    this.addSql(`create index dashboard_sessions_expiry on dashboard_sessions (expires_at)`);

    // Sign-in attempts per e-mail address (known or not), for slowing down password guessing.
    this.addSql(`
      create table dashboard_sign_in_attempts (
        email text primary key,
        failures integer not null,
        last_attempt_at timestamptz(3) not null,
        blocked_until timestamptz(3)
      )`);

    // One active key per merchant and mode: two racing rolls cannot both leave a key behind.
    this.addSql(`create unique index api_keys_active on api_keys (merchant_id, livemode) where revoked_at is null`);
  }
}
