import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

// What a merchant developer reads when a request is refused: what the value must be, in words,
// and for a misspelt name, the name meant. Never a regular expression or a validator's phrasing.
describe('validation messages', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('plain_errors');
    shop = await svc.createMerchant('Words');
  });
  after(() => svc.stop());

  const refused = async (method: string, path: string, body?: unknown) => {
    const res = await svc.request(method, path, { key: shop.testKey, ...(body === undefined ? {} : { body }) });
    expect(res.status, res.text).to.equal(400);
    expect(res.body.error.code).to.equal('invalid_request');
    return res.body.error as { message: string; param?: string };
  };

  const cases: [string, string, unknown, string, string][] = [
    ['POST', '/v1/payment_intents', { amount: 0, currency: 'NGN' }, 'amount', 'amount must be a whole number of kobo, at least 1.'],
    ['POST', '/v1/payment_intents', { amount: 1.5, currency: 'NGN' }, 'amount', 'amount must be a whole number of kobo, at least 1 and at most 1000000000000000.'],
    ['POST', '/v1/payment_intents', { amout: 100, currency: 'NGN' }, 'amout', 'unknown parameter amout: did you mean amount?'],
    ['POST', '/v1/payment_intents', { amount: 100, currency: 'NGN', descripton: 'x' }, 'descripton', 'unknown parameter descripton: did you mean description?'],
    ['POST', '/v1/payment_intents', { amount: 100, currency: 'NGN', customer: { emial: 'a@b.co' } }, 'customer.emial', 'unknown parameter customer.emial: did you mean customer.email?'],
    ['POST', '/v1/payment_intents', { amount: 100, currency: 'NGN', colour: 'red' }, 'colour', 'unknown parameter colour: the parameters here are amount, currency, description, metadata, customer and return_url.'],
    ['POST', '/v1/payment_intents', { amount: 100, currency: 'USD' }, 'currency', 'currency must be one of NGN.'],
    ['POST', '/v1/payment_intents', { amount: 100 }, 'currency', 'currency is required.'],
    ['POST', '/v1/payment_intents', { amount: 100, currency: 'NGN', customer: { email: 'nope' } }, 'customer.email', 'customer.email must be an email address.'],
    ['POST', '/v1/payment_intents', { amount: 100, currency: 'NGN', description: 'x'.repeat(501) }, 'description', 'description must be text of at most 500 characters.'],
    ['GET', '/v1/payment_intents?limt=5', undefined, 'limt', 'unknown parameter limt: did you mean limit?'],
    ['GET', '/v1/payment_intents?limit=0', undefined, 'limit', 'limit must be a whole number, at least 1.'],
    ['GET', '/v1/payment_intents?limit=ten', undefined, 'limit', 'limit must be a whole number, written in digits.'],
    ['GET', '/v1/payment_intents?limit=', undefined, 'limit', 'limit is empty: give it a value, or leave it out.'],
    ['GET', '/v1/payment_intents?starting_after=xyz', undefined, 'starting_after', 'starting_after must be an id: pi_ followed by 24 letters and digits.'],
    ['GET', '/v1/events?delivery_status=lost', undefined, 'delivery_status', 'delivery_status must be one of pending, succeeded, failed, no_endpoint or endpoint_disabled.'],
    ['POST', '/v1/refunds', { payment_intent: 'pi_123', amount: 5 }, 'payment_intent', 'payment_intent must be an id: pi_ followed by 24 letters and digits.'],
    ['POST', '/v1/payment_intents', { amount: 100, currency: 'NGN', '4084084084084081': 1 }, '(something that looks like a card number or a secret, not repeated here)', 'unknown parameter (something that looks like a card number or a secret, not repeated here): the parameters here are amount, currency, description, metadata, customer and return_url.'],
    ['GET', `/v1/payment_intents?sk_live_${'a'.repeat(32)}=1`, undefined, '(something that looks like a card number or a secret, not repeated here)', 'unknown parameter (something that looks like a card number or a secret, not repeated here): the parameters here are limit, starting_after, ending_before, status, created[gte], created[lt], q and include.'],
    ['POST', '/v1/webhook_endpoint/recover', { since: 'yesterday' }, 'since', 'since must be a whole number, at least 0 and at most 253402300799, or a date and time such as 2026-01-01T09:00:00Z.'],
  ];
  for (const [method, path, body, param, message] of cases) {
    it(`${method} ${path} ${body === undefined ? '' : JSON.stringify(body).slice(0, 60)}: "${message.slice(0, 70)}"`, async () => {
      expect(await refused(method, path, body)).to.deep.include({ param, message });
    });
  }
});
