import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_foundation extends Migration {
  override name = 'Migration20261122000000_foundation';

  override up(): void {
    this.addSql(`
      create table merchants (
        id text primary key,
        name text not null,
        logo_url text,
        created_at timestamptz(3) not null default now()
      )`);
    this.addSql(`
      create table api_keys (
        id text primary key,
        merchant_id text not null references merchants (id),
        livemode boolean not null,
        key_hash text not null unique,
        last4 text not null,
        created_at timestamptz(3) not null default now(),
        revoked_at timestamptz(3)
      )`);
    this.addSql(`create index api_keys_merchant on api_keys (merchant_id, livemode)`);
    this.addSql(`
      create table payment_intents (
        id text primary key,
        merchant_id text not null references merchants (id),
        livemode boolean not null,
        amount bigint not null check (amount > 0),
        currency text not null check (currency = 'NGN'),
        description text not null default '',
        metadata jsonb not null default '{}',
        status text not null check (status in ('requires_authentication', 'processing', 'succeeded', 'canceled')),
        method text,
        customer_email text,
        customer_phone text,
        client_secret_hash text not null,
        amount_refunded bigint not null default 0 check (amount_refunded >= 0 and amount_refunded <= amount),
        service_fee bigint check (service_fee >= 0),
        last_error text,
        next_action text,
        cancellation_reason text check (cancellation_reason in ('requested_by_merchant', 'expired')),
        created_at timestamptz(3) not null,
        expires_at timestamptz(3) not null,
        succeeded_at timestamptz(3),
        canceled_at timestamptz(3)
      )`);
    // Lists are newest first per merchant and mode, with the id as the tie-breaker.
    this.addSql(`create index payment_intents_list on payment_intents (merchant_id, livemode, created_at desc, id desc)`);
    this.addSql(`create index payment_intents_open_by_expiry on payment_intents (expires_at) where status = 'requires_authentication'`);
    this.addSql(`
      create table idempotency_keys (
        merchant_id text not null,
        livemode boolean not null,
        key text not null,
        operation text not null,
        fingerprint text not null,
        response_status integer not null,
        response_body text not null,
        created_at timestamptz(3) not null default now(),
        primary key (merchant_id, livemode, key)
      )`);
    this.addSql(`create index idempotency_keys_created on idempotency_keys (created_at)`);
    // The shared rate-limit store: one row per counted request, kept for one window.
    this.addSql(`
      create unlogged table rate_limit_hits (
        client text not null,
        hit_at timestamptz(3) not null
      )`);
    this.addSql(`create index rate_limit_hits_client on rate_limit_hits (client, hit_at)`);
    // One round trip per request: count the client's hits in the window and add this one if there is room.
    // The advisory lock serialises one client's requests so two processes cannot both take the last slot.
    this.addSql(`
      create function rate_limit_take(p_client text, p_limit integer, p_window_ms integer,
                                      out allowed boolean, out used integer, out oldest_ms bigint)
      language plpgsql as $$
      declare
        v_now timestamptz := clock_timestamp();
        v_from timestamptz := v_now - make_interval(secs => p_window_ms / 1000.0);
      begin
        perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || p_client, 0));
        delete from rate_limit_hits where client = p_client and hit_at <= v_from;
        select count(*), (extract(epoch from min(hit_at)) * 1000)::bigint
          into used, oldest_ms
          from rate_limit_hits where client = p_client;
        allowed := used < p_limit;
        if allowed then
          insert into rate_limit_hits (client, hit_at) values (p_client, v_now);
          used := used + 1;
          if oldest_ms is null then oldest_ms := (extract(epoch from v_now) * 1000)::bigint; end if;
        end if;
      end $$`);
  }
}
