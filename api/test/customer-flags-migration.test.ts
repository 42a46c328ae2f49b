import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Kysely, Migrator, sql } from 'kysely';
import { openPglite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { TEST_PGLITE } from './template.js';

test('migration 0019 keeps a customer whose Bizum was off on the users row off in customer_flags, then drops the column', async () => {
  const database = await openPglite('memory://', TEST_PGLITE);
  // biome-ignore lint/suspicious/noExplicitAny: the schema before migration 0019 is not the typed one
  const db = database.db as Kysely<any>;
  try {
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0019'));
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => before },
      allowUnorderedMigrations: true,
    });
    const { error } = await migrator.migrateToLatest();
    assert.equal(error, undefined);
    const { rows } = await sql<{ id: string; mobile_phone: string }>`
      insert into users (mobile_phone, is_bizum_payment_provider_enabled)
      values ('611111111', false), ('622222222', true), ('633333333', false)
      returning id, mobile_phone`.execute(db);
    const idOf = (phone: string) => String(rows.find((r) => r.mobile_phone === phone)?.id);
    // An operator already chose for the third customer in customer_flags: that choice stands.
    await sql`insert into customer_flags (user_id, bizum) values (${idOf('633333333')}, true)`.execute(db);

    // 0019 and whatever came after it run now; 0019 among them.
    assert.ok((await migrateToLatest(db)).includes('0019_one_flag_source'));

    const flags = await db.selectFrom('customer_flags').select(['user_id', 'bizum']).orderBy('user_id').execute();
    assert.deepEqual(
      flags.map((f) => [String(f.user_id), f.bizum]),
      [
        [idOf('611111111'), false],
        [idOf('633333333'), true],
      ],
    );
    const { rows: columns } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'users' and column_name = 'is_bizum_payment_provider_enabled'`.execute(db);
    assert.equal(columns.length, 0);
  } finally {
    await database.close();
  }
});
