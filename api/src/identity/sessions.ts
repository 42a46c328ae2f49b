import { type Kysely, type QueryCreator, sql } from 'kysely';
import { compiledOnce } from '../db/prepared';
import type { Database, SessionsTable } from '../db/schema';
import { randomToken, sha256 } from './crypto';
import { SESSION_RULES } from './rules';

export type SessionKind = SessionsTable['kind'];

export interface Session {
  id: string;
  userId: string;
  kind: SessionKind;
  actor: string | null;
}

/** Opens a session and returns its token; only the token's hash is kept. */
export async function openSession(
  db: Kysely<Database>,
  session: { userId: string; kind: SessionKind; actor?: string | null; address: string | null },
): Promise<string> {
  const token = randomToken();
  const lifetime =
    session.kind === 'admin'
      ? sql<Date>`now() + make_interval(mins => ${SESSION_RULES.adminMinutes})`
      : sql<Date>`now() + make_interval(days => ${SESSION_RULES.absoluteDays})`;
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: session.userId,
      kind: session.kind,
      actor: session.actor ?? null,
      created_ip: session.address,
      expires_at: lifetime,
    })
    .execute();
  return token;
}

/**
 * The live sessions of a token's hash: not revoked, not past its 40 days, not idle for longer than allowed.
 * One place for the rule: findSession and the one-query user view both start from it.
 */
export function liveSession(db: QueryCreator<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.kind',
      'sessions.actor',
      sql<boolean>`sessions.last_seen_at < now() - make_interval(secs => ${SESSION_RULES.touchEverySeconds})`.as(
        'stale',
      ),
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(days => ${SESSION_RULES.idleDays})`);
}

/** Every authenticated request starts here: compiled once, prepared on pg (db/prepared.ts). */
const sessionByHash = compiledOnce((db: Kysely<Database>, tokenHash: string) => liveSession(db, tokenHash));

/** The live session of a token (routes whose one query checks the session itself use liveSession). */
export async function findSession(db: Kysely<Database>, token: string): Promise<Session | null> {
  const [row] = await sessionByHash(db, sha256(token));
  if (!row) return null;
  if (row.stale) await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', row.id).execute();
  return { id: row.id, userId: row.user_id, kind: row.kind, actor: row.actor };
}

export async function revokeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute();
}
