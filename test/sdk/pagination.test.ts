import { expect } from 'chai';
import { InvalidRequestError } from '../../sdk/src/index.ts';
import { client, intent, useNock } from './support/nock.ts';

const page = (ids: string[], has_more: boolean) => ({ object: 'list', data: ids.map((id) => intent(id)), has_more });

describe('sdk: pagination', () => {
  const { api, seen } = useNock();

  it('awaiting a list gives its first page, as the API sent it', async () => {
    api().get('/v1/payment_intents').query({ limit: '2' }).reply(200, page(['pi_5', 'pi_4'], true));
    const first = await client().paymentIntents.list({ limit: 2 });
    expect(first.object).to.equal('list');
    expect(first.has_more).to.equal(true);
    expect(first.data.map((p) => p.id)).to.deep.equal(['pi_5', 'pi_4']);
  });

  it('for await walks every page with starting_after = the last id, keeping the filters', async () => {
    api()
      .get('/v1/payment_intents').query({ limit: '2', status: 'succeeded' }).reply(200, page(['pi_5', 'pi_4'], true))
      .get('/v1/payment_intents').query({ limit: '2', status: 'succeeded', starting_after: 'pi_4' }).reply(200, page(['pi_3', 'pi_2'], true))
      .get('/v1/payment_intents').query({ limit: '2', status: 'succeeded', starting_after: 'pi_2' }).reply(200, page(['pi_1'], false));
    const ids: string[] = [];
    for await (const pi of client().paymentIntents.list({ limit: 2, status: 'succeeded' })) ids.push(pi.id);
    expect(ids).to.deep.equal(['pi_5', 'pi_4', 'pi_3', 'pi_2', 'pi_1']);
    expect(seen).to.have.length(3);
  });

  it('reuses the first page when the list was awaited before being iterated', async () => {
    api()
      .get('/v1/refunds').query({ limit: '1' }).reply(200, { object: 'list', data: [{ id: 're_2' }], has_more: true })
      .get('/v1/refunds').query({ limit: '1', starting_after: 're_2' }).reply(200, { object: 'list', data: [{ id: 're_1' }], has_more: false });
    const list = client().refunds.list({ limit: 1 });
    expect((await list).data).to.have.length(1);
    const ids: string[] = [];
    for await (const refund of list) ids.push(refund.id);
    expect(ids).to.deep.equal(['re_2', 're_1']);
    expect(seen).to.have.length(2);
  });

  it('autoPagingToArray stops fetching once it has `limit` objects', async () => {
    api()
      .get('/v1/events').query({ limit: '2' }).reply(200, { object: 'list', data: [{ id: 'evt_4' }, { id: 'evt_3' }], has_more: true })
      .get('/v1/events').query({ limit: '2', starting_after: 'evt_3' }).reply(200, { object: 'list', data: [{ id: 'evt_2' }, { id: 'evt_1' }], has_more: true });
    const events = await client().events.list({ limit: 2 }).autoPagingToArray({ limit: 3 });
    expect(events.map((e) => e.id)).to.deep.equal(['evt_4', 'evt_3', 'evt_2']);
    expect(seen).to.have.length(2);
  });

  it('autoPagingToArray needs a limit from 1 to 10000', async () => {
    for (const limit of [0, -1, 1.5, 10_001]) {
      const error = await client().events.list().autoPagingToArray({ limit }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(InvalidRequestError).and.include({ param: 'limit' });
    }
    expect(seen).to.deep.equal([]);
  });

  it('a list started with ending_before walks towards newer objects, oldest first', async () => {
    api()
      .get('/v1/payment_intents').query({ ending_before: 'pi_1', limit: '2' }).reply(200, page(['pi_3', 'pi_2'], true))
      .get('/v1/payment_intents').query({ ending_before: 'pi_3', limit: '2' }).reply(200, page(['pi_4'], false));
    const ids: string[] = [];
    for await (const pi of client().paymentIntents.list({ ending_before: 'pi_1', limit: 2 })) ids.push(pi.id);
    expect(ids).to.deep.equal(['pi_2', 'pi_3', 'pi_4']);
  });

  it('pages() yields whole pages; an empty list is one empty page', async () => {
    api().get('/v1/refunds').reply(200, { object: 'list', data: [], has_more: false });
    const pages = [];
    for await (const p of client().refunds.list().pages()) pages.push(p);
    expect(pages).to.deep.equal([{ object: 'list', data: [], has_more: false }]);
  });
});
