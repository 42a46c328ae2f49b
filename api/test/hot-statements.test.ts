import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { sha256 } from '../src/crypto.js';
import { compiledOnce, MAX_NAMED_STATEMENTS, PreparingPGlite } from '../src/db/prepared.js';
import type { Database } from '../src/db/schema.js';
import { findSession, liveSession, openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;

before(async () => {
  api = await startTestApi();
});
after(() => api.close());

/** One value of each type the API's rows hold, and of those pg parses besides (arrays, intervals, bytes). */
const everyType = (db: Kysely<Database>, text: string) =>
  db.selectNoFrom([
    sql<string>`${text}::text`.as('text'),
    sql<string>`9007199254740993::bigint`.as('bigint'),
    sql<number>`42::int`.as('int'),
    sql<number>`7::smallint`.as('smallint'),
    sql<string>`1234.50::numeric`.as('numeric'),
    sql<number>`1.5::float8`.as('float'),
    sql<boolean>`true`.as('bool'),
    sql<Date>`'2026-11-27'::date`.as('date'),
    sql<Date>`'2026-11-27 10:30:00'::timestamp`.as('timestamp'),
    sql<Date>`'2026-11-27 10:30:00.123+01'::timestamptz`.as('timestamptz'),
    sql<unknown>`json_build_object('a', 1, 'b', array[1, 2])`.as('json'),
    sql<unknown>`'{"c": [true, null]}'::jsonb`.as('jsonb'),
    sql<string[]>`array['a', 'b,c']`.as('texts'),
    sql<string[]>`array[1, 2]::bigint[]`.as('bigints'),
    sql<number[]>`array[1, 2]::int[]`.as('ints'),
    sql<Date[]>`array['2026-01-02'::date]`.as('dates'),
    sql<unknown>`interval '1 day 2 hours'`.as('interval'),
    sql<Buffer>`'\\x0102'::bytea`.as('bytes'),
    sql<null>`null::bigint`.as('nothing'),
  ]);

const hotEveryType = compiledOnce(everyType);
const hotSession = compiledOnce((db: Kysely<Database>, tokenHash: string) => liveSession(db, tokenHash));

describe('hot statements', () => {
  test('a hot statement answers the row the pool would: the same values of the same types', async () => {
    const db = api.database.db;
    const [hot] = await hotEveryType(db, 'é, 🙂 and "quotes"');
    const [pooled] = (await everyType(db, 'é, 🙂 and "quotes"').execute()) as unknown[];
    assert.deepStrictEqual(hot, pooled);
    // What the API's code relies on, spelled out: bigints as text, dates as Dates, JSON parsed.
    if (api.database.kind !== 'postgresql') return;
    assert.equal((hot as { bigint: unknown }).bigint, '9007199254740993');
    assert.ok((hot as { date: unknown }).date instanceof Date);
    assert.deepEqual((hot as { json: unknown }).json, { a: 1, b: [1, 2] });
  });

  test('a hot statement reads the live session as the pool does', async () => {
    const db = api.database.db;
    const userId = await confirmedUser(db, '614999001');
    const token = await openSession(db, { userId, kind: 'customer', address: null });
    const [hot] = await hotSession(db, sha256(token));
    const [pooled] = await liveSession(db, sha256(token)).execute();
    assert.ok(hot);
    assert.deepStrictEqual(hot, pooled);
    assert.equal(String((await findSession(db, token))?.userId), String(userId));
  });
});

describe('statements on the embedded PGlite', { skip: Boolean(process.env.DATABASE_URL) && 'PGlite run' }, () => {
  test('a statement planned before its table changed shape answers with the new shape', async () => {
    const db = api.database.db;
    await sql`create table shape_change (id int, label text)`.execute(db);
    await sql`insert into shape_change values (1, 'uno')`.execute(db);
    const read = () => sql<Record<string, unknown>>`select * from shape_change where id = ${1}`.execute(db);
    assert.deepEqual((await read()).rows, [{ id: 1, label: 'uno' }]);
    await sql`alter table shape_change add column note text default 'nueva'`.execute(db);
    assert.deepEqual((await read()).rows, [{ id: 1, label: 'uno', note: 'nueva' }]);
    await sql`drop table shape_change`.execute(db);
  });

  test('a prepared statement answers the rows, types and counts PGlite answers itself', async () => {
    const client = new PreparingPGlite();
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    try {
      const unprepared = (text: string, parameters: readonly unknown[]) =>
        PGlite.prototype.query.call(client, text, [...parameters]);
      const read = everyType(db, 'é, 🙂 and "quotes"').compile();
      const prepared = await client.query(read.sql, [...read.parameters]);
      const plain = await unprepared(read.sql, read.parameters);
      assert.deepStrictEqual(prepared.rows, plain.rows);
      assert.deepStrictEqual(prepared.fields, plain.fields);
      await client.exec('create table counted (n int)');
      const insert = 'insert into counted select generate_series(1, $1::int)';
      assert.equal((await client.query(insert, [3])).affectedRows, 3);
      assert.equal((await unprepared(insert, [2])).affectedRows, 2);
      const update = 'update counted set n = n + $1::int where n > 1';
      assert.equal((await client.query(update, [1])).affectedRows, 3);
      assert.equal((await unprepared(update, [1])).affectedRows, 3);
      const none = 'select n from counted where n > $1::int';
      assert.deepStrictEqual(await client.query(none, [100]), await unprepared(none, [100]));
    } finally {
      await db.destroy();
    }
  });

  test('statements with parameters are prepared once each, and no more of them than the limit', async () => {
    const db = api.database.db;
    const prepared = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(db)).rows[0]?.n);
    const before = await prepared();
    await sql`select ${1}::int as again_and_again`.execute(db);
    await sql`select ${2}::int as again_and_again`.execute(db);
    assert.equal(await prepared(), before + 1);
    for (let n = 0; n < MAX_NAMED_STATEMENTS; n += 1) await sql`select ${n}::int + ${sql.lit(n)}`.execute(db);
    assert.equal(await prepared(), MAX_NAMED_STATEMENTS);
    assert.deepEqual((await sql`select ${1}::int + 100000 as past`.execute(db)).rows, [{ past: 100001 }]);
    assert.equal(await prepared(), MAX_NAMED_STATEMENTS);
  });
});
