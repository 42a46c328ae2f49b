import type { InboxNotification } from '@credimo/shared/contract';
import type { Kysely } from 'kysely';
import type { Database, NotificationSeverity } from '../db/schema';

export type { NotificationSeverity } from '../db/schema';

/** How many unread notifications the inbox answers at most (the newest). */
export const INBOX_LIMIT = 50;

interface Row {
  id: string;
  message: string;
  severity: NotificationSeverity;
  created_at: Date | string;
}

/**
 * Pure: the inbox (id, message, severity, duplicateIds). Unread notifications with the same message and severity
 * are shown once, by the newest, which names the others in duplicateIds (so one dismissal marks them all read).
 */
export function inboxOf(rows: readonly Row[]): InboxNotification[] {
  const shown = new Map<string, InboxNotification>();
  for (const row of rows) {
    const key = `${row.severity}\u0000${row.message}`;
    const first = shown.get(key);
    if (first) first.duplicateIds.push(String(row.id));
    else
      shown.set(key, {
        id: String(row.id),
        message: row.message,
        severity: row.severity,
        duplicateIds: [],
        created_at: new Date(row.created_at).toISOString(),
      });
  }
  return [...shown.values()];
}

/** Leaves a notification in a customer's inbox. */
export async function notifyCustomer(
  db: Kysely<Database>,
  userId: string,
  message: string,
  severity: NotificationSeverity = 'info',
): Promise<string> {
  const row = await db
    .insertInto('notifications')
    .values({ user_id: userId, message, severity, read_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** GET inbox: the caller's unread notifications, newest first. */
export async function inbox(db: Kysely<Database>, userId: string): Promise<InboxNotification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'message', 'severity', 'created_at'])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(INBOX_LIMIT)
    .execute();
  return inboxOf(rows);
}

/** POST read: marks the caller's own notifications read; ids of others' are ignored, never touched. */
export async function markRead(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<{ read: number }> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return { read: Number(result.numUpdatedRows) };
}
