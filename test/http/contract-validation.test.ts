// The contract's validation, compiled from openapi.yaml (server/src/http/contract-validation.ts),
// and the operation pipeline's use of it: what a request gets from it (defaults, typed
// parameters), what it refuses, and that a response the contract does not allow never leaves.
import { expect } from 'chai';
import express from 'express';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { loadContract } from '../../server/src/http/contract.ts';
import { contractValidation } from '../../server/src/http/contract-validation.ts';
import { errorHandler } from '../../server/src/http/errors.ts';
import { operationPipeline } from '../../server/src/http/pipeline.ts';

const contract = loadContract();
const operation = (id: string) => contract.operations.find((o) => o.operationId === id)!;

describe('the contract validation', () => {
  const validation = contractValidation(contract);

  it('fills in defaults and reads parameters as their types', () => {
    const parts = { params: {}, query: { limit: '25' } as Record<string, unknown>, headers: {}, body: undefined };
    expect(validation.operation(operation('listPaymentIntents')).request(parts)).to.equal(undefined);
    expect(parts.query['limit']).to.equal(25);
    const defaults = { params: {}, query: {} as Record<string, unknown>, headers: {}, body: undefined };
    validation.operation(operation('listEvents')).request(defaults);
    expect(defaults.query['limit']).to.equal(10);
  });

  it('names the first problem the way the API reports it', () => {
    const check = (id: string, parts: Partial<{ params: object; query: object; headers: object; body: unknown }>) =>
      validation.operation(operation(id)).request({ params: {}, query: {}, headers: {}, body: undefined, ...parts } as never);
    expect(check('listPaymentIntents', { query: { limit: '0' } })).to.deep.equal({ path: '/query/limit', message: 'must be >= 1', words: 'limit must be a whole number, at least 1.' });
    expect(check('listPaymentIntents', { query: { colour: 'red' } })).to.deep.include({ path: '/query/colour', message: "Unknown query parameter 'colour'" });
    expect(check('listPaymentIntents', { query: { 'limit[]': '5' } })).to.deep.include({ path: '/query/limit', message: 'must be integer' });
    expect(check('retrievePaymentIntent', { params: { id: 'pi_short' } })).to.deep.include({ path: '/params/id' });
    expect(check('createPaymentIntent', { body: { amount: 100, currency: 'NGN', customer: { emial: 'a@b.co' } } })).to.deep.equal({
      path: '/body/customer/emial',
      message: 'must NOT have additional properties',
      additionalProperty: 'emial',
      words: 'unknown parameter customer.emial: did you mean customer.email?',
    });
    expect(check('createPaymentIntent', { body: { currency: 'NGN' } })).to.deep.equal({
      path: '/body/amount',
      message: "must have required property 'amount'",
      words: 'amount is required.',
    });
    expect(check('createPaymentIntent', { body: { amount: 100, currency: 'NGN' }, headers: { 'idempotency-key': '' } })).to.deep.include({
      path: '/headers/idempotency-key',
      message: 'must NOT have fewer than 1 characters',
    });
    expect(check('listEvents', { query: { type: 'nope' } })!.message).to.match(/^must be equal to one of the allowed values: payment_intent\.succeeded, /);
  });

  it('checks a response against what the contract documents for its status', () => {
    const retrieve = validation.operation(operation('retrieveBalance'));
    expect(retrieve.response(200, { object: 'balance' })!.message).to.match(/^must have required property/);
    // A status the operation does not name is held to its `default` response: the error shape.
    expect(retrieve.response(418, {})).to.deep.equal({ path: '/response/error', message: "must have required property 'error'" });
    expect(retrieve.response(401, { error: { code: 'invalid_api_key', message: 'No.', doc_url: 'https://pay.example.com/docs#section/invalid_api_key', request_id: 'req_0123456789abcdefABCDEF01' } })).to.equal(undefined);
    expect(retrieve.response(401, { error: { code: 'invalid_api_key', message: 'No.', request_id: 'req_0123456789abcdefABCDEF01' } })!.message).to.equal("must have required property 'doc_url'");
  });
});

describe('the operation pipeline', () => {
  it('answers 500, and logs why, instead of sending a response the contract does not allow', async () => {
    const logged: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
    const app = express();
    app.use((req, _res, next) => {
      req.requestId = 'req_test';
      req.operation = contract.match(req.method, req.path);
      next();
    });
    const balance = operation('retrieveBalance');
    app.use(
      operationPipeline({
        steps: [],
        validation: contractValidation(contract),
        validateResponses: true,
        handlers: new Map([[balance, (_req: express.Request, res: express.Response) => void res.json({ object: 'balance', available: 12 })]]),
        log,
      }),
    );
    app.use(errorHandler(log, () => 'http://127.0.0.1'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/balance`);
      expect(res.status).to.equal(500);
      expect((await res.json()).error.code).to.equal('internal_error');
      expect(logged.join('\n')).to.include('a response does not match the contract');
    } finally {
      server.close();
    }
  });
});
