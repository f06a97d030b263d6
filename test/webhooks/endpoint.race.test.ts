// Events recorded while the endpoint is being deleted, re-created and disabled, all at once: no
// request fails, and no event is left pending with nothing to deliver it.
import { expect } from 'chai';
import { confirm, createIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';

describe('the webhook endpoint changing while events are recorded', function () {
  this.timeout(60_000);
  let svc: TestService;
  let shop: TestMerchant;
  let receiver: Receiver;

  before(async () => {
    svc = await startTestService('endpoint_race', { WEBHOOK_RETRY_BASE_MS: '60000' });
    shop = await svc.createMerchant('Racing Endpoint');
    receiver = await startReceiver({ respond: answer(200) });
  });
  after(async () => {
    await receiver.close();
    await svc.stop();
  });

  it('answers every payment while the endpoint is deleted and set again, and leaves no event pending without a delivery', async () => {
    const intents = await Promise.all(Array.from({ length: 60 }, () => createIntent(svc, shop.testKey)));
    let churning = true;
    const churn = (async () => {
      while (churning) {
        await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
        await svc.request('DELETE', '/v1/webhook_endpoint', { key: shop.testKey });
      }
    })();
    const statuses: number[] = [];
    for (let i = 0; i < intents.length; i += 12) {
      const answers = await Promise.all(intents.slice(i, i + 12).map((intent) => confirm(svc, intent)));
      statuses.push(...answers.map((a) => a.status));
    }
    churning = false;
    await churn;
    expect(statuses.filter((s) => s !== 200), 'confirms that did not answer 200').to.deep.equal([]);

    const [stuck] = await svc.service.orm.em.fork().execute<{ n: string }[]>(
      `select count(*) as n from events e
        where e.merchant_id = ? and e.delivery_status = 'pending'
          and not exists (select 1 from webhook_queue q where q.event_id = e.id)`,
      [shop.id],
    );
    expect(Number(stuck!.n), 'events pending with nothing to deliver them').to.equal(0);
  });
});
