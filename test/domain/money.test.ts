import { expect } from 'chai';
import { koboToWire, nairaText, serviceFee } from '../../server/src/domain/money.ts';

describe('service fee', () => {
  const cases: [bigint, bigint, string][] = [
    [1n, 0n, '1.5% of 1 kobo is 0.015: rounds down'],
    [33n, 0n, '0.495 rounds down'],
    [34n, 1n, '0.51 rounds up'],
    [100n, 2n, '1.5 rounds half-up to 2'],
    [300n, 5n, '4.5 rounds half-up to 5'],
    [249_999n, 3750n, 'just under NGN 2,500: 3749.985 -> 3750, no flat fee'],
    [250_000n, 13_750n, 'NGN 2,500 exactly: 3750 + NGN 100'],
    [250_001n, 13_750n, '3750.015 -> 3750, + NGN 100'],
    [12_666_633n, 199_999n, 'just under the cap: 189999.495 -> 189999, + 10000'],
    [12_666_700n, 200_000n, 'reaches the cap: 190000.5 -> 190001, + 10000, capped'],
    [1_000_000_000_000_000n, 200_000n, 'the largest amount pays the cap'],
  ];
  for (const [amount, fee, why] of cases) {
    it(`charges ${fee} kobo on ${amount} kobo (${why})`, () => {
      expect(serviceFee(amount)).to.equal(fee);
    });
  }

  it('is never more than the amount', () => {
    for (let amount = 1n; amount < 400n; amount++) expect(serviceFee(amount) <= amount).to.equal(true);
  });

  it('refuses a zero amount', () => {
    expect(() => serviceFee(0n)).to.throw(RangeError);
  });

  it('writes kobo as decimal strings, exactly, beyond 2^53', () => {
    expect(koboToWire(9_007_199_254_740_993n)).to.equal('9007199254740993');
  });
});

describe('naira as a person reads it', () => {
  const cases: [bigint, string][] = [
    [0n, 'NGN 0'],
    [250_000n, 'NGN 2,500'],
    [250_050n, 'NGN 2,500.50'],
    [5n, 'NGN 0.05'],
    [-100_000n, '-NGN 1,000'],
    [10n ** 17n, 'NGN 1,000,000,000,000,000'],
  ];
  for (const [kobo, text] of cases) {
    it(`writes ${kobo} kobo as ${text}`, () => {
      expect(nairaText(kobo)).to.equal(text);
    });
  }
});
