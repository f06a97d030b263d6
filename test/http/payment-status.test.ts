// Honest statuses: every payment intent says how it stands in a merchant's words (display_status),
// and the list's and export's `status` filter finds by those words. API 2026-11-24 keeps its
// lifecycle reading of `succeeded`, `canceled` and `processing`.
import { expect } from 'chai';
import { expireIntents } from '../../server/src/domain/payment-intents.ts';
import { card, CARDS, confirm, createIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('honest payment statuses (display_status and the status filter)', () => {
  let svc: TestService;
  let shop: TestMerchant;
  const ids: Record<string, string> = {};

  before(async () => {
    svc = await startTestService('payment-status');
    shop = await svc.createMerchant();
    const paid = async (name: string, amount: number) => {
      const intent = await createIntent(svc, shop.testKey, { amount, description: name });
      expect((await confirm(svc, intent)).body.status).to.equal('succeeded');
      ids[name] = intent.id;
      return intent;
    };
    await paid('succeeded', 100_000);
    const partly = await paid('partially_refunded', 125_000);
    const fully = await paid('refunded', 80_000);
    for (const [intent, amount] of [[partly, 35_000], [fully, 80_000]] as const) {
      const res = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount } });
      expect(res.status, res.text).to.equal(201);
    }
    const declined = await createIntent(svc, shop.testKey, { description: 'failed' });
    expect((await confirm(svc, declined, { card: card(CARDS.declined) })).body.status).to.equal('requires_authentication');
    ids.failed = declined.id;
    const processing = await createIntent(svc, shop.testKey, { description: 'processing' });
    expect((await confirm(svc, processing, { card: card(CARDS.processingSucceeds) })).body.status).to.equal('processing');
    ids.processing = processing.id;
    ids.awaiting_payment = (await createIntent(svc, shop.testKey, { description: 'awaiting' })).id;
    const canceled = await createIntent(svc, shop.testKey, { description: 'canceled' });
    expect((await svc.request('POST', `/v1/payment_intents/${canceled.id}/cancel`, { key: shop.testKey })).status).to.equal(200);
    ids.canceled = canceled.id;
    // One expired and swept (canceled, reason expired), one past its expiry the sweeper has not reached yet.
    const swept = await createIntent(svc, shop.testKey, { description: 'expired' });
    ids.expired = swept.id;
    ids.expiredOpen = (await createIntent(svc, shop.testKey, { description: 'expired open' })).id;
    const em = svc.service.orm.em.fork();
    await em.execute("update payment_intents set expires_at = now() - interval '1 second' where id = ?", [swept.id]);
    await expireIntents(em);
    await em.execute("update payment_intents set expires_at = now() - interval '1 second' where id = ?", [ids.expiredOpen]);
  });
  after(() => svc.stop());

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await svc.request('GET', `/v1/payment_intents?limit=100&${query}`, { key: shop.testKey, headers });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const idsOf = (body: { data: { id: string }[] }) => body.data.map((pi) => pi.id).sort();

  it('shows each payment as a merchant reads it, on retrieve and in the list', async () => {
    const expected: Record<string, string> = {
      succeeded: 'succeeded',
      partially_refunded: 'partially_refunded',
      refunded: 'refunded',
      failed: 'failed',
      processing: 'processing',
      awaiting_payment: 'awaiting_payment',
      canceled: 'canceled',
      expired: 'expired',
      expiredOpen: 'expired',
    };
    const listed = new Map<string, string>((await list('')).data.map((pi: any) => [pi.id, pi.display_status]));
    for (const [name, shown] of Object.entries(expected)) {
      const res = await svc.request('GET', `/v1/payment_intents/${ids[name]}`, { key: shop.testKey });
      expect(res.body.display_status, name).to.equal(shown);
      expect(listed.get(ids[name]!), name).to.equal(shown);
    }
    // The lifecycle status is unchanged: a refunded payment was paid, a swept one canceled.
    expect((await svc.request('GET', `/v1/payment_intents/${ids.refunded}`, { key: shop.testKey })).body.status).to.equal('succeeded');
  });

  it('finds by each honest status, and requires_authentication finds every open unpaid intent', async () => {
    for (const shown of ['succeeded', 'partially_refunded', 'refunded', 'failed', 'processing', 'awaiting_payment', 'canceled']) {
      expect(idsOf(await list(`status=${shown}`)), shown).to.deep.equal([ids[shown]]);
    }
    expect(idsOf(await list('status=expired'))).to.deep.equal([ids.expired, ids.expiredOpen].sort());
    expect(idsOf(await list('status=requires_authentication'))).to.deep.equal([ids.failed, ids.awaiting_payment, ids.expiredOpen].sort());
    const refunded = await list('status=refunded&include=totals');
    expect(refunded.totals).to.include({ count: 1, volume: '80000', refunded: '80000' });
  });

  it('filters the CSV export the same way, and writes the same status in it', async () => {
    const res = await svc.request('GET', '/v1/payment_intents/export.csv?status=partially_refunded', { key: shop.testKey });
    expect(res.status).to.equal(200);
    const rows = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows).to.have.length(2);
    expect(rows[1]).to.contain(ids.partially_refunded).and.to.contain(',partially_refunded,');
  });

  it('keeps the lifecycle reading of succeeded, canceled and processing for a request on API 2026-11-24', async () => {
    const old = { 'Nairaflow-Version': '2026-11-24' };
    expect(idsOf(await list('status=succeeded', old))).to.deep.equal([ids.succeeded, ids.partially_refunded, ids.refunded].sort());
    expect(idsOf(await list('status=canceled', old))).to.deep.equal([ids.canceled, ids.expired].sort());
    expect(idsOf(await list('status=refunded', old))).to.deep.equal([ids.refunded]);
    const csv = await svc.request('GET', '/v1/payment_intents/export.csv?status=succeeded', { key: shop.testKey, headers: old });
    expect(csv.text.trim().split('\r\n')).to.have.length(4);
  });

  it('refuses a status it does not know with 400 naming the parameter', async () => {
    const res = await svc.request('GET', '/v1/payment_intents?status=paid', { key: shop.testKey });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.include({ code: 'invalid_request', param: 'status' });
  });
});
