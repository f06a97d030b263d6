import { expect } from 'chai';
import { inspect } from 'node:util';
import * as sdk from '../../sdk/src/index.ts';
import {
  APIError,
  AuthenticationError,
  ConnectionError,
  IdempotencyError,
  InsufficientBalanceError,
  InvalidRequestError,
  NairaflowError,
  NotFoundError,
  PaymentIntentStateError,
  RateLimitError,
} from '../../sdk/src/index.ts';
import { apiError, BASE, client, failingFirst, KEY, useNock } from './support/nock.ts';

describe('sdk: errors', () => {
  const { api } = useNock();

  const cases: [number, string, string | undefined, Function][] = [
    [400, 'invalid_request', 'amount', InvalidRequestError],
    [400, 'payment_intent_unexpected_state', undefined, PaymentIntentStateError],
    [401, 'invalid_api_key', undefined, AuthenticationError],
    [404, 'resource_missing', 'id', NotFoundError],
    [405, 'method_not_allowed', undefined, APIError],
    [409, 'insufficient_balance', undefined, InsufficientBalanceError],
    [409, 'idempotency_key_in_use', 'Idempotency-Key', IdempotencyError],
    [413, 'request_too_large', undefined, InvalidRequestError],
    [429, 'rate_limited', undefined, RateLimitError],
    [500, 'internal_error', undefined, APIError],
  ];
  for (const [status, code, param, Class] of cases) {
    it(`throws ${Class.name} for ${status} ${code}, with status, code, param, message, doc URL and request id`, async () => {
      const [, body, headers] = apiError(status, code, `the ${code} message`, param);
      api().post('/v1/refunds').reply(status, body, headers);
      const error = await client({ maxRetries: 0 }).refunds.create({ payment_intent: 'pi_1' }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Class).and.instanceOf(NairaflowError).and.instanceOf(Error);
      expect(error).to.include({ status, code, param, message: `the ${code} message`, docUrl: `https://pay.example.com/docs#section/${code}`, requestId: headers['x-request-id'], name: Class.name });
    });
  }

  it('a state error is also an InvalidRequestError; the classes do not overlap otherwise', () => {
    const state = new PaymentIntentStateError({ message: 'm', status: 400, code: 'payment_intent_unexpected_state' });
    expect(state).to.be.instanceOf(InvalidRequestError);
    expect(new InvalidRequestError({ message: 'm' })).to.not.be.instanceOf(PaymentIntentStateError);
    expect(new NotFoundError({ message: 'm' })).to.not.be.instanceOf(InvalidRequestError);
    expect(new Error('plain')).to.not.be.instanceOf(NairaflowError);
    expect({ message: 'duck' }).to.not.be.instanceOf(NairaflowError);
  });

  it('maps an answer without the error shape (a proxy’s 502 page) by status, with the x-request-id header', async () => {
    api().get('/v1/balance').reply(502, '<html>Bad Gateway</html>', { 'content-type': 'text/html', 'x-request-id': 'req_fromheader' });
    api().get('/v1/refunds/re_1').reply(404, 'not here', { 'content-type': 'text/plain' });
    const gateway = await client({ maxRetries: 0 }).balance.retrieve().catch((e: unknown) => e);
    expect(gateway).to.be.instanceOf(APIError).and.include({ status: 502, code: undefined, requestId: 'req_fromheader' });
    expect((gateway as Error).message).to.match(/502/);
    expect(await client().refunds.retrieve('re_1').catch((e: unknown) => e)).to.be.instanceOf(NotFoundError);
  });

  it('a ConnectionError says what could not be reached and keeps the cause', async () => {
    const error = await client({ maxRetries: 0, fetch: failingFirst(1).fetch }).balance.retrieve().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ConnectionError).and.include({ status: undefined, timedOut: false });
    expect((error as Error).message).to.equal(`Could not reach ${BASE}: fetch failed: read ECONNRESET`);
    expect((error as Error).cause).to.be.instanceOf(TypeError);
  });

  it('never puts the secret key in a message, even when the server echoes it', async () => {
    api().get('/v1/balance').reply(...apiError(401, 'invalid_api_key', `Invalid API key ${KEY}.`));
    const error = await client().balance.retrieve().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(AuthenticationError);
    expect((error as Error).message).to.equal('Invalid API key sk_***.');
    expect(inspect(error, { depth: 10, showHidden: true })).to.not.include(KEY);
    expect(JSON.stringify(error)).to.not.include(KEY);
  });

  it('instanceof agrees across two copies of the package (two module instances)', async () => {
    // A second copy of the errors module, as a second installed copy of the package would be.
    const other = (await import(`../../sdk/src/errors.ts?copy=${Date.now()}`)) as typeof sdk;
    expect(other.NotFoundError).to.not.equal(NotFoundError);
    const fromOther = new other.NotFoundError({ message: 'm', status: 404, code: 'resource_missing' });
    expect(fromOther).to.be.instanceOf(NotFoundError).and.instanceOf(NairaflowError);
    expect(fromOther).to.not.be.instanceOf(InvalidRequestError);
    expect(new PaymentIntentStateError({ message: 'm' })).to.be.instanceOf(other.InvalidRequestError);
  });
});
