import { Migration } from '@mikro-orm/migrations';

/** The channel API processes LISTEN on to forget a cached key (its hash) or everything ('*'). */
export const API_KEYS_CHANNEL = 'nairaflow_api_keys';

export class Migration20261124060000_key_notifications extends Migration {
  override name = 'Migration20261124060000_key_notifications';

  override up(): void {
    // API processes keep what a key authenticates as for a few seconds. Whatever revokes a key,
    // or changes a merchant's name or logo, tells them at commit, however it is done.
    this.addSql(`
      create function api_keys_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${API_KEYS_CHANNEL}', case when tg_table_name = 'api_keys' then old.key_hash else '*' end);
        return null;
      end $$`);
    this.addSql(`
      create trigger api_keys_changed after update or delete on api_keys
        for each row execute function api_keys_changed()`);
    this.addSql(`
      create trigger merchants_changed after update on merchants
        for each row execute function api_keys_changed()`);
  }
}
