import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations';
import { ensureViewTriggers } from './view-versions';

/** Migrations live in code, in order; one set for PGlite and PostgreSQL alike. */
class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before and regardless of the table types
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Branches land in any order (0011 may ship before 0007): a database that ran the later one still takes the
  // earlier one. Each migration touches only its own tables, so their order between branches does not matter.
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Migration 0009's triggers watch tables of later-numbered migrations too: attached once they all exist.
  await ensureViewTriggers(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
