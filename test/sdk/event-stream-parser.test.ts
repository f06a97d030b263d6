// How `nairaflow listen` reads Server-Sent Events: as the HTML standard's parser does, whatever
// line endings a proxy leaves and wherever the network splits the bytes.
import { expect } from 'chai';
import { EventStreamParser, readEventStream, type StreamItem } from '../../sdk/src/event-stream.ts';

const EVENT = '{"id":"evt_1","type":"webhook.test","created":1,"livemode":false,"data":{"test":true}}';

function parseInChunks(text: string, at: number[]): StreamItem[] {
  const parser = new EventStreamParser();
  const items: StreamItem[] = [];
  let start = 0;
  for (const end of [...at, text.length]) {
    items.push(...parser.push(text.slice(start, end)));
    start = end;
  }
  return items;
}

describe('sdk: nairaflow listen reading the event stream', () => {
  const expected: StreamItem[] = [
    { kind: 'retry', ms: 2000 },
    { kind: 'message', message: { id: 'evt_1', event: 'webhook.test', data: EVENT } },
    { kind: 'message', message: { id: 'evt_2', event: 'refund.succeeded', data: 'a\nb' } },
  ];

  for (const [name, eol] of [['LF', '\n'], ['CRLF', '\r\n'], ['CR', '\r']] as const) {
    it(`reads the same events from lines ending in ${name}, split at any point`, () => {
      const text = ['retry: 2000', '', ': keep-alive', '', `id: evt_1`, 'event: webhook.test', `data: ${EVENT}`, '', 'id: evt_2', 'event: refund.succeeded', 'data: a', 'data:b', '', ''].join(eol);
      for (let cut = 0; cut <= text.length; cut++) {
        // An empty chunk (a lone byte of a longer character decodes to nothing) changes nothing.
        expect(parseInChunks(text, [cut, cut]), `split at ${cut}`).to.deep.equal(expected);
      }
    });
  }

  it('dispatches nothing for a message cut off before its blank line, nor for comments alone', () => {
    expect(new EventStreamParser().push(`: keep-alive\n\nid: evt_3\nevent: webhook.test\ndata: ${EVENT}\n`)).to.deep.equal([]);
  });

  it('reports an id sent without data as a position to resume from, not as a message', () => {
    expect(new EventStreamParser().push('retry: 2000\n\nid: pos_MTIwMzoxMjAzOg\n\n')).to.deep.equal([
      { kind: 'retry', ms: 2000 },
      { kind: 'position', id: 'pos_MTIwMzoxMjAzOg' },
    ]);
  });

  it('decodes UTF-8 split across chunks and drops a leading byte order mark', async () => {
    const bytes = new TextEncoder().encode(`\uFEFFid: evt_4\nevent: webhook.test\ndata: {"name":"Ọjà ₦"}\n\n`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    const items: StreamItem[] = [];
    let chunks = 0;
    for await (const item of readEventStream(body, () => chunks++)) items.push(item);
    expect(items).to.deep.equal([{ kind: 'message', message: { id: 'evt_4', event: 'webhook.test', data: '{"name":"Ọjà ₦"}' } }]);
    expect(chunks).to.equal(bytes.length);
  });
});
