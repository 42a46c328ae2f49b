import { createHash } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { PolledView } from '../db/cached-views';
import { compiledOnce } from '../db/prepared';
import type { Database } from '../db/schema';
import { SESSION_RULES } from './rules';
import { liveSession, type Session, touchSession, type ViewVersions, versionsOf } from './sessions';

export type { PolledView } from '../db/cached-views';

/** The variant of an answer: a hash of what shapes it besides the database (API version, flag defaults). */
export const variantOf = (...parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);

/**
 * The poll's one small statement: the live session, the versions of what its customer sees, and the session's
 * cached answer of the view with the versions it was assembled at (cachedPoll keeps it only if they are today's).
 * Read-only and flat (primary-key lookups, no data-modifying CTE: touching the session in the same statement
 * made it a write and cost the database a third of the poll's time); the session is touched by a second small
 * statement once a minute at most. Keyed by session, so an answer (which names its session's kind and actor)
 * never reaches another session, let alone another customer, and a logged-out token finds no live session.
 *
 * It answers two columns, what the tag is made of as one JSON array (`meta`, PollMeta's order) and the kept body:
 * The driver describes and parses every column of every row anew (a field name to intern, a parser to look up, a key
 * on each row object), and with the eleven of them as columns that cost the API a third more CPU per query
 * than the two (measured, docs/performance.md, "The poll at scale"). Numbers travel as text: bigints keep every digit.
 */
function cachedStatement(view: PolledView, read: PollRead) {
  return compiledOnce((db: Kysely<Database>, tokenHash: string) =>
    db
      .selectFrom(
        liveSession(db, tokenHash)
          .leftJoin('cached_views as cached', (join) =>
            join.onRef('cached.session_id', '=', 'sessions.id').on('cached.view', '=', view),
          )
          .select((eb) => versionsOf(eb as unknown as ExpressionBuilder<Database, never>, 'sessions.user_id'))
          .select([
            'cached.user_version as cached_user_version',
            'cached.shared_version as cached_shared_version',
            'cached.variant',
            'cached.changes_at',
            // The kept body (kilobytes PostgreSQL reads out of TOAST and the driver parses) only when it may be sent.
            read === 'answer' ? 'cached.body' : sql<string | null>`null`.as('body'),
          ])
          .as('poll'),
      )
      .select([
        sql<string>`json_build_array(poll.id::text, poll.user_id::text, poll.kind, poll.actor, poll.stale,
          poll.user_version::text, poll.shared_version::text, poll.cached_user_version::text,
          poll.cached_shared_version::text, poll.variant, poll.changes_at::text)::text`.as('meta'),
        'poll.body',
      ]),
  );
}

/** The statement's `meta` column, in its order. */
type PollMeta = [
  sessionId: string,
  userId: string,
  kind: Session['kind'],
  actor: string | null,
  stale: boolean,
  userVersion: string | null,
  sharedVersion: string | null,
  cachedUserVersion: string | null,
  cachedSharedVersion: string | null,
  variant: string | null,
  changesAt: string | null,
];

/**
 * What a poll reads of its kept answer: the answer itself, or only what its tag is made of (a poll presenting a
 * tag of ours, which is a 304 unless something changed: measured, leaving the body out took a tenth off
 * the API's CPU per unchanged poll, docs/performance.md, "The poll at scale").
 */
export type PollRead = 'answer' | 'tag';

const statements = {
  user: { answer: cachedStatement('user', 'answer'), tag: cachedStatement('user', 'tag') },
  loan: { answer: cachedStatement('loan', 'answer'), tag: cachedStatement('loan', 'tag') },
};

/** A cached answer: the JSON text as sent (null when only its tag was read), and what its tag is made of. */
export interface CachedAnswer {
  variant: string;
  changesAt: number;
  body: string | null;
}

/** The token's session, its customer's versions and the view's answer cached at them; null without a session. */
export async function cachedPoll(
  db: Kysely<Database>,
  view: PolledView,
  tokenHash: string,
  read: PollRead = 'answer',
): Promise<{ session: Session; versions: ViewVersions; cached: CachedAnswer | null } | null> {
  const [row] = await statements[view][read](db, tokenHash);
  if (!row) return null;
  const [sessionId, userId, kind, actor, stale, user, shared, cachedUser, cachedShared, variant, changesAt] =
    JSON.parse(row.meta) as PollMeta;
  if (stale) await touchSession(db, sessionId);
  // Kept at exactly today's versions, or not an answer any more.
  const current =
    (read === 'tag' || row.body !== null) &&
    variant !== null &&
    user !== null &&
    shared !== null &&
    cachedUser === user &&
    cachedShared === shared;
  return {
    session: { id: sessionId, userId, kind, actor },
    versions: { user, shared },
    cached: current ? { variant, changesAt: Number(changesAt ?? 0), body: row.body } : null,
  };
}

/**
 * Keeps an assembled answer for its session, with the versions of the statement that assembled it (one
 * snapshot: the body and its versions can never disagree). The upsert only moves forward: a row assembled at
 * newer versions (which are monotonic per customer, migration 0021) is never overwritten by an older
 * assembly that finishes later. An answer without versions (a customer no write has reached yet) is not kept.
 */
export async function keepAnswer(
  db: Kysely<Database>,
  entry: {
    session: Session;
    view: PolledView;
    versions: ViewVersions;
    variant: string;
    changesAt: number;
    body: string;
  },
): Promise<void> {
  const { user, shared } = entry.versions;
  if (user === null || shared === null) return;
  await db
    .insertInto('cached_views')
    .values({
      session_id: entry.session.id,
      view: entry.view,
      variant: entry.variant,
      user_version: String(user),
      shared_version: String(shared),
      changes_at: String(entry.changesAt),
      body: entry.body,
    })
    .onConflict((oc) =>
      oc
        .columns(['session_id', 'view'])
        .doUpdateSet((eb) => ({
          variant: eb.ref('excluded.variant'),
          user_version: eb.ref('excluded.user_version'),
          shared_version: eb.ref('excluded.shared_version'),
          changes_at: eb.ref('excluded.changes_at'),
          body: eb.ref('excluded.body'),
        }))
        .where((eb) =>
          eb.and([
            eb('excluded.user_version', '>=', eb.ref('cached_views.user_version')),
            eb('excluded.shared_version', '>=', eb.ref('cached_views.shared_version')),
          ]),
        ),
    )
    .execute();
}

/**
 * The kept answers of sessions that can no longer poll (revoked, past their lifetime or idle too long): a logout
 * deletes its own rows, but a session that simply lapses would keep its answer until its row is deleted. Run
 * daily by the job queue (cache.forget-dead-sessions); returns how many rows went.
 */
export async function forgetDeadSessions(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('cached_views')
    .where('cached_views.session_id', 'in', (qc) =>
      qc
        .selectFrom('sessions')
        .select('sessions.id')
        .where((eb) =>
          eb.or([
            eb('sessions.revoked_at', 'is not', null),
            eb('sessions.expires_at', '<=', sql<Date>`now()`),
            eb('sessions.last_seen_at', '<=', sql<Date>`now() - make_interval(days => ${SESSION_RULES.idleDays})`),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
