// Payments the processor answers later ("processing"): each one is settled on its own, retried
// with back-off when the processor cannot answer, and found again by the reconciler however long
// it has waited, so that one bad payment never holds up the others.
import { expect } from 'chai';
import { card, CARDS, confirm, createIntent, events, waitFor } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

/** Processing, then the processor never answers its status checks (they fail). */
const PROCESSOR_SILENT = '4000 0000 0000 0275';

describe('payments that complete later', () => {
  let svc: TestService;
  let shop: TestMerchant;
  const logLines: string[] = [];

  before(async () => {
    svc = await startTestService('payment_completion', { PAYMENT_PROCESSING_DELAY_MS: '300' }, { logLines });
    shop = await svc.createMerchant('Later Ltd');
  });
  after(() => svc.stop());

  const statusOf = async (id: string) => (await svc.request('GET', `/v1/payment_intents/${id}`, { key: shop.testKey })).body.status as string;
  const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('settles every other payment while one completion fails forever, and logs why, checking it again with back-off', async function () {
    this.timeout(30_000);
    const stuck = await createIntent(svc, shop.testKey);
    expect((await confirm(svc, stuck, { card: card(PROCESSOR_SILENT) })).body.status).to.equal('processing');
    const others = await Promise.all(Array.from({ length: 12 }, () => createIntent(svc, shop.testKey)));
    await Promise.all(
      others.map((intent, i) => confirm(svc, intent, { card: card(i % 3 === 0 ? CARDS.processingFails : CARDS.processingSucceeds) })),
    );

    for (const [i, intent] of others.entries()) {
      const status = await waitFor(`intent ${i} to settle`, async () => {
        const now = await statusOf(intent.id);
        return now === 'processing' ? undefined : now;
      });
      expect(status, `intent ${i}`).to.equal(i % 3 === 0 ? 'requires_authentication' : 'succeeded');
      const types = (await events(svc, intent.id)).map((e) => e.type);
      expect(types).to.deep.equal([i % 3 === 0 ? 'payment_intent.failed' : 'payment_intent.succeeded']);
    }

    // The silent one is still processing (nothing was decided for the customer), and each failed
    // check is logged with its reason, further and further apart.
    const failures = await waitFor('three failed checks of the silent payment', async () => {
      const lines = logged().filter((l) => l['payment_intent'] === stuck.id && l['level'] === 40);
      return lines.length >= 3 ? lines : undefined;
    }, 20_000);
    expect(await statusOf(stuck.id)).to.equal('processing');
    expect(failures[0]!['msg']).to.equal('could not settle a processing payment; will ask the processor again');
    expect(String((failures[0]!['err'] as { message?: string }).message)).to.match(/processor did not answer/);
    const gaps = failures.slice(0, 3).map((l) => Number(l['time']));
    expect(gaps[2]! - gaps[1]!).to.be.greaterThan(gaps[1]! - gaps[0]!);
    expect(failures[2]!['checks']).to.equal(3);
    // The customer can neither pay it twice nor is it lost: it is still there to be settled.
    expect((await confirm(svc, stuck)).status).to.equal(400);
  });

  it('finds a payment left processing by a worker that was not running, and settles it from the processor\'s answer', async function () {
    this.timeout(30_000);
    // An API process alone: nothing completes payments while the worker is away.
    const api = await startTestService('payment_completion_api', { ROLE: 'api', PAYMENT_PROCESSING_DELAY_MS: '100' });
    const merchant = await api.createMerchant('Reconciled');
    try {
      const intents = await Promise.all(Array.from({ length: 3 }, () => createIntent(api, merchant.testKey)));
      for (const intent of intents) await confirm(api, intent, { card: card(CARDS.processingSucceeds) });
      await new Promise((r) => setTimeout(r, 1000));
      const status = async (id: string) => (await api.request('GET', `/v1/payment_intents/${id}`, { key: merchant.testKey })).body.status;
      for (const intent of intents) expect(await status(intent.id)).to.equal('processing');

      // A worker starts, long past the payments' deadline: it settles them.
      const worker = await startTestService('payment_completion_worker', { ROLE: 'worker', PAYMENT_PROCESSING_DELAY_MS: '100' }, { sharing: api });
      try {
        for (const intent of intents) {
          await waitFor('the reconciler to settle it', async () => ((await status(intent.id)) === 'succeeded' ? true : undefined));
        }
      } finally {
        await worker.stop();
      }
    } finally {
      await api.stop();
    }
  });
});
