import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { Nairaflow, VERSION, WebhookVerificationError, webhooks } from '../../sdk/src/index.ts';
import * as verifier from '../../webhook-verifier/src/index.ts';
import { BASE, KEY, client } from './support/nock.ts';

describe('sdk: the client', () => {
  it('knows its mode from the key', () => {
    expect(client().livemode).to.equal(false);
    expect(new Nairaflow('sk_live_' + 'L'.repeat(32), { baseUrl: BASE }).livemode).to.equal(true);
  });

  it('refuses something that is not a secret key, without repeating it', () => {
    for (const key of ['', 'whsec_abcdefabcdefabcdefabcdefabcdef12', 'pk_test_abc', 'sk_prod_abc', undefined]) {
      expect(() => new Nairaflow(key as string, { baseUrl: BASE }))
        .to.throw(TypeError, /secret key \(sk_test_\.\.\. or sk_live_\.\.\.\)/)
        .with.property('message')
        .that.does.not.include(String(key) || 'whsec');
    }
  });

  it('wants the server origin as baseUrl, without /v1', () => {
    expect(() => new Nairaflow(KEY, { baseUrl: 'https://api.example.com/v1' })).to.throw(TypeError, /without \/v1/);
    expect(() => new Nairaflow(KEY, { baseUrl: 'not a url' })).to.throw(TypeError, /baseUrl/);
    expect(() => new Nairaflow(KEY, {} as never)).to.throw(TypeError, /baseUrl/);
    expect(() => new Nairaflow(KEY, { baseUrl: BASE, maxRetries: -1 })).to.throw(TypeError, /maxRetries/);
    expect(new Nairaflow(KEY, { baseUrl: 'https://api.example.com/' }).toJSON().baseUrl).to.equal('https://api.example.com');
  });

  it('says baseUrl is required, and what to give it, when it is left out (or no options at all)', () => {
    for (const make of [() => new Nairaflow(KEY, {} as never), () => new (Nairaflow as unknown as new (key: string) => Nairaflow)(KEY)]) {
      expect(make)
        .to.throw(TypeError)
        .with.property('message')
        .that.equals("Nairaflow: options.baseUrl is required: the Nairaflow server's URL, such as https://api.example.com (http://127.0.0.1:3000 for npm start).");
    }
    // The type says so too: a client without it does not compile.
    // @ts-expect-error baseUrl is required
    expect(() => new Nairaflow(KEY, { maxRetries: 1 })).to.throw(TypeError, /baseUrl is required/);
  });

  it('never shows the secret key: console.log/inspect, JSON, enumerable properties', () => {
    const nf = client();
    for (const shown of [inspect(nf), inspect(nf, { showHidden: true, depth: 20, customInspect: false }), JSON.stringify(nf), String(Object.values(nf)), inspect(nf.paymentIntents, { showHidden: true, depth: 20 })]) {
      expect(shown).to.not.include(KEY);
      expect(shown).to.not.include(KEY.slice(8));
    }
    expect(inspect(nf)).to.equal(`Nairaflow { livemode: false, baseUrl: '${BASE}' }`);
  });

  it('re-exports the webhook verifier as nf.webhooks', () => {
    const nf = client();
    expect(nf.webhooks).to.equal(webhooks);
    const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', created: 1, livemode: false, data: { test: true } });
    const header = nf.webhooks.signatureHeader(body, 'whsec_test', { timestamp: 1_700_000_000 });
    const event = nf.webhooks.constructEvent(Buffer.from(body), header, 'whsec_test', { now: 1_700_000_000 });
    expect(nf.webhooks.isTestEvent(event)).to.equal(true);
    expect(() => nf.webhooks.constructEvent(Buffer.from(body), header, 'whsec_wrong', { now: 1_700_000_000 }))
      .to.throw(WebhookVerificationError)
      .with.property('code', 'no_matching_signature');
    expect(nf.webhooks.constructEventAsync).to.be.a('function');
    expect(nf.webhooks.verifySignature).to.be.a('function');
    expect(verifier.signatureHeader(body, 'whsec_test', { timestamp: 1 })).to.equal(nf.webhooks.signatureHeader(body, 'whsec_test', { timestamp: 1 }));
  });

  it('sends its package version in User-Agent', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../sdk/package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).to.equal(manifest.version);
  });
});
