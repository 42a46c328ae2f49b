import { type ExpressionBuilder, type Kysely, type QueryCreator, sql } from 'kysely';
import { compiledOnce } from '../db/prepared';
import type { Database, SessionsTable } from '../db/schema';
import '../db/cached-views';
import '../db/view-versions';
import { randomToken, sha256 } from '../crypto';
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

/**
 * A statement that starts from the token's live session (CTE `live`). It reads only: the polls assemble their
 * answers with it right after their first statement (identity/poll-cache.ts), which has already touched a
 * session due for it, so touching here too made every assembly a write for nothing.
 */
export function withLiveSession(db: Kysely<Database>, tokenHash: string) {
  return db.with('live', (qc) => liveSession(qc, tokenHash));
}

/** The session of a statement's row (session_id, user_id, session_kind, session_actor). */
export function sessionOf(row: {
  session_id: string | number;
  user_id: string | number;
  session_kind: SessionKind;
  session_actor: string | null;
}): Session {
  // PGlite reads bigint ids as numbers, PostgreSQL's driver as strings: a session's ids are strings everywhere after this.
  return { id: String(row.session_id), userId: String(row.user_id), kind: row.session_kind, actor: row.session_actor };
}

/** The versions of what a customer sees (migration 0009): theirs, and the one shared by every customer. */
export interface ViewVersions {
  user: string | number | null;
  shared: string | number | null;
}

/** The two version columns, for the customer whose id is in `user`. */
export function versionsOf(
  eb: ExpressionBuilder<Database, never>,
  user: 'live.user_id' | 'users.id' | 'sessions.user_id',
) {
  return [
    eb
      .selectFrom('view_versions as mine')
      .select('mine.version')
      .where('mine.scope', '=', eb.ref(user as never))
      .as('user_version'),
    eb
      .selectFrom('view_versions as shared')
      .select('shared.version')
      .where('shared.scope', '=', '0')
      .as('shared_version'),
  ];
}

/** Every authenticated request starts here: compiled once, prepared once per connection (db/prepared.ts). */
const sessionByHash = compiledOnce((db: Kysely<Database>, tokenHash: string) => liveSession(db, tokenHash));

/** Marks a session seen now (once a minute at most: liveSession's `stale`), which keeps an idle one alive. */
export async function touchSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute();
}

/** The live session of a token (routes whose one query checks the session itself use liveSession). */
export async function findSession(db: Kysely<Database>, token: string): Promise<Session | null> {
  const [row] = await sessionByHash(db, sha256(token));
  if (!row) return null;
  if (row.stale) await touchSession(db, row.id);
  return { id: row.id, userId: row.user_id, kind: row.kind, actor: row.actor };
}

/** Ends a session; its cached poll answers go too (no live session could be served them again anyway). */
export async function revokeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute();
  await db.deleteFrom('cached_views').where('session_id', '=', sessionId).execute();
}
