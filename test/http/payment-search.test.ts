// Finding payments: GET /v1/payment_intents with q (an id, an e-mail, a phone, a description word,
// a metadata value), created[gte]/created[lt], and include=totals for the whole filter.
import { expect } from 'chai';
import { confirm, createIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('finding payment intents (q, created range, totals)', () => {
  let svc: TestService;
  let shop: TestMerchant;
  const ids: Record<string, string> = {};

  before(async () => {
    svc = await startTestService('payment-search');
    shop = await svc.createMerchant();
    const make = async (name: string, body: Record<string, unknown>, pay: boolean) => {
      const intent = await createIntent(svc, shop.testKey, body);
      if (pay) expect((await confirm(svc, intent)).body.status).to.equal('succeeded');
      ids[name] = intent.id;
    };
    await make('ada', { amount: 250_000, customer: { email: 'Ada.Obi@Example.com' }, description: 'Indigo adire wrapper', metadata: { order_id: 'ORD-1042' } }, true);
    await make('bola', { amount: 500_000, customer: { email: 'bola@example.com', phone: '+2348012345678' }, description: 'Kente scarf', metadata: { order_id: 'ORD-1043' } }, true);
    await make('chi', { amount: 125_000, customer: { email: 'chi@example.com' }, description: 'Adire tote bag' }, false);
    // Another merchant's payment, alike: never found.
    const other = await svc.createMerchant('Other');
    await createIntent(svc, other.testKey, { amount: 250_000, customer: { email: 'ada.obi@example.com' }, description: 'Indigo adire wrapper', metadata: { order_id: 'ORD-1042' } });
    await svc.service.orm.em.fork().execute("update payment_intents set created_at = '2026-11-20T10:00:00Z' where id = ?", [ids.ada]);
  });
  after(() => svc.stop());

  const find = async (query: string) => {
    const res = await svc.request('GET', `/v1/payment_intents?${query}`, { key: shop.testKey });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const found = async (query: string) => (await find(query)).data.map((pi: any) => pi.id).sort();

  it('finds by id, exact e-mail in any case, phone, a description word, and a metadata value', async () => {
    expect(await found(`q=${ids.bola}`)).to.deep.equal([ids.bola]);
    expect(await found('q=ada.obi%40example.com')).to.deep.equal([ids.ada]);
    expect(await found('q=%2B2348012345678')).to.deep.equal([ids.bola]);
    expect(await found('q=adire')).to.deep.equal([ids.ada, ids.chi].sort());
    expect(await found('q=ORD-1043')).to.deep.equal([ids.bola]);
    expect(await found('q=ada')).to.deep.equal([]); // not a word of any description, nor a whole e-mail
    expect(await found("q=%27%3B%20drop%20table%20payment_intents%3B%20--")).to.deep.equal([]);
  });

  it('combines q with status and a created range, and keeps them across pages', async () => {
    expect(await found('q=adire&status=succeeded')).to.deep.equal([ids.ada]);
    expect(await found('created[lt]=1795269600')).to.deep.equal([ids.ada]); // before 2026-11-21 14:00 UTC
    expect(await found('q=adire&created[gte]=1795269600')).to.deep.equal([ids.chi]);
    const first = await find('q=adire&limit=1');
    expect(first.has_more).to.equal(true);
    const second = await find(`q=adire&limit=1&starting_after=${first.data[0].id}`);
    expect(second.has_more).to.equal(false);
    expect([first.data[0].id, second.data[0].id].sort()).to.deep.equal([ids.ada, ids.chi].sort());
  });

  it("answers the whole filter's totals with include=totals, and nothing of the kind without", async () => {
    const all = await find('include=totals&limit=1');
    expect(all.data).to.have.length(1);
    expect(all.totals).to.deep.equal({ count: 3, volume: '750000', fees: '31250', refunded: '0', net: '718750' });
    expect((await find('q=adire&include=totals')).totals).to.deep.equal({ count: 2, volume: '250000', fees: '13750', refunded: '0', net: '236250' });
    expect(await find('limit=1')).not.to.have.property('totals');
  });

  it('refuses a q too long or empty, and an include it does not know', async () => {
    for (const query of [`q=${'x'.repeat(201)}`, 'q=', 'include=everything']) {
      const res = await svc.request('GET', `/v1/payment_intents?${query}`, { key: shop.testKey });
      expect(res.status, query).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
    }
  });

  it('pages a word most descriptions have (a broad search) newest first, as it pages a narrow one', async () => {
    const bulk = await svc.createMerchant('Bulk Shop');
    await svc.service.orm.em.fork().execute(
      `insert into payment_intents (id, merchant_id, livemode, amount, currency, description, metadata, status, client_secret_hash, amount_refunded, created_at, expires_at, customer_email)
       select 'pi_' || lpad((300000 + n)::text, 24, '0'), ?, false, 1000 + n, 'NGN', 'Order ' || n || ' tote', jsonb_build_object('order_id', 'B-' || n), 'requires_authentication', 'x', 0,
              timestamptz '2026-01-01' + n * interval '1 second', timestamptz '2026-02-01', 'buyer' || (n % 7) || '@example.com'
         from generate_series(1, 1200) n`,
      [bulk.id],
    );
    const get = async (query: string) => (await svc.request('GET', `/v1/payment_intents?${query}`, { key: bulk.testKey })).body;
    const first = await get('q=order&limit=3&include=totals');
    expect(first.data.map((pi: any) => pi.description)).to.deep.equal(['Order 1200 tote', 'Order 1199 tote', 'Order 1198 tote']);
    expect(first.totals.count).to.equal(1200);
    const second = await get(`q=order&limit=3&starting_after=${first.data[2].id}`);
    expect(second.data.map((pi: any) => pi.description)).to.deep.equal(['Order 1197 tote', 'Order 1196 tote', 'Order 1195 tote']);
    const back = await get(`q=order&limit=3&ending_before=${second.data[0].id}`);
    expect(back.data.map((pi: any) => pi.id)).to.deep.equal(first.data.map((pi: any) => pi.id));
    // Narrow searches of the same merchant still find exactly theirs.
    expect((await get('q=B-42')).data.map((pi: any) => pi.description)).to.deep.equal(['Order 42 tote']);
    expect((await get('q=buyer3%40example.com&include=totals')).totals.count).to.equal(172);
  });
});
