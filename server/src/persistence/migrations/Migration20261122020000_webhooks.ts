import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020000_webhooks extends Migration {
  override name = 'Migration20261122020000_webhooks';

  override up(): void {
    this.addSql(`
      create table webhook_endpoints (
        id text primary key,
        merchant_id text not null references merchants (id),
        livemode boolean not null,
        url text not null,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        unique (merchant_id, livemode)
      )`);
    // Signing secrets are needed in clear to sign; a rolled secret keeps signing until expires_at.
    this.addSql(`
      create table webhook_secrets (
        id bigserial primary key,
        endpoint_id text not null references webhook_endpoints (id) on delete cascade,
        secret text not null,
        created_at timestamptz(3) not null,
        expires_at timestamptz(3)
      )`);
    this.addSql(`create index webhook_secrets_endpoint on webhook_secrets (endpoint_id)`);

    this.addSql(`
      alter table events
        add column delivery_status text not null default 'no_endpoint'
          check (delivery_status in ('pending', 'succeeded', 'failed', 'no_endpoint')),
        add column attempts integer not null default 0,
        add column next_attempt_at timestamptz(3)`);
    this.addSql(`create index events_type on events (merchant_id, livemode, type, created_at desc, id desc)`);

    this.addSql(`
      create table webhook_deliveries (
        id text primary key,
        event_id text not null references events (id),
        attempt integer not null,
        trigger text not null check (trigger in ('scheduled', 'manual')),
        -- The step of the retry schedule a scheduled attempt is (1..max); null for manual ones.
        schedule_step integer,
        url text not null,
        started_at timestamptz(3) not null,
        finished_at timestamptz(3),
        duration_ms integer,
        response_status integer,
        response_body text,
        error text,
        next_attempt_at timestamptz(3),
        unique (event_id, attempt),
        check ((trigger = 'scheduled') = (schedule_step is not null))
      )`);
    // One row per scheduled step: two workers can never both make the same scheduled attempt.
    this.addSql(`create unique index webhook_deliveries_step on webhook_deliveries (event_id, schedule_step) where schedule_step is not null`);
  }
}
