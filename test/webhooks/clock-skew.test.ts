import { expect } from 'chai';
import { skewOf } from '../../server/src/webhooks/send.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { waitFor } from '../support/payments.ts';

describe("the receiver's clock, read from each answer's Date", () => {
  const now = Date.parse('2026-11-24T10:00:00.250Z');

  it('is the receiver minus us in whole seconds, null without a readable Date, and never beyond what can be recorded', () => {
    expect(skewOf('Tue, 24 Nov 2026 10:02:00 GMT', now)).to.equal(120);
    expect(skewOf('Tue, 24 Nov 2026 09:59:00 GMT', now)).to.equal(-60);
    // The header drops the fraction of its second: half a second is added back.
    expect(skewOf('Tue, 24 Nov 2026 10:00:00 GMT', now)).to.equal(0);
    expect(skewOf(undefined, now)).to.equal(null);
    expect(skewOf('yesterday', now)).to.equal(null);
    expect(skewOf('Fri, 01 Jan 2100 00:00:00 GMT', now)).to.equal(2 ** 31 - 1);
    expect(skewOf('Thu, 01 Jan 1970 00:00:00 GMT', now)).to.equal(-Math.round((now - 500) / 1000));
  });

  describe('against a receiver whose clock is decades off', () => {
    let svc: TestService;
    let receiver: Receiver;
    before(async () => {
      svc = await startTestService('clock_skew');
      receiver = await startReceiver({ respond: (_r, _i, res) => res.writeHead(200, { date: 'Fri, 01 Jan 2100 00:00:00 GMT' }).end('ok') });
    });
    after(async () => {
      await svc.stop();
      await receiver.close();
    });

    it('records the delivery once, succeeded, with the skew at its largest; a manual redelivery too', async () => {
      const shop = await svc.createMerchant('Far Future');
      await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
      const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
      await waitFor('the delivery to settle', async () => {
        const { body } = await svc.request('GET', `/v1/events/${event.id}`, { key: shop.testKey });
        return body.delivery_status === 'succeeded' ? true : undefined;
      });
      const manual = await svc.request('POST', `/v1/events/${event.id}/redeliver`, { key: shop.testKey });
      expect(manual.status, manual.text).to.equal(200);
      const { body } = await svc.request('GET', `/v1/events/${event.id}/deliveries`, { key: shop.testKey });
      expect(body.data.map((d: { response_status: number; receiver_clock_skew_seconds: number }) => [d.response_status, d.receiver_clock_skew_seconds])).to.deep.equal([
        [200, 2 ** 31 - 1],
        [200, 2 ** 31 - 1],
      ]);
      expect(receiver.received).to.have.length(2);
    });
  });
});
