// One LISTEN connection per process, for every channel the process cares about (new webhook
// events, revoked API keys). It reconnects by itself when the database goes away, and says so:
// while it is down a notification can be missed, so whoever relies on them must not trust what
// they cached, and must look for themselves.
import pg from 'pg';
import type { Logger } from 'pino';

// Every channel the service notifies on. Notifications are sent at commit, and only then.

/** Wakes the webhook dispatchers when an event with a delivery to make, or an attempt brought forward, is committed. */
export const WEBHOOK_CHANNEL = 'nairaflow_webhooks';
/** Wakes the API processes' event streams when one of a merchant's events is committed; carries eventStreamKey(). */
export const EVENT_STREAM_CHANNEL = 'nairaflow_events';
/**
 * Tells every process an API key was revoked or rolled: carries the key's hash, or '*' when a
 * dashboard change may touch many. Sent by the api_keys trigger (Migration20261124060000_key_notifications,
 * which spells the name out, as a migration must: it is a frozen copy).
 */
export const API_KEYS_CHANNEL = 'nairaflow_api_keys';

/** What a notification on EVENT_STREAM_CHANNEL carries: whose events, in which mode. */
export function eventStreamKey(merchantId: string, livemode: boolean): string {
  return `${merchantId}:${livemode ? 'live' : 'test'}`;
}

export interface Listener {
  /** Whether notifications are being received right now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface Channel {
  name: string;
  onNotify(payload: string): void;
  /** Called whenever listening starts or resumes: anything sent meanwhile was missed. */
  onListening?(): void;
}

export function listen(databaseUrl: string, channels: Channel[], log: Logger): Listener {
  let client: pg.Client | undefined;
  let listening = false;
  let lost = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (delayMs: number): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'nairaflow-listen' });
    const reconnect = () => {
      if (client !== next || closed) return;
      client = undefined;
      // Said once per loss, however many tries it takes to listen again.
      if (listening) {
        log.warn({ channels: channels.map((c) => c.name) }, 'stopped hearing database notifications; connecting again, and looking for work without them meanwhile');
        lost = true;
      }
      listening = false;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(Math.min(delayMs * 2, 10_000)), delayMs);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    next.on('notification', (message) => channels.find((c) => c.name === message.channel)?.onNotify(message.payload ?? ''));
    client = next;
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel.name)}`);
      if (closed) {
        await next.end();
        return;
      }
      listening = true;
      if (lost) log.info({ channels: channels.map((c) => c.name) }, 'hearing database notifications again');
      lost = false;
      for (const channel of channels) channel.onListening?.();
    } catch (error) {
      log.debug({ err: error }, 'LISTEN connection could not be made; retrying');
      reconnect();
    }
  };
  void connect(500);

  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
