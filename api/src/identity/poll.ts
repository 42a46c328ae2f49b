import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { adoptSession, requireToken } from './auth';
import { sha256 } from './crypto';
import { type Session, sessionStamp, type ViewVersions } from './sessions';

/** The polled views: each has its own tags, so one's tag never answers the other. */
export type PolledView = 'user' | 'loan';

/**
 * The ETag of a polled view: made of what the view is made of, not of its body. The session (so no tag crosses
 * customers or outlives a logout: a new session starts afresh), the customer's and the shared versions (every
 * write to what they see moves one, db/view-versions.ts), the API's version (a new shape of the answer), and
 * the instant the view changes without a write (`changesAt`: the day turns, agreement links step, a pending
 * payment lapses; 0 for never), which also travels in the tag so a later poll can tell whether it has passed.
 */
export function pollTag(
  view: PolledView,
  session: Session,
  versions: ViewVersions,
  changesAt: number,
  apiVersion: string,
): string {
  const hash = createHash('sha256')
    .update([view, session.id, versions.user ?? '', versions.shared ?? '', changesAt, apiVersion].join('\0'))
    .digest('base64url')
    .slice(0, 27);
  return `"${view}.${changesAt.toString(36)}.${hash}"`;
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

/**
 * A conditional poll (GET /v2/user, GET /v2/loan). With a tag of ours in If-None-Match still in time, one small
 * statement (the session, touched, and the two versions) decides: unchanged is a 304 with no body, without
 * assembling anything. Otherwise (or changed) the view's one statement answers with its new tag. Either way
 * the session is checked in the same statement (401 without one); a 304 never answers another customer's or a
 * logged-out session's tag, since the session is part of the tag.
 */
export async function conditionalPoll<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    db: Kysely<Database>;
    view: PolledView;
    apiVersion: string;
    answer: (tokenHash: string) => Promise<PolledAnswer<T> | null>;
  },
): Promise<T> {
  const { db, view, apiVersion } = options;
  const tokenHash = sha256(requireToken(request));
  const presented = presentedTags(request.headers['if-none-match'], view, Date.now());
  if (presented.length > 0) {
    const stamp = adoptSession(request, await sessionStamp(db, tokenHash));
    const unchanged = presented.find(
      ({ tag, changesAt }) => pollTag(view, stamp.session, stamp.versions, changesAt, apiVersion) === tag,
    );
    if (unchanged) return reply.code(304).header('etag', unchanged.tag).send() as never;
  }
  const found = adoptSession(request, await options.answer(tokenHash));
  reply.header('etag', pollTag(view, found.session, found.versions, found.changesAt, apiVersion));
  return found.view;
}
