import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DocumentStorage } from '../providers/document-storage';

/** A customer's stored document photo (JPEG bytes) for staff, or null. */
export async function customerDocument(
  { db, storage }: { db: Kysely<Database>; storage: DocumentStorage },
  userId: string,
  type: string,
): Promise<Buffer | null> {
  if (!/^\d{1,18}$/.test(userId) || !/^[a-z_]{2,40}$/.test(type)) return null;
  const row = await db
    .selectFrom('documents')
    .select('storage_key')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('skipped', '=', false)
    .executeTakeFirst();
  return row?.storage_key ? storage.get(row.storage_key) : null;
}
