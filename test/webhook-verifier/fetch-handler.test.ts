import { expect } from 'chai';
import { fetchHandler, signatureHeader, type NairaflowEvent } from '../../webhook-verifier/src/index.ts';

const secret = 'whsec_ZmV0Y2hIYW5kbGVyVGVzdFNlY3JldA';
const body = JSON.stringify({ id: 'evt_Tq3yJd0WbS2kXn8ZcV5uLp1A', type: 'webhook.test', created: 1767261792, livemode: false, data: { test: true } });

function delivery(options: { body?: string; header?: string | null; method?: string } = {}): Request {
  const payload = options.body ?? body;
  const header = options.header === undefined ? signatureHeader(payload, secret) : options.header;
  return new Request('https://merchant.example/webhooks', {
    method: options.method ?? 'POST',
    headers: { 'Content-Type': 'application/json', ...(header === null ? {} : { 'Service-Signature': header }) },
    ...(options.method === 'GET' ? {} : { body: payload }),
  });
}

describe('webhook-verifier: fetchHandler (Request -> Response)', () => {
  it('answers 200 before onEvent has finished, and hands onEvent the verified event', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let delivered!: (event: NairaflowEvent) => void;
    const received = new Promise<NairaflowEvent>((resolve) => (delivered = resolve));
    const handler = fetchHandler({
      secret,
      onEvent: async (event) => {
        delivered(event);
        await gate;
      },
    });
    const res = await handler(delivery());
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal('ok\n');
    expect(await received).to.deep.equal(JSON.parse(body));
    release();
  });

  it("gives the runtime's waitUntil the work that follows the response", async () => {
    const kept: Promise<unknown>[] = [];
    const seen: string[] = [];
    const handler = fetchHandler({ secret, onEvent: (event) => void seen.push(event.id) });
    const res = await handler(delivery(), { waitUntil: (promise) => kept.push(promise) });
    expect(res.status).to.equal(200);
    expect(kept).to.have.length(1);
    await kept[0];
    expect(seen).to.deep.equal(['evt_Tq3yJd0WbS2kXn8ZcV5uLp1A']);
  });

  it('answers 400 with the reason on a bad signature, and never calls onEvent', async () => {
    const seen: unknown[] = [];
    const handler = fetchHandler({ secret, onEvent: (event) => void seen.push(event) });
    const wrong = await handler(delivery({ header: signatureHeader(body, 'whsec_d3Jvbmc') }));
    expect(wrong.status).to.equal(400);
    expect(await wrong.text()).to.include('(no_matching_signature)');
    const malformed = await handler(delivery({ header: 't=1,v1=abc' }));
    expect(await malformed.text()).to.include('(malformed_header)');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).to.have.length(0);
  });

  it('answers 400 body_not_raw when the body was already read', async () => {
    const request = delivery();
    await request.json();
    const res = await fetchHandler({ secret, onEvent: () => undefined })(request);
    expect(res.status).to.equal(400);
    expect(await res.text()).to.include('(body_not_raw)');
  });

  it('answers 405 to anything but POST and 413 to an oversized body', async () => {
    const handler = fetchHandler({ secret, onEvent: () => undefined, maxBodyBytes: 50 });
    const get = await handler(delivery({ method: 'GET' }));
    expect(get.status).to.equal(405);
    expect(get.headers.get('allow')).to.equal('POST');
    expect((await handler(delivery())).status).to.equal(413);
  });

  it("with answer: 'after_handler', answers only once onEvent has finished: 200, or 500 when it throws", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const handler = fetchHandler({
      secret,
      answer: 'after_handler',
      onEvent: async () => {
        await gate;
        finished = true;
      },
    });
    const answer = handler(delivery());
    setTimeout(release, 50);
    const res = await answer;
    expect(finished, 'onEvent had finished when the answer came').to.equal(true);
    expect(res.status).to.equal(200);

    const failures: unknown[] = [];
    const failing = fetchHandler({ secret, answer: 'after_handler', onEvent: () => { throw new Error('queue full'); }, onError: (error) => failures.push(error) });
    const failed = await failing(delivery());
    expect(failed.status).to.equal(500);
    expect(await failed.text()).to.include('answering 500 so that Nairaflow retries the event');
    expect(failures).to.have.length(1);
  });

  it('passes what onEvent throws to onError', async () => {
    let reported!: (error: unknown) => void;
    const failure = new Promise<unknown>((resolve) => (reported = resolve));
    const handler = fetchHandler({ secret, onEvent: () => { throw new Error('queue full'); }, onError: (error) => reported(error) });
    expect((await handler(delivery())).status).to.equal(200);
    expect(((await failure) as Error).message).to.equal('queue full');
  });
});
