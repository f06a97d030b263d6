import { expect } from 'chai';
import { cardBrand, hasExpired, passesLuhn } from '../../server/src/domain/card.ts';
import { TEST_CARDS } from '../../server/src/domain/processor/test-cards.ts';

describe('card checks', () => {
  it('accepts every test card under the Luhn check', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(passesLuhn(number), number).to.equal(true);
  });

  it('refuses a mistyped digit, a transposition and non-digits', () => {
    expect(passesLuhn('4084084084084082')).to.equal(false);
    expect(passesLuhn('4084084084080481')).to.equal(false);
    expect(passesLuhn('4084a84084084081')).to.equal(false);
    expect(passesLuhn('40840840')).to.equal(false);
  });

  it('treats a card as good through the last day of its expiry month', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(hasExpired(11, 2026, now)).to.equal(false);
    expect(hasExpired(10, 2026, now)).to.equal(true);
    expect(hasExpired(1, 2027, now)).to.equal(false);
    expect(hasExpired(12, 2025, now)).to.equal(true);
  });

  it('names the brand from the number', () => {
    expect(cardBrand('5060666666666666666')).to.equal('verve');
    expect(cardBrand('4084084084084081')).to.equal('visa');
    expect(cardBrand('5555555555554444')).to.equal('mastercard');
    expect(cardBrand('2223003122003222')).to.equal('mastercard');
  });
});
