// The ledger entries behind the available balance.
import { expect } from 'chai';
import { confirm, createIntent, paidIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('GET /v1/balance/entries', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('balance_entries');
    shop = await svc.createMerchant('Adire & Co');
  });
  after(() => svc.stop());

  const entries = async (query = '', key = shop.testKey) => {
    const res = await svc.request('GET', `/v1/balance/entries${query}`, { key });
    expect(res.status, res.text).to.equal(200);
    return res.body as { data: { id: string; type: string; amount: string; fee: string; balance_after: string; payment_intent: string | null; refund: string | null }[]; has_more: boolean };
  };

  it('starts empty', async () => {
    const fresh = await svc.createMerchant('Fresh');
    expect(await entries('', fresh.testKey)).to.deep.equal({ object: 'list', data: [], has_more: false });
  });

  it('shows each payment net of its fee, each refund negative and each top-up, newest first, summing to the balance', async () => {
    const intent = await paidIntent(svc, shop, 250_000); // fee 13,750 kobo: 236,250 to the balance
    const refund = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: 50_000 } });
    await svc.request('POST', '/v1/test_helpers/top_up', { key: shop.testKey, body: { amount: 1_000 } });

    const page = await entries();
    expect(page.data.map((e) => [e.type, e.amount, e.payment_intent, e.refund])).to.deep.equal([
      ['top_up', '1000', null, null],
      ['refund', '-50000', intent.id, refund.body.id],
      ['payment', '236250', intent.id, null],
    ]);
    // The payment's fee is said beside its net, and each entry carries the balance right after it.
    expect(page.data.map((e) => [e.fee, e.balance_after])).to.deep.equal([
      ['0', '187250'],
      ['0', '186250'],
      ['13750', '236250'],
    ]);
    const sum = page.data.reduce((total, e) => total + BigInt(e.amount), 0n);
    const balance = await svc.request('GET', '/v1/balance', { key: shop.testKey });
    expect(sum.toString()).to.equal(balance.body.available);
    // The live balance has no entries of test money.
    expect((await entries('', shop.liveKey)).data).to.deep.equal([]);
  });

  it('pages both ways with the entry ids as cursors', async () => {
    const merchant = await svc.createMerchant('Pager');
    for (const amount of [100, 200, 300, 400, 500]) {
      await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount } });
    }
    const first = await entries('?limit=2', merchant.testKey);
    expect(first.data.map((e) => e.amount)).to.deep.equal(['500', '400']);
    expect(first.has_more).to.equal(true);
    const second = await entries(`?limit=2&starting_after=${first.data[1]!.id}`, merchant.testKey);
    expect(second.data.map((e) => e.amount)).to.deep.equal(['300', '200']);
    const last = await entries(`?limit=2&starting_after=${second.data[1]!.id}`, merchant.testKey);
    expect(last).to.deep.include({ has_more: false });
    expect(last.data.map((e) => e.amount)).to.deep.equal(['100']);
    const back = await entries(`?limit=2&ending_before=${second.data[0]!.id}`, merchant.testKey);
    expect(back.data.map((e) => e.amount)).to.deep.equal(['500', '400']);
  });

  it('exports every entry as CSV with its gross, fee, net and running balance, newest first, spreadsheet-safe', async () => {
    const merchant = await svc.createMerchant('Exporter');
    const intent = await createIntent(svc, merchant.testKey, { amount: 250_000, description: '=HYPERLINK("http://evil")' });
    await confirm(svc, intent);
    await svc.request('POST', '/v1/refunds', { key: merchant.testKey, body: { payment_intent: intent.id, amount: 50_000 } });
    await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 1_000 } });
    const res = await svc.request('GET', '/v1/balance/entries/export.csv', { key: merchant.testKey });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="balance-test-\d{4}-\d\d-\d\d\.csv"$/);
    // fetch's text() drops a leading BOM, as decoders do: the bytes show it.
    const bytes = new Uint8Array(await (await fetch(`${svc.url}/v1/balance/entries/export.csv`, { headers: { authorization: `Bearer ${merchant.testKey}` } })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const ids = (await entries('', merchant.testKey)).data.map((e) => e.id);
    const lines = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).to.deep.equal([
      'id,created_at,type,gross_ngn,fee_ngn,net_ngn,balance_after_ngn,payment_intent,refund,payout,description,livemode',
      `${ids[0]},${lines[1]!.split(',')[1]},top_up,10.00,0.00,10.00,1872.50,,,,,false`,
      `${ids[1]},${lines[2]!.split(',')[1]},refund,-500.00,0.00,-500.00,1862.50,${intent.id},${lines[2]!.split(',')[8]},,"'=HYPERLINK(""http://evil"")",false`,
      `${ids[2]},${lines[3]!.split(',')[1]},payment,2500.00,137.50,2362.50,2362.50,${intent.id},,,"'=HYPERLINK(""http://evil"")",false`,
    ]);
    expect(lines[2]!.split(',')[8]).to.match(/^re_/);
  });

  it('names entries with opaque ids that say nothing of how many entries the platform has written', async () => {
    const merchant = await svc.createMerchant('Counter');
    for (const amount of [100, 200]) await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount } });
    const [newer, older] = (await entries('', merchant.testKey)).data;
    for (const entry of [newer!, older!]) expect(entry.id).to.match(/^le_[0-9a-f]{32}$/);
    // Nothing in two consecutive ids relates them.
    expect(newer!.id.slice(0, 12)).not.to.equal(older!.id.slice(0, 12));
    expect((await entries(`?starting_after=${newer!.id}`, merchant.testKey)).data.map((e) => e.id)).to.deep.equal([older!.id]);
    // An entry number (the form ids had before) is no cursor: it could be used to probe the counter.
    const [row] = await svc.service.orm.em.fork().execute<{ id: string }[]>('select id::text as id from ledger_entries where public_id = ?', [newer!.id]);
    const numbered = await svc.request('GET', `/v1/balance/entries?starting_after=le_${row!.id}`, { key: merchant.testKey });
    expect(numbered.status).to.equal(400);
    expect(numbered.body.error).to.include({ code: 'invalid_request', param: 'starting_after' });
  });

  it('refuses a cursor that is not an entry of this balance, and both cursors at once, with 400', async () => {
    const mine = (await entries()).data[0]!.id;
    const other = await svc.createMerchant('Other Books');
    for (const [query, param] of [
      [`?starting_after=${mine}`, 'starting_after'],
      ['?ending_before=le_999999999', 'ending_before'],
      [`?starting_after=${mine}&ending_before=${mine}`, 'ending_before'],
      ['?starting_after=re_123', 'starting_after'],
    ] as const) {
      const res = await svc.request('GET', `/v1/balance/entries${query}`, { key: other.testKey });
      expect(res.status, query).to.equal(400);
      expect(res.body.error).to.include({ code: 'invalid_request', param });
    }
  });
});
