import { expect } from 'chai';
import { InvalidRequestError, NairaflowError } from '../../sdk/src/index.ts';
import { client, useNock } from './support/nock.ts';

describe('sdk: amounts', () => {
  const { seen } = useNock();

  for (const [label, amount] of [
    ['2^53 (past Number.MAX_SAFE_INTEGER)', 2 ** 53],
    ['1e21', 1e21],
    ['a fraction', 100.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ] as const) {
    it(`refuses ${label} before sending anything, naming the amount`, async () => {
      const nf = client();
      for (const call of [
        () => nf.paymentIntents.create({ amount, currency: 'NGN' }),
        () => nf.refunds.create({ payment_intent: 'pi_1', amount }),
        () => nf.testHelpers.topUp({ amount }),
      ]) {
        let error: unknown;
        try {
          await call();
        } catch (e) {
          error = e;
        }
        expect(error).to.be.instanceOf(InvalidRequestError).and.instanceOf(NairaflowError);
        expect(error).to.include({ param: 'amount', code: 'invalid_request', status: undefined, requestId: undefined });
        expect((error as Error).message).to.match(/Nothing was sent/);
      }
      expect(seen).to.deep.equal([]);
    });
  }

  it('suggests a bigint for a number past 2^53 - 1', async () => {
    const error = await client().paymentIntents.create({ amount: 2 ** 60, currency: 'NGN' }).catch((e: unknown) => e);
    expect((error as Error).message).to.include('MAX_SAFE_INTEGER').and.include(`${2n ** 60n}n`);
  });
});
