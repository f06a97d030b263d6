// The webhook queue's functions are read in one file (server/src/persistence/webhook-queue.sql);
// the migrations install frozen copies. A migrated database must define exactly what the file says.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import pg from 'pg';
import { API_KEYS_CHANNEL } from '../../server/src/persistence/notifications.ts';
import type { TestDatabase } from '../support/database.ts';
import { migratedDatabase } from '../support/service.ts';

const FILE = new URL('../../server/src/persistence/webhook-queue.sql', import.meta.url);

describe('the webhook queue\'s functions', () => {
  let database: TestDatabase;
  let client: pg.Client;
  before(async () => {
    database = await migratedDatabase('webhook_queue_functions');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  after(async () => {
    await client.end();
    await database.drop();
  });

  /** Every function of the public schema whose name starts with webhook_, by signature, with its full definition. */
  const definitions = async (): Promise<Map<string, string>> => {
    const { rows } = await client.query<{ signature: string; definition: string }>(
      `select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname like 'webhook\\_%'
        order by 1`,
    );
    return new Map(rows.map((r) => [r.signature, r.definition]));
  };

  it('are defined by the migrations exactly as webhook-queue.sql says, and no other webhook_ function is', async () => {
    const migrated = await definitions();
    expect([...migrated.keys()]).to.have.members([
      'webhook_claim(integer,integer,integer,integer,text[])',
      'webhook_cycle(text[],boolean[],integer[],text[],text[],integer[],bigint[],integer,integer,integer,integer,integer,text[],integer[],boolean)',
      'webhook_disable_endpoint(text,text)',
      'webhook_record(text,boolean,integer,text,text,integer,bigint,integer,integer)',
    ]);
    // The file's text, run over the migrated database, changes nothing (and adds nothing): each
    // function it defines is what the migrations left, character for character.
    await client.query('begin');
    try {
      await client.query(readFileSync(FILE, 'utf8'));
      const fromFile = await definitions();
      expect([...fromFile.keys()]).to.deep.equal([...migrated.keys()]);
      for (const [signature, definition] of fromFile) expect(definition, signature).to.equal(migrated.get(signature));
    } finally {
      await client.query('rollback');
    }
  });

  it('would notice a changed body, even a comment in it: the comparison is of the whole definition', async () => {
    const original = readFileSync(FILE, 'utf8');
    const text = original.replace('-- Delivered by hand meanwhile: the schedule ends here.', '-- Delivered by hand in the meantime.');
    expect(text).to.not.equal(original);
    await client.query('begin');
    try {
      const before = await definitions();
      await client.query(text);
      const after = await definitions();
      const changed = [...after].filter(([signature, definition]) => before.get(signature) !== definition).map(([signature]) => signature);
      expect(changed).to.deep.equal(['webhook_record(text,boolean,integer,text,text,integer,bigint,integer,integer)']);
    } finally {
      await client.query('rollback');
    }
  });

  it('and the key trigger notifies on the channel the API processes listen on', async () => {
    const { rows } = await client.query<{ definition: string }>("select pg_get_functiondef('api_keys_changed'::regproc) as definition");
    expect(rows[0]!.definition).to.include(`pg_notify('${API_KEYS_CHANNEL}'`);
  });
});
