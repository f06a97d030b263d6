// Whether the connection that listens (DATABASE_DIRECT_URL) hears what the pooled one
// (DATABASE_URL) sends. Notifications go only to sessions of the same database, and a LISTEN made
// through a transaction pooler hears nothing reliably (its server connection goes back to the
// pool): either mistake would leave key revocations, webhook wakes and event streams silently
// late, so the service checks once, before it migrates anything, and refuses to start otherwise.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** How long the notification may take to arrive: far longer than a healthy database needs. */
const WAIT_MS = 5000;

/**
 * Sends a notification with `send` (a statement on the pooled connection) and answers whether a
 * LISTEN on `directUrl` heard it within WAIT_MS.
 */
export async function directConnectionHears(directUrl: string, send: (channel: string, payload: string) => Promise<void>): Promise<boolean> {
  const channel = `nairaflow_probe_${randomBytes(6).toString('hex')}`;
  const payload = randomBytes(8).toString('hex');
  const client = new pg.Client({ connectionString: directUrl, application_name: 'nairaflow-probe' });
  client.on('error', () => undefined); // a lost connection only means it heard nothing
  await client.connect();
  try {
    await client.query(`LISTEN ${channel}`);
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), WAIT_MS);
      client.on('notification', (message) => {
        if (message.channel !== channel || message.payload !== payload) return;
        clearTimeout(timer);
        resolve(true);
      });
    });
    await send(channel, payload);
    return await heard;
  } finally {
    await client.end().catch(() => undefined);
  }
}
