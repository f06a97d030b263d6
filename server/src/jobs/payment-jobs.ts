import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { expireIntents } from '../domain/payment-intents.ts';
import type { PaymentsContext } from '../domain/settlement.ts';
import type { Boss } from './boss.ts';
import { startPaymentCompletion, type Loop } from './payment-completion.ts';

export const INTENT_EXPIRY_QUEUE = 'payment-intent-expiry';

/** Queues every role needs to exist before it sends to them. */
export async function createPaymentQueues(boss: Boss): Promise<void> {
  await boss.createQueue(INTENT_EXPIRY_QUEUE);
}

/** The worker side of payments: settling processing attempts, and cancelling expired intents. */
export async function startPaymentWorkers(boss: Boss, orm: MikroORM, ctx: PaymentsContext, log: Logger): Promise<Loop> {
  const completion = startPaymentCompletion(orm, ctx, log);
  // Every minute; each run cancels in batches until nothing expired is left.
  await boss.schedule(INTENT_EXPIRY_QUEUE, '* * * * *');
  await boss.work(INTENT_EXPIRY_QUEUE, async () => {
    let total = 0;
    for (;;) {
      const expired = await expireIntents(orm.em.fork());
      if (expired === 0) break;
      total += expired;
    }
    if (total > 0) log.info({ expired: total }, 'canceled expired payment intents');
  });
  return completion;
}
