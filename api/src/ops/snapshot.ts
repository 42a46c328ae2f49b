import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';

/** Where `npm run ops -- backup` asks the running API for a copy of its PGlite folder. */
export const BACKUP_PATH = '/operator/backup';

/** What the copy holds besides the folder: the documents its rows name, which the command copies beside it. */
export interface SnapshotHead {
  database: 'pglite';
  /** Storage keys of every stored document image the copy's rows point at. */
  documents: string[];
}

/** The storage keys the database points at (a skipped document has none). */
export async function documentKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('documents')
    .select('storage_key')
    .where('storage_key', 'is not', null)
    .orderBy('storage_key')
    .execute();
  return rows.map((row) => row.storage_key as string);
}

/** A PGlite folder's copy and the keys read on the same held connection, so the two agree. */
export async function pgliteSnapshot(database: DatabaseHandle): Promise<{ head: SnapshotHead; dump: Buffer }> {
  if (!database.dumpDataDir) throw new Error('only a PGlite database is copied through the API');
  const { dump, first } = await database.dumpDataDir(documentKeys);
  return { head: { database: 'pglite', documents: first }, dump: Buffer.from(await dump.arrayBuffer()) };
}

/**
 * The answer's body: the head as one JSON line, then the gzipped tar. One answer, so the keys and the copy cannot
 * come from two different moments.
 */
export function snapshotBody(head: SnapshotHead, dump: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`), dump]);
}

export function readSnapshotBody(body: Buffer): { head: SnapshotHead; dump: Buffer } {
  const end = body.indexOf(0x0a);
  if (end < 0) throw new Error('the backup answer has no head line');
  return { head: JSON.parse(body.subarray(0, end).toString('utf8')) as SnapshotHead, dump: body.subarray(end + 1) };
}
