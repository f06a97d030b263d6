// GET /v1/payment_intents/export.csv: every payment the filters find, as CSV a spreadsheet opens
// safely (UTF-8 with a BOM, quoted, no formula cells), streamed whatever the number of rows.
import { expect } from 'chai';
import { confirm, createIntent, waitFor } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

/** The CSV's rows as arrays of cells (RFC 4180, as the export writes it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  return rows;
}

describe('GET /v1/payment_intents/export.csv', function () {
  this.timeout(60_000);
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('payment-export');
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const exportCsv = (query = '', key = shop.testKey) => svc.request('GET', `/v1/payment_intents/export.csv${query}`, { key });

  it('is a UTF-8 CSV with a BOM and a header, an attachment, with the statuses and naira the dashboard shows', async () => {
    const paid = await createIntent(svc, shop.testKey, { amount: 250_000, customer: { email: 'ada@example.com' }, description: 'Àdìrẹ wrapper, "indigo"', metadata: { order_id: '1042' } });
    await confirm(svc, paid);
    await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id, amount: 50_000 } });
    await createIntent(svc, shop.testKey, { amount: 1_500_000, customer: { email: 'bola@example.com' } });
    const res = await exportCsv();
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="payments-test-\d{4}-\d{2}-\d{2}\.csv"$/);
    // fetch's text() drops a leading BOM, as decoders do: the bytes show it.
    const bytes = new Uint8Array(await (await fetch(`${svc.url}/v1/payment_intents/export.csv`, { headers: { authorization: `Bearer ${shop.testKey}` } })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    expect(res.text.startsWith('id,created_at,status,gross_ngn,fee_ngn,refunded_ngn,net_ngn,currency,customer_email,customer_phone,description,metadata,succeeded_at,livemode\r\n')).to.equal(true);
    const [, awaiting, partial] = parseCsv(res.text);
    expect(awaiting!.slice(2, 7)).to.deep.equal(['awaiting_payment', '15000.00', '0.00', '0.00', '0.00']);
    expect(partial!.slice(0, 12)).to.deep.equal([paid.id, partial![1], 'partially_refunded', '2500.00', '137.50', '500.00', '1862.50', 'NGN', 'ada@example.com', '', 'Àdìrẹ wrapper, "indigo"', '{"order_id":"1042"}']);
  });

  it('never writes a cell a spreadsheet would run as a formula', async () => {
    const other = await svc.createMerchant();
    for (const [description, value] of [['=HYPERLINK("http://evil.example","click")', '+1+1'], ['@SUM(A1)', '-2'], ['\tTabbed', 'ok']]) {
      await createIntent(svc, other.testKey, { amount: 10_000, description, metadata: { note: value } });
    }
    const rows = parseCsv((await exportCsv('', other.testKey)).text).slice(1);
    const descriptions = rows.map((r) => r[10]);
    expect(descriptions.sort()).to.deep.equal(["'\tTabbed", `'=HYPERLINK("http://evil.example","click")`, "'@SUM(A1)"].sort());
    for (const row of rows) for (const cell of row) expect(cell, cell).not.to.match(/^[=+\-@\t\r]/);
  });

  it('takes the list filters', async () => {
    const mine = await svc.createMerchant();
    const a = await createIntent(svc, mine.testKey, { amount: 10_000, customer: { email: 'find.me@example.com' } });
    await createIntent(svc, mine.testKey, { amount: 20_000, customer: { email: 'not.me@example.com' } });
    const rows = parseCsv((await exportCsv('?q=find.me%40example.com', mine.testKey)).text);
    expect(rows.map((r) => r[0])).to.deep.equal(['id', a.id]);
    expect(parseCsv((await exportCsv('?status=succeeded', mine.testKey)).text)).to.have.length(1);
  });

  it('streams 100,000 payments, every one, in order, and a client that leaves early stops it without harm', async () => {
    const big = await svc.createMerchant('Big Shop');
    await svc.service.orm.em.fork().execute(
      `insert into payment_intents (id, merchant_id, livemode, amount, currency, description, metadata, status, client_secret_hash, amount_refunded, created_at, expires_at)
       select 'pi_' || lpad(n::text, 24, '0'), ?, false, 1000 + n, 'NGN', 'bulk ' || n, '{}'::jsonb, 'requires_authentication', 'x', 0,
              timestamptz '2026-01-01' + n * interval '1 second', timestamptz '2026-02-01'
         from generate_series(1, 100000) n`,
      [big.id],
    );
    const res = await fetch(`${svc.url}/v1/payment_intents/export.csv`, { headers: { authorization: `Bearer ${big.testKey}` } });
    const text = await res.text();
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).to.have.length(100_001);
    expect(lines[1]!.startsWith('pi_000000000000000000100000,')).to.equal(true);
    expect(lines.at(-1)!.startsWith('pi_000000000000000000000001,')).to.equal(true);

    const controller = new AbortController();
    const partial = await fetch(`${svc.url}/v1/payment_intents/export.csv`, { headers: { authorization: `Bearer ${big.testKey}` }, signal: controller.signal });
    const reader = partial.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);
    expect((await svc.request('GET', '/v1/balance', { key: big.testKey })).status).to.equal(200);
  });

  it('runs at most two exports of a merchant at once (429 beyond, with Retry-After), so slow readers cannot hold the pool the API shares', async () => {
    const big = await svc.createMerchant('Slow Readers');
    await svc.service.orm.em.fork().execute(
      `insert into payment_intents (id, merchant_id, livemode, amount, currency, description, metadata, status, client_secret_hash, amount_refunded, created_at, expires_at)
       select 'pi_' || lpad((200000 + n)::text, 24, '0'), ?, false, 1000 + n, 'NGN', 'slow ' || n, '{}'::jsonb, 'requires_authentication', 'x', 0,
              timestamptz '2026-01-01' + n * interval '1 second', timestamptz '2026-02-01'
         from generate_series(1, 50000) n`,
      [big.id],
    );
    // Two downloads that read their first bytes and then nothing more (the socket fills; the export waits).
    const stalled = await Promise.all(
      [1, 2].map(async () => {
        const controller = new AbortController();
        const res = await fetch(`${svc.url}/v1/payment_intents/export.csv`, { headers: { authorization: `Bearer ${big.testKey}` }, signal: controller.signal });
        expect(res.status).to.equal(200);
        const reader = res.body!.getReader();
        await reader.read();
        return { controller, reader };
      }),
    );
    try {
      const third = await svc.request('GET', '/v1/payment_intents/export.csv', { key: big.testKey });
      expect(third.status).to.equal(429);
      expect(third.body.error.code).to.equal('rate_limited');
      expect(Number(third.headers.get('retry-after'))).to.be.at.least(1);
      // The rest of the API answers meanwhile, and another merchant's export runs.
      expect((await svc.request('GET', '/v1/balance', { key: big.testKey })).status).to.equal(200);
      expect((await svc.request('GET', '/v1/balance/entries/export.csv', { key: shop.testKey })).status).to.equal(200);
    } finally {
      for (const { controller, reader } of stalled) {
        controller.abort();
        await reader.cancel().catch(() => undefined);
      }
    }
    // Once they are gone, an export runs again.
    const again = await waitFor('an export slot to free up', async () => {
      const res = await svc.request('GET', '/v1/balance/entries/export.csv', { key: big.testKey });
      return res.status === 200 ? res : undefined;
    });
    expect(again.status).to.equal(200);
  });
});
