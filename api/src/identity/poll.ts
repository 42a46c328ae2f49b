import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { adoptSession, requireTokenHash } from './auth';
import { type CachedAnswer, cachedPoll, keepAnswer, type PolledView } from './poll-cache';
import type { Session, ViewVersions } from './sessions';

export type { PolledView } from './poll-cache';

/**
 * The ETag of a polled view: made of what the view is made of, not of its body. The session (so no tag crosses
 * customers or outlives a logout: a new session starts afresh), the customer's and the shared versions (every
 * write to what they see moves one, db/view-versions.ts), the variant (the API's version, a new shape of the
 * answer, and the settings the view reads: poll-cache.ts's variantOf), and
 * the instant the view changes without a write (`changesAt`: the day turns, agreement links step, a pending
 * payment lapses; 0 for never), which also travels in the tag so a later poll can tell whether it has passed.
 */
export function pollTag(
  view: PolledView,
  session: Session,
  versions: ViewVersions,
  changesAt: number,
  variant: string,
): string {
  const digest = hash(
    'sha256',
    [view, session.id, versions.user ?? '', versions.shared ?? '', changesAt, variant].join('\0'),
    'base64url',
  ).slice(0, 27);
  return `"${view}.${changesAt.toString(36)}.${digest}"`;
}

const TAG = /^"(user|loan)\.([0-9a-z]{1,12})\.([\w-]{27})"$/;

/** The tags of this view an If-None-Match names that are still in time (their changesAt not yet passed). */
export function presentedTags(header: string | undefined, view: PolledView, now: number) {
  if (!header) return [];
  return header.split(',').flatMap((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    const match = TAG.exec(tag);
    if (!match || match[1] !== view) return [];
    const changesAt = Number.parseInt(match[2] ?? '', 36);
    return changesAt === 0 || now < changesAt ? [{ tag, changesAt }] : [];
  });
}

/** A polled view as its one statement answers it. */
export interface PolledAnswer<T> {
  session: Session;
  versions: ViewVersions;
  view: T;
  changesAt: number;
}

/** A kept answer this process may send now: of its variant, and its instant not passed. */
const servable = (cached: CachedAnswer | null, variant: string, now: number): cached is CachedAnswer =>
  cached !== null && cached.variant === variant && (cached.changesAt === 0 || now < cached.changesAt);

/**
 * A poll (GET /v2/user, GET /v2/loan) in one small statement (poll-cache.ts): the session (touched by one more once a minute), the two
 * versions and the session's cached answer if it was assembled at those versions (with a tag of ours in
 * If-None-Match, only what the answer's tag is made of). With such a tag still in time and made of those
 * versions: a 304 with no body. A stale tag whose answer another poll has kept since reads it (one more small
 * statement). Else a cached answer still in
 * time (and of this process's variant) is sent as the JSON text it was kept as. Else the view's one statement
 * assembles it, the route's response schema serializes it, and it is kept for the next poll (one more small
 * statement) and sent. Either way the session is checked in the first statement (401 without one); a 304 or
 * a cached answer never answers another session's token, since both are keyed by the session.
 */
export async function conditionalPoll<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    db: Kysely<Database>;
    view: PolledView;
    /**
     * What besides the data shapes the answer in this process (variantOf: the API's version and the settings
     * the view reads): part of the tag, and of the kept answer.
     */
    variant: string;
    answer: (tokenHash: string) => Promise<PolledAnswer<T> | null>;
  },
): Promise<T> {
  const { db, view, variant } = options;
  const tokenHash = requireTokenHash(request);
  const now = Date.now();
  const presented = presentedTags(request.headers['if-none-match'], view, now);
  // A poll presenting a tag of ours is most likely a 304: its statement leaves the kept body out.
  let stamp = adoptSession(request, await cachedPoll(db, view, tokenHash, presented.length > 0 ? 'tag' : 'answer'));
  const unchanged = presented.find(
    ({ tag, changesAt }) => pollTag(view, stamp.session, stamp.versions, changesAt, variant) === tag,
  );
  if (unchanged) return reply.code(304).header('etag', unchanged.tag).send() as never;
  // The tag was stale but an answer at today's versions is kept (another tab or device assembled it): read it.
  if (servable(stamp.cached, variant, now) && stamp.cached.body === null) {
    stamp = adoptSession(request, await cachedPoll(db, view, tokenHash, 'answer'));
  }
  const cached = stamp.cached;
  if (servable(cached, variant, now) && cached.body !== null) {
    return sendJson(reply, cached.body, pollTag(view, stamp.session, stamp.versions, cached.changesAt, variant));
  }
  const found = adoptSession(request, await options.answer(tokenHash));
  const body = String(reply.serialize(found.view));
  // A cache that could not be written is only a slower next poll: the answer stands.
  await keepAnswer(db, { ...found, view, variant, body }).catch((error: unknown) =>
    request.log.warn({ err: error }, 'the poll answer was not kept'),
  );
  return sendJson(reply, body, pollTag(view, found.session, found.versions, found.changesAt, variant));
}

/** JSON text as it is: Fastify sends a string with a JSON content type untouched (no second serialization). */
const sendJson = (reply: FastifyReply, body: string, etag: string) =>
  reply.header('etag', etag).type('application/json; charset=utf-8').send(body) as never;
