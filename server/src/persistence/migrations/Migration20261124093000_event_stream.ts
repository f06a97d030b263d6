import { Migration } from '@mikro-orm/migrations';

export class Migration20261124093000_event_stream extends Migration {
  override name = 'Migration20261124093000_event_stream';

  override up(): void {
    // The transaction that wrote each event. The event stream (GET /v1/events/stream) sends events
    // in (txid, id) order and only once every transaction older than the oldest one still running
    // has ended: an event committed late by a transaction that began early is never skipped by a
    // reader who resumes after a later one. Events written before this migration read as 0 (a
    // constant default is not written into existing rows; the volatile one below is for new rows).
    this.addSql(`alter table events add column txid xid8 not null default '0'`);
    this.addSql(`alter table events alter column txid set default pg_current_xact_id()`);
    this.addSql(`create index if not exists events_stream on events (merchant_id, livemode, txid, id)`);
    // A list filtered by delivery status (the failed ones, to recover them) reads only those.
    this.addSql(
      `create index if not exists events_delivery_status on events (merchant_id, livemode, delivery_status, created_at desc, id desc)`,
    );

    // Each event about a payment intent carries `sequence`, one more than the intent's previous
    // event: the counter lives on the intent, whose row lock orders its events in commit order.
    this.addSql(`alter table payment_intents add column event_sequence integer not null default 0`);
    // Events already written get their numbers (in the order they were created) at the end of
    // their envelope, and each intent the count of its events.
    this.addSql(`
      with numbered as (
        select id, payment_intent_id,
               row_number() over (partition by payment_intent_id order by created_at, id) as n
          from events where payment_intent_id is not null
      ), stamped as (
        update events e
           set payload = left(e.payload, -1) || ',"sequence":' || numbered.n || '}'
          from numbered where numbered.id = e.id
        returning e.payment_intent_id
      )
      update payment_intents p set event_sequence = counted.n
        from (select payment_intent_id, count(*)::integer as n from stamped group by payment_intent_id) counted
       where counted.payment_intent_id = p.id`);
  }
}
