import type { DocumentContent, DocumentEntry, DocumentSaved, DocumentsOverview } from '@credimo/shared/contract';
import { SUPPORT_PHONE } from '@credimo/shared/contract';
import {
  type DocumentType,
  FILES_COLLECTED_STATUSES,
  filesLeftAfter,
  loanFilesOutstanding,
  requiredDocuments,
} from '@credimo/shared/domain';
import { messages, t } from '@credimo/shared/i18n';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { DocumentStorage } from '../providers/document-storage';
import { cleanImage, type ImageRefusal, ImageRefused } from './images';
import { livenessOf } from './liveness';

export interface EvidenceDeps {
  db: Kysely<Database>;
  storage: DocumentStorage;
}

/** An upload failure tells documents.uploadErrorMessage with the support phone. */
const REFUSALS: Record<ImageRefusal, { status: number; message: () => string }> = {
  too_large: { status: 413, message: () => t('documentTooLarge', { phone: SUPPORT_PHONE }) },
  not_an_image: { status: 422, message: () => t('uploadErrorMessage', { phone: SUPPORT_PHONE }) },
  too_many_pixels: { status: 422, message: () => t('uploadErrorMessage', { phone: SUPPORT_PHONE }) },
  undecodable: { status: 422, message: () => t('uploadErrorMessage', { phone: SUPPORT_PHONE }) },
};

export const uploadRefused = (reason: ImageRefusal) =>
  ApiError.field(REFUSALS[reason].status, 'document', REFUSALS[reason].message());

const notFound = () => ApiError.request(404, messages.documentFailedToLoad);

const entryOf = (row: { type: string; uploaded_at: Date }): DocumentEntry => ({
  type: row.type,
  uploaded_at: new Date(row.uploaded_at).toISOString(),
});

/**
 * The user's documents: one entry per type, `skip_<type>` when skipped. Read from the `user_documents`
 * view, so GET /v2/user can have the same in its one query:
 * `(select coalesce(json_agg(json_build_object('type', d.type, 'uploaded_at', d.uploaded_at) order by d.type), '[]')
 *   from user_documents d where d.user_id = users.id) as documents`.
 */
export async function documentsOf(db: Kysely<Database>, userId: string): Promise<DocumentEntry[]> {
  const rows = await db
    .selectFrom('user_documents')
    .select(['type', 'uploaded_at'])
    .where('user_id', '=', userId)
    .orderBy('type')
    .execute();
  return rows.map(entryOf);
}

/** The files the customer's loan asks for while it collects them (from the application to the signature). */
async function askedFiles(db: Kysely<Database>, userId: string): Promise<string[]> {
  const loan = await db
    .selectFrom('loans')
    .select('required_files')
    .where('user_id', '=', userId)
    .where('status', 'in', [...FILES_COLLECTED_STATUSES])
    .executeTakeFirst();
  return loan?.required_files ?? [];
}

/** What the documents screens need: stored entries, those still asked, the liveness state. */
export async function documentsOverview(db: Kysely<Database>, userId: string): Promise<DocumentsOverview> {
  const [documents, liveness, requiredFiles] = await Promise.all([
    documentsOf(db, userId),
    livenessOf(db, userId),
    askedFiles(db, userId),
  ]);
  return {
    documents,
    required: requiredDocuments({
      requiredFiles,
      documents: documents.map((d) => d.type),
      livenessStatus: liveness.status,
    }),
    liveness,
  };
}

/**
 * The files the customer's loan still waits for: none, or the loan may not be signed nor paid out while one is
 * missing. A passed liveness check counts for the selfie.
 */
export async function filesOutstanding(db: Kysely<Database>, userId: string): Promise<DocumentType[]> {
  const [requiredFiles, liveness] = await Promise.all([askedFiles(db, userId), livenessOf(db, userId)]);
  return loanFilesOutstanding(requiredFiles, liveness.status);
}

/** An uploaded photo is no longer outstanding: the open loan's list loses its type. */
async function fileArrived(trx: Transaction<Database>, userId: string, type: DocumentType) {
  const loan = await trx
    .selectFrom('loans')
    .select(['id', 'required_files'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...FILES_COLLECTED_STATUSES])
    .forUpdate()
    .executeTakeFirst();
  if (!loan) return;
  const left = filesLeftAfter(loan.required_files ?? [], type);
  if (left.length === (loan.required_files ?? []).length) return;
  await trx
    .updateTable('loans')
    .set({ required_files: JSON.stringify(left) })
    .where('id', '=', loan.id)
    .execute();
}

async function saved(db: Kysely<Database>, userId: string, type: DocumentType): Promise<DocumentSaved> {
  const documents = await documentsOf(db, userId);
  const document = documents.find((d) => d.type === type || d.type === `skip_${type}`);
  if (!document) throw notFound();
  return { document, documents };
}

/**
 * Stores a document photo: cleaned and re-encoded first (see images.ts), then written to storage under a new key
 * and recorded; a previous photo of the same type (or its skip mark) is replaced and its file removed.
 */
export async function uploadDocument(
  { db, storage }: EvidenceDeps,
  userId: string,
  type: DocumentType,
  bytes: Buffer,
): Promise<DocumentSaved> {
  let image: Awaited<ReturnType<typeof cleanImage>>;
  try {
    image = await cleanImage(bytes);
  } catch (error) {
    if (error instanceof ImageRefused) throw uploadRefused(error.reason);
    throw error;
  }
  const key = await storage.put(image.jpeg);
  let previousKey: string | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('documents')
        .select('storage_key')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .forUpdate()
        .executeTakeFirst();
      previousKey = previous?.storage_key ?? null;
      await trx
        .insertInto('documents')
        .values({
          user_id: userId,
          type,
          skipped: false,
          storage_key: key,
          byte_size: image.jpeg.length,
          width: image.width,
          height: image.height,
          uploaded_at: new Date(),
        })
        .onConflict((oc) =>
          oc.constraint('documents_one_per_type').doUpdateSet((eb) => ({
            skipped: eb.ref('excluded.skipped'),
            storage_key: eb.ref('excluded.storage_key'),
            byte_size: eb.ref('excluded.byte_size'),
            width: eb.ref('excluded.width'),
            height: eb.ref('excluded.height'),
            uploaded_at: eb.ref('excluded.uploaded_at'),
          })),
        )
        .execute();
      await fileArrived(trx, userId, type);
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  if (previousKey) await storage.delete(previousKey);
  return saved(db, userId, type);
}

/** PUT /v2/user/document/{type} marks the document skipped (listed as skip_<type>). */
export async function skipDocument(
  { db, storage }: EvidenceDeps,
  userId: string,
  type: DocumentType,
): Promise<DocumentSaved> {
  const previous = await db
    .selectFrom('documents')
    .select('storage_key')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  await db
    .insertInto('documents')
    .values({ user_id: userId, type, skipped: true, storage_key: null, uploaded_at: new Date() })
    .onConflict((oc) =>
      oc.constraint('documents_one_per_type').doUpdateSet({
        skipped: true,
        storage_key: null,
        byte_size: null,
        width: null,
        height: null,
        uploaded_at: new Date(),
      }),
    )
    .execute();
  if (previous?.storage_key) await storage.delete(previous.storage_key);
  return saved(db, userId, type);
}

export async function deleteDocument(
  { db, storage }: EvidenceDeps,
  userId: string,
  type: DocumentType,
): Promise<DocumentEntry[]> {
  const removed = await db
    .deleteFrom('documents')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .returning('storage_key')
    .executeTakeFirst();
  if (!removed) throw notFound();
  if (removed.storage_key) await storage.delete(removed.storage_key);
  return documentsOf(db, userId);
}

/** A document fetched as base64. Only the caller's own: found by user id and type, never by id. */
export async function documentContent(
  { db, storage }: EvidenceDeps,
  userId: string,
  type: DocumentType,
): Promise<DocumentContent> {
  const row = await db
    .selectFrom('documents')
    .select(['storage_key', 'uploaded_at'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('skipped', '=', false)
    .executeTakeFirst();
  const bytes = row?.storage_key ? await storage.get(row.storage_key) : null;
  if (!row || !bytes) throw notFound();
  return {
    type,
    mime_type: 'image/jpeg',
    content: bytes.toString('base64'),
    uploaded_at: new Date(row.uploaded_at).toISOString(),
  };
}
