// GET /v1/reports/summary: a range's totals and one entry per day, in the merchant's time zone
// (Lagos by default), added up from the payments and refunds themselves.
import { expect } from 'chai';
import { paidIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('GET /v1/reports/summary', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('reports');
    shop = await svc.createMerchant();
    // Three payments, placed at chosen instants: the last one late in the evening UTC, which is
    // already the next day in Lagos (UTC+1).
    const placed: [number, string][] = [
      [1_000_000, '2026-11-20T09:00:00Z'],
      [250_000, '2026-11-22T10:00:00Z'],
      [500_000, '2026-11-22T23:30:00Z'],
    ];
    for (const [amount, at] of placed) {
      const intent = await paidIntent(svc, shop, amount);
      await svc.service.orm.em.fork().execute('update payment_intents set succeeded_at = ? where id = ?', [at, intent.id]);
      if (amount === 250_000) {
        const refund = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: 50_000 } });
        await svc.service.orm.em.fork().execute('update refunds set created_at = ? where id = ?', ['2026-11-22T11:00:00Z', refund.body.id]);
      }
    }
  });
  after(() => svc.stop());

  const report = (query: string, key = shop.testKey) => svc.request('GET', `/v1/reports/summary?${query}`, { key });

  it("answers the range's totals and each day, zeros where nothing happened, in Lagos days", async () => {
    const res = await report('from=2026-11-20&to=2026-11-23');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      livemode: false,
      currency: 'NGN',
      from: '2026-11-20',
      to: '2026-11-23',
      time_zone: 'Africa/Lagos',
      volume: '1750000',
      count: 3,
      fees: '56250',
      refunded: '50000',
      net: '1643750',
      days: [
        { date: '2026-11-20', volume: '1000000', count: 1, fees: '25000', refunded: '0', net: '975000' },
        { date: '2026-11-21', volume: '0', count: 0, fees: '0', refunded: '0', net: '0' },
        { date: '2026-11-22', volume: '250000', count: 1, fees: '13750', refunded: '50000', net: '186250' },
        // 23:30 UTC on the 22nd is 00:30 on the 23rd in Lagos.
        { date: '2026-11-23', volume: '500000', count: 1, fees: '17500', refunded: '0', net: '482500' },
      ],
    });
  });

  it('counts only the days asked for, and only the mode of the key', async () => {
    const one = await report('from=2026-11-22&to=2026-11-22');
    expect(one.body).to.deep.include({ volume: '250000', count: 1, refunded: '50000' });
    expect(one.body.days).to.have.length(1);
    const live = await report('from=2026-11-20&to=2026-11-23', shop.liveKey);
    expect(live.body).to.deep.include({ livemode: true, volume: '0', count: 0, net: '0' });
    expect(live.body.days).to.have.length(4);
  });

  it('is there for a dashboard session too, in the mode it asks for', async () => {
    const session = await svc.signIn(shop);
    const res = await svc.request('GET', '/v1/reports/summary?from=2026-11-20&to=2026-11-20', { session, headers: { 'Nairaflow-Mode': 'test' } });
    expect(res.status).to.equal(200);
    expect(res.body.volume).to.equal('1000000');
  });

  it('refuses a range backwards, longer than 366 days, or with a day that does not exist, naming the field', async () => {
    for (const [query, param] of [
      ['from=2026-11-23&to=2026-11-20', 'to'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-11-20', 'to'],
      ['from=yesterday&to=2026-11-20', 'from'],
    ] as const) {
      const res = await report(query);
      expect(res.status, query).to.equal(400);
      expect(res.body.error, query).to.include({ code: 'invalid_request', param });
    }
    // A whole year, a leap day included, is one range.
    expect((await report('from=2027-03-01&to=2028-02-29')).body.days).to.have.length(366);
  });
});
