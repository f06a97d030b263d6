import { Migration } from '@mikro-orm/migrations';

export class Migration20261128030000_search_indexes extends Migration {
  override name = 'Migration20261128030000_search_indexes';

  override up(): void {
    // A search (GET /v1/payment_intents?q=, its totals, the export) looks its term up in these two
    // GIN indexes on every request. With fastupdate, PostgreSQL's default, every new intent (even
    // one with no description or metadata) is queued in each index's pending list, and every
    // lookup reads the whole list until a vacuum merges it: up to 4 MB (gin_pending_list_limit)
    // per index, read by every search. On the bench's seeded database, 25,000 creates made a lookup
    // read about 90 pages and take about 30 ms instead of 2 to 5 pages and 0.04 ms. Without it, an
    // insert files its few entries at once.
    this.addSql(`alter index payment_intents_description set (fastupdate = off)`);
    this.addSql(`alter index payment_intents_metadata_values set (fastupdate = off)`);
    // What is queued already is merged now, not at the next vacuum.
    this.addSql(`select gin_clean_pending_list('payment_intents_description'::regclass)`);
    this.addSql(`select gin_clean_pending_list('payment_intents_metadata_values'::regclass)`);
  }
}
