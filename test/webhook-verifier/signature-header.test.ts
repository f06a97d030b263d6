import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { constructEvent, constructEventAsync, signatureHeader, signatureHeaderAsync } from '../../webhook-verifier/src/index.ts';
import { vectors } from './support/package.ts';

const secret = 'whsec_c2lnbmF0dXJlSGVhZGVyVGVzdFNlY3JldA';
const body = JSON.stringify({ id: 'evt_Tq3yJd0WbS2kXn8ZcV5uLp1A', type: 'webhook.test', created: 1767261792, livemode: false, data: { test: true } });

describe('webhook-verifier: signatureHeader', () => {
  it('makes the header Nairaflow sends, which constructEvent then accepts', () => {
    const header = signatureHeader(body, secret, { timestamp: 1767261792 });
    const expected = createHmac('sha256', secret).update(`1767261792.${body}`).digest('hex');
    expect(header).to.equal(`t=1767261792,v1=${expected}`);
    expect(constructEvent(body, header, secret, { now: 1767261792 })).to.deep.equal(JSON.parse(body));
  });

  it('reproduces the header of every valid test vector in the canonical one-v1 form', () => {
    const canonical = vectors.filter((v) => 'valid' in v.expected && v.secrets.length === 1 && /^t=\d+,v1=[0-9a-f]{64}$/.test(v.header ?? ''));
    expect(canonical.map((v) => v.name)).to.include.members(['valid', 't_plus_299', 't_minus_299', 'unicode_body']);
    for (const v of canonical) {
      const t = Number(/^t=(\d+)/.exec(v.header!)![1]);
      expect(signatureHeader(v.body, v.secrets[0]!, { timestamp: t }), v.name).to.equal(v.header);
      expect(signatureHeader(Buffer.from(v.body), v.secrets[0]!, { timestamp: t }), v.name).to.equal(v.header);
    }
  });

  it('signs with the current time by default, so a fresh header verifies without setting now', async () => {
    const header = signatureHeader(body, secret);
    expect(constructEvent(body, header, secret).type).to.equal('webhook.test');
    expect((await constructEventAsync(body, await signatureHeaderAsync(body, secret), secret)).type).to.equal('webhook.test');
  });

  it('gives one v1 per secret, as during a secret roll, each accepted alone', () => {
    const header = signatureHeader(body, [secret, 'whsec_b2xk'], { timestamp: 100 });
    expect(header.split(',')).to.have.length(3);
    expect(constructEvent(body, header, secret, { now: 100 }).id).to.equal('evt_Tq3yJd0WbS2kXn8ZcV5uLp1A');
    expect(constructEvent(body, header, 'whsec_b2xk', { now: 100 }).id).to.equal('evt_Tq3yJd0WbS2kXn8ZcV5uLp1A');
  });

  it('signatureHeaderAsync (WebCrypto) gives the same header as signatureHeader', async () => {
    for (const payload of [body, '', 'ünïcödé ₦ 🛒']) {
      expect(await signatureHeaderAsync(payload, [secret, 'whsec_b2xk'], { timestamp: 42 })).to.equal(signatureHeader(payload, [secret, 'whsec_b2xk'], { timestamp: 42 }));
    }
  });

  it('refuses a timestamp that is not whole Unix seconds', () => {
    expect(() => signatureHeader(body, secret, { timestamp: 1.5 })).to.throw(TypeError, /whole seconds/);
    expect(() => signatureHeader(body, secret, { timestamp: Date.now() / 1000 })).to.throw(TypeError);
  });
});
