import { Migration20261122000000_foundation } from './Migration20261122000000_foundation.ts';
import { Migration20261122010000_payments } from './Migration20261122010000_payments.ts';
import { Migration20261122020000_webhooks } from './Migration20261122020000_webhooks.ts';
import { Migration20261122030000_dashboard } from './Migration20261122030000_dashboard.ts';
import { Migration20261122040000_sign_in_throttle } from './Migration20261122040000_sign_in_throttle.ts';
import { Migration20261124000000_failed_attempts } from './Migration20261124000000_failed_attempts.ts';
import { Migration20261124010000_processing_checks } from './Migration20261124010000_processing_checks.ts';
import { Migration20261124020000_customer_accounts_per_merchant } from './Migration20261124020000_customer_accounts_per_merchant.ts';
import { Migration20261124030000_webhook_queue } from './Migration20261124030000_webhook_queue.ts';
import { Migration20261124040000_webhook_fairness } from './Migration20261124040000_webhook_fairness.ts';
import { Migration20261124050000_attempt_client } from './Migration20261124050000_attempt_client.ts';
import { Migration20261124060000_key_notifications } from './Migration20261124060000_key_notifications.ts';
import { Migration20261124070000_retention_indexes } from './Migration20261124070000_retention_indexes.ts';
import { Migration20261124080000_webhook_cycle } from './Migration20261124080000_webhook_cycle.ts';
import { Migration20261124093000_event_stream } from './Migration20261124093000_event_stream.ts';
import { Migration20261124094000_receiver_clock_skew } from './Migration20261124094000_receiver_clock_skew.ts';
import { Migration20261125000000_return_url } from './Migration20261125000000_return_url.ts';
import { Migration20261127000000_webhook_queue_home } from './Migration20261127000000_webhook_queue_home.ts';
import { Migration20261128000000_live_processor } from './Migration20261128000000_live_processor.ts';
import { Migration20261128010000_reports } from './Migration20261128010000_reports.ts';
import { Migration20261128020000_balance_history } from './Migration20261128020000_balance_history.ts';
import { Migration20261128030000_search_indexes } from './Migration20261128030000_search_indexes.ts';
import { Migration20261128040000_password_confirmation } from './Migration20261128040000_password_confirmation.ts';

// Every migration, oldest first. Listed explicitly so no file-system discovery is needed at run time.
export const migrationsList = [
  { name: 'Migration20261122000000_foundation', class: Migration20261122000000_foundation },
  { name: 'Migration20261122010000_payments', class: Migration20261122010000_payments },
  { name: 'Migration20261122020000_webhooks', class: Migration20261122020000_webhooks },
  { name: 'Migration20261122030000_dashboard', class: Migration20261122030000_dashboard },
  { name: 'Migration20261122040000_sign_in_throttle', class: Migration20261122040000_sign_in_throttle },
  { name: 'Migration20261124000000_failed_attempts', class: Migration20261124000000_failed_attempts },
  { name: 'Migration20261124010000_processing_checks', class: Migration20261124010000_processing_checks },
  {
    name: 'Migration20261124020000_customer_accounts_per_merchant',
    class: Migration20261124020000_customer_accounts_per_merchant,
  },
  { name: 'Migration20261124030000_webhook_queue', class: Migration20261124030000_webhook_queue },
  { name: 'Migration20261124040000_webhook_fairness', class: Migration20261124040000_webhook_fairness },
  { name: 'Migration20261124050000_attempt_client', class: Migration20261124050000_attempt_client },
  { name: 'Migration20261124060000_key_notifications', class: Migration20261124060000_key_notifications },
  { name: 'Migration20261124070000_retention_indexes', class: Migration20261124070000_retention_indexes },
  { name: 'Migration20261124080000_webhook_cycle', class: Migration20261124080000_webhook_cycle },
  { name: 'Migration20261124093000_event_stream', class: Migration20261124093000_event_stream },
  { name: 'Migration20261124094000_receiver_clock_skew', class: Migration20261124094000_receiver_clock_skew },
  { name: 'Migration20261125000000_return_url', class: Migration20261125000000_return_url },
  { name: 'Migration20261127000000_webhook_queue_home', class: Migration20261127000000_webhook_queue_home },
  { name: 'Migration20261128000000_live_processor', class: Migration20261128000000_live_processor },
  { name: 'Migration20261128010000_reports', class: Migration20261128010000_reports },
  { name: 'Migration20261128020000_balance_history', class: Migration20261128020000_balance_history },
  { name: 'Migration20261128030000_search_indexes', class: Migration20261128030000_search_indexes },
  { name: 'Migration20261128040000_password_confirmation', class: Migration20261128040000_password_confirmation },
];
