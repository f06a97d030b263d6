// One LISTEN connection per process, for every channel the process cares about (new webhook
// events, revoked API keys). It reconnects by itself when the database goes away, and says so:
// while it is down a notification can be missed, so whoever relies on them must not trust what
// they cached, and must look for themselves.
import pg from 'pg';
import type { Logger } from 'pino';

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
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (delayMs: number): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'nairaflow-listen' });
    const reconnect = () => {
      if (client !== next || closed) return;
      client = undefined;
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
