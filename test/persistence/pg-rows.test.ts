// node-postgres's rows, with its per-result empty row built as a plain object (pg-rows.ts): the
// same rows as before, on every shape a statement can give them.
import { expect } from 'chai';
import pg from 'pg';
import { useFastRowShapes } from '../../server/src/persistence/pg-rows.ts';
import { adminUrl } from '../support/database.ts';

describe('pg rows (fast row shapes)', () => {
  let client: pg.Client;
  before(async () => {
    useFastRowShapes();
    client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
  });
  after(() => client.end());

  it('gives plain objects with the columns in order, each value parsed by its type, nulls as null', async () => {
    const { rows, fields } = await client.query("select 1::int as a, 'x'::text as b, null::text as c, true as d, '{\"k\": 1}'::jsonb as e");
    expect(fields.map((f) => f.name)).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(rows).to.deep.equal([{ a: 1, b: 'x', c: null, d: true, e: { k: 1 } }]);
    expect(Object.keys(rows[0]!)).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(Object.getPrototypeOf(rows[0])).to.equal(Object.prototype);
  });

  it('keeps a column named __proto__ as a value, never as the row\'s prototype', async () => {
    const { rows } = await client.query(`select 'evil' as "__proto__", 2 as "constructor", 3 as "toString"`);
    const row = rows[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).to.equal(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).to.equal('evil');
    expect(row['constructor']).to.equal(2);
    expect(row['toString']).to.equal(3);
    expect(JSON.parse(JSON.stringify(row))).to.deep.equal(JSON.parse('{"__proto__": "evil", "constructor": 2, "toString": 3}'));
  });

  it('lets the later of two same-named columns win, as before, and gives each statement its own shape', async () => {
    const { rows } = await client.query('select 1 as a, 2 as a');
    expect(rows).to.deep.equal([{ a: 2 }]);
    const many = await client.query({ text: 'select g as n, g * 2 as twice from generate_series(1, 3) g', rowMode: 'array' });
    expect(many.rows).to.deep.equal([[1, 2], [2, 4], [3, 6]]);
    const none = await client.query('select 1 as a where false');
    expect(none.rows).to.deep.equal([]);
    expect(none.fields.map((f) => f.name)).to.deep.equal(['a']);
  });

  it('uses a query\'s own type parsers', async () => {
    const types = { getTypeParser: (oid: number) => (value: string) => `${oid}:${value}` };
    const { rows } = await client.query({ text: 'select 7::int4 as n', types });
    expect(rows).to.deep.equal([{ n: '23:7' }]);
  });
});
