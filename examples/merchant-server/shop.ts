// A small shop that takes payments with Nairaflow: orders, payment intents, and webhooks received
// the way spec 6.3 asks. createShop() builds it; main.ts runs it from the environment.
import type { Server } from 'node:http';
import express, { type Express, type Request, type Response } from 'express';
import { createDeduplicator, webhookHandler, type Deduplicator } from '@nairaflow/webhook-verifier';
import { InvalidRequestError, InsufficientBalanceError, Nairaflow } from '@nairaflow/sdk';
import { OrderStore, type Order, type OrderLine } from './orders.ts';
import { createEventHandler, type Activity } from './webhooks.ts';

export interface ShopOptions {
  /** The shop's Nairaflow secret key (sk_test_... or sk_live_...). */
  secretKey: string;
  /** Where the Nairaflow API is, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** The webhook endpoint's signing secret (whsec_...); two while a rolled secret is still active. */
  webhookSecret: string | string[];
  /** The slow part of fulfilling a paid order (emails, stock, shipping). Default: logs and waits a moment. */
  fulfil?: (order: Order) => Promise<void> | void;
  log?: (line: string) => void;
  /** Where seen event ids are kept. Default: in memory (use Redis or your database with several instances). */
  dedupe?: Deduplicator;
}

export interface Shop {
  app: Express;
  orders: OrderStore;
  /** One entry per verified delivery the shop handled, oldest first. */
  activity: Activity[];
  /** Starts listening (port 0: any free port); resolves with the shop's base URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** What the shop sells, priced in kobo by the shop itself: a client never says what an order costs. */
export const CATALOG: Record<string, { name: string; priceKobo: string }> = {
  'jollof-rice': { name: 'Party jollof rice (large)', priceKobo: '250000' },
  'adire-wrapper': { name: 'Indigo adire wrapper', priceKobo: '1850000' },
  'ankara-tote': { name: 'Ankara tote bag', priceKobo: '725000' },
  chapman: { name: 'Chapman (1 L)', priceKobo: '150000' },
};

export function createShop(options: ShopOptions): Shop {
  const log = options.log ?? ((line: string) => console.log(`[shop] ${line}`));
  const nairaflow = new Nairaflow(options.secretKey, { baseUrl: options.baseUrl });
  const orders = new OrderStore();
  const activity: Activity[] = [];
  const fulfil = options.fulfil ?? (async (order: Order) => {
    await new Promise((resolve) => setTimeout(resolve, 200)); // stands for emails, stock, a shipping label
    log(`shipped order ${order.id} to ${order.customerEmail}`);
  });

  // Rule 6.3.1: this runs well after Nairaflow had its 200. It looks at the order again when it
  // starts, since a refund may have come in meanwhile.
  const queueFulfilment = (order: Order): void => {
    setImmediate(() => {
      if (order.status !== 'paid') {
        order.fulfilment = 'skipped';
        log(`not shipping order ${order.id}: it is ${order.status}`);
        return;
      }
      Promise.resolve()
        .then(() => fulfil(order))
        .then(
          () => void (order.fulfilment = 'shipped'),
          (error: unknown) => log(`fulfilling order ${order.id} failed (it stays queued; retry it from your back office): ${String(error)}`),
        );
    });
  };

  const onEvent = createEventHandler({
    orders,
    dedupe: options.dedupe ?? createDeduplicator(),
    queueFulfilment,
    record: (entry) => void activity.push(entry),
    log,
  });

  const app = express();

  // The webhook route comes FIRST, before any express.json(): webhookHandler reads the raw body
  // itself (the signature covers the exact bytes), answers 400 when the signature or timestamp is
  // wrong, 200 at once when it is right, and only then calls onEvent (rule 6.3.1).
  app.post(
    '/webhooks/nairaflow',
    webhookHandler({
      secret: options.webhookSecret,
      onEvent,
      onError: (error, event) => log(`handling ${event.type} ${event.id} failed: ${error instanceof Error ? error.message : String(error)}`),
    }),
  );

  app.use(express.json());

  app.get('/products', (_req: Request, res: Response) => {
    res.json(Object.entries(CATALOG).map(([sku, p]) => ({ sku, name: p.name, price_kobo: p.priceKobo })));
  });

  // Place an order: price it from the catalog, create the payment intent, and store its id on the
  // order before anyone can pay it (rule 6.3.5). The answer carries what the payment sheet needs.
  app.post('/orders', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as { items?: { sku?: unknown; quantity?: unknown }[]; email?: unknown };
    const lines: OrderLine[] = [];
    for (const item of Array.isArray(body.items) ? body.items : []) {
      const product = typeof item?.sku === 'string' ? CATALOG[item.sku] : undefined;
      const quantity = item?.quantity ?? 1;
      if (!product || typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
        res.status(400).json({ error: `unknown product or bad quantity: ${JSON.stringify(item)}` });
        return;
      }
      lines.push({ sku: item.sku as string, name: product.name, quantity, unitPriceKobo: product.priceKobo });
    }
    if (lines.length === 0 || typeof body.email !== 'string' || !body.email.includes('@')) {
      res.status(400).json({ error: 'send { items: [{ sku, quantity }], email }' });
      return;
    }

    const order = orders.create({ lines, customerEmail: body.email });
    let intent;
    try {
      intent = await nairaflow.paymentIntents.create(
        {
          amount: BigInt(order.amountKobo),
          currency: 'NGN',
          description: `Order ${order.id}: ${lines.map((l) => `${l.quantity} x ${l.name}`).join(', ')}`,
          metadata: { order_id: order.id }, // for people reading the dashboard; matching uses the intent id
          customer: { email: order.customerEmail },
        },
        // A retry of this call (a timeout, say) returns the same intent instead of making a second one.
        { idempotencyKey: `order-${order.id}` },
      );
    } catch (error) {
      orders.delete(order.id);
      log(`creating the payment intent for ${order.id} failed: ${String(error)}`);
      res.status(502).json({ error: 'the payment service is unavailable; try again' });
      return;
    }
    orders.attachPaymentIntent(order.id, intent.id);
    log(`order ${order.id} for ${order.amountKobo} kobo: payment intent ${intent.id}`);
    res.status(201).json({
      order,
      payment: {
        payment_intent: intent.id,
        client_secret: intent.client_secret,
        pay_url: intent.payment_url,
      },
    });
  });

  // Refund an order, in full or in part. The refund is made by Nairaflow at once; the order itself
  // is marked refunded when the refund.succeeded event arrives, like every other change.
  app.post('/orders/:id/refund', async (req: Request, res: Response) => {
    const order = orders.get(String(req.params['id']));
    if (!order?.paymentIntentId) {
      res.status(404).json({ error: 'no such paid order' });
      return;
    }
    const amount = (req.body as { amount_kobo?: unknown } | undefined)?.amount_kobo;
    if (amount !== undefined && (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)) {
      res.status(400).json({ error: 'amount_kobo, when given, is a whole number of kobo' });
      return;
    }
    try {
      const refund = await nairaflow.refunds.create({ payment_intent: order.paymentIntentId, ...(amount === undefined ? {} : { amount }) });
      log(`refund ${refund.id} of ${refund.amount} kobo for order ${order.id}`);
      res.status(201).json({ refund });
    } catch (error) {
      // The API's errors arrive typed: say what a shop assistant can act on.
      if (error instanceof InsufficientBalanceError) res.status(409).json({ error: 'the balance cannot cover this refund yet' });
      else if (error instanceof InvalidRequestError) res.status(400).json({ error: error.message });
      else throw error;
    }
  });

  app.get('/orders/:id', (req: Request, res: Response) => {
    const order = orders.get(String(req.params['id']));
    if (!order) res.status(404).json({ error: 'no such order' });
    else res.json(order);
  });

  let server: Server | undefined;
  return {
    app,
    orders,
    activity,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const s = app.listen(port, host, (error?: Error) => {
          if (error) return reject(error);
          const address = s.address();
          resolve(`http://${host}:${typeof address === 'object' && address ? address.port : port}`);
        });
        server = s;
      });
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        if (!server) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
