import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { parse } from 'yaml';
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
  PermissionError,
  RateLimitError,
  ServiceUnavailableError,
} from '../../sdk/src/index.ts';
import { apiError, BASE, client, failingFirst, KEY, useNock } from './support/nock.ts';
import { root } from './support/package.ts';

describe('sdk: errors', () => {
  const { api } = useNock();

  // The contract's codes, with the status each is documented with (`code` (status) in its description).
  const codeSchema = (parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as { components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[]; description: string } } } } } } } })
    .components.schemas.Error.properties.error.properties.code;
  const statusOf = new Map([...codeSchema.description.matchAll(/`([a-z_]+)` \((\d{3})\)/g)].map((m) => [m[1]!, Number(m[2])]));
  // What a merchant catches for each code.
  const expected: Record<string, Function> = {
    invalid_request: InvalidRequestError,
    payment_intent_unexpected_state: PaymentIntentStateError,
    invalid_api_key: AuthenticationError,
    authentication_required: AuthenticationError,
    invalid_credentials: AuthenticationError,
    csrf_token_invalid: PermissionError,
    password_confirmation_required: PermissionError,
    resource_missing: NotFoundError,
    method_not_allowed: InvalidRequestError,
    insufficient_balance: InsufficientBalanceError,
    idempotency_key_in_use: IdempotencyError,
    request_too_large: InvalidRequestError,
    request_headers_too_large: InvalidRequestError,
    rate_limited: RateLimitError,
    internal_error: APIError,
    service_unavailable: ServiceUnavailableError,
  };

  it('knows a class for every error code of the contract, and a status for each', () => {
    expect(codeSchema.enum).to.have.length.above(10);
    expect(Object.keys(expected).sort()).to.deep.equal([...codeSchema.enum].sort());
    for (const code of codeSchema.enum) expect(statusOf.get(code), code).to.be.a('number');
  });

  for (const code of codeSchema.enum) {
    it(`throws ${expected[code]?.name ?? '(no class)'} for ${code}, with status, code, param, message, doc URL and request id`, async () => {
      const Class = expected[code]!;
      const status = statusOf.get(code)!;
      const param = code === 'invalid_request' ? 'amount' : undefined;
      const [, body, headers] = apiError(status, code, `the ${code} message`, param);
      api().post('/v1/refunds').reply(status, body, headers);
      const error = await client({ maxRetries: 0 }).refunds.create({ payment_intent: 'pi_1' }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Class).and.instanceOf(NairaflowError).and.instanceOf(Error);
      expect(error).to.include({ status, code, param, message: `the ${code} message`, docUrl: `https://pay.example.com/docs#section/${code}`, requestId: headers['x-request-id'], name: Class.name });
    });
  }

  it('throws IdempotencyError for an invalid_request about the Idempotency-Key (a key reused for another request)', async () => {
    api().post('/v1/refunds').reply(...apiError(400, 'invalid_request', 'This key was used for a different request.', 'Idempotency-Key'));
    const error = await client({ maxRetries: 0 }).refunds.create({ payment_intent: 'pi_1' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(IdempotencyError).and.not.instanceOf(InvalidRequestError);
    expect(error).to.include({ status: 400, code: 'invalid_request', param: 'Idempotency-Key' });
  });

  it('carries Retry-After on a 503 service_unavailable, and is also an APIError', async () => {
    api().get('/v1/balance').reply(...apiError(503, 'service_unavailable', 'The service is restarting.', undefined, { 'retry-after': '5' }));
    const error = await client({ maxRetries: 0 }).balance.retrieve().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ServiceUnavailableError).and.instanceOf(APIError);
    expect(error).to.include({ status: 503, code: 'service_unavailable', retryAfter: 5 });
  });

  const byStatus: [number, Function][] = [
    [400, InvalidRequestError],
    [401, AuthenticationError],
    [403, PermissionError],
    [404, NotFoundError],
    [409, InvalidRequestError],
    [422, InvalidRequestError],
    [429, RateLimitError],
    [500, APIError],
    [503, ServiceUnavailableError],
    [504, APIError],
  ];
  for (const [status, Class] of byStatus) {
    it(`throws ${Class.name} for a ${status} with a code this version does not know (a newer server's), keeping the code`, async () => {
      api().get('/v1/balance').reply(...apiError(status, 'brand_new_code', 'Something this SDK has not heard of.'));
      const error = await client({ maxRetries: 0 }).balance.retrieve().catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Class).and.include({ status, code: 'brand_new_code', message: 'Something this SDK has not heard of.', name: Class.name });
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
