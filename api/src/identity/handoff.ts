import type { LinkPage } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import { type Kysely, sql } from 'kysely';
import { hmac, randomToken, safeEqual, secret, sha256 } from '../crypto';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { HANDOFF_RULES } from './rules';

/**
 * Agent and admin links carry one-time, short-lived codes exchanged for a new session.
 * Agent links carry a random code; admin links a signed token naming the admin, the customer and the expiry.
 */

const invalidLink = () => ApiError.request(410, messages.linkInvalid);

/** What an agent agreed with the customer: the calculator's defaults for them. */
export interface AgentChoice {
  amount: number;
  term: number;
}

export async function issueAgentCode(
  db: Kysely<Database>,
  userId: string,
  agent: string,
  choice?: AgentChoice,
): Promise<string> {
  const code = randomToken();
  await db
    .insertInto('handoff_codes')
    .values({
      code_hash: sha256(code),
      kind: 'agent',
      user_id: userId,
      actor: agent,
      amount: choice?.amount ?? null,
      term: choice?.term ?? null,
      expires_at: sql`now() + make_interval(mins => ${HANDOFF_RULES.agentLinkMinutes})`,
    })
    .execute();
  return code;
}

interface AdminClaims {
  admin: string;
  user: string;
  exp: number;
  nonce: string;
}

export async function issueAdminToken(db: Kysely<Database>, userId: string, admin: string): Promise<string> {
  const claims: AdminClaims = {
    admin,
    user: userId,
    exp: Math.floor(Date.now() / 1000) + HANDOFF_RULES.adminLinkMinutes * 60,
    nonce: randomToken().slice(0, 16),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const token = `${payload}.${hmac(await secret(db, 'admin_link_key'), payload)}`;
  await db
    .insertInto('handoff_codes')
    .values({
      code_hash: sha256(token),
      kind: 'admin',
      user_id: userId,
      actor: admin,
      expires_at: new Date(claims.exp * 1000),
    })
    .execute();
  return token;
}

/**
 * A customer signed in on a WordPress page continues in the app, which is another origin. The page asks
 * for a one-time code (60 s) and opens the app with it; the app exchanges it for a session of its own. The session
 * token itself never travels in an address. The code is bound to the browser that asked for it (the hash of a
 * secret kept in that browser's hand-off cookie): a code sent to someone else signs nobody in (login CSRF).
 */
export async function issueSiteCode(db: Kysely<Database>, userId: string, browserSecret: string): Promise<string> {
  const code = randomToken();
  await db
    .insertInto('handoff_codes')
    .values({
      code_hash: sha256(code),
      kind: 'site',
      user_id: userId,
      actor: 'customer',
      browser_hash: sha256(browserSecret),
      expires_at: sql`now() + make_interval(secs => ${HANDOFF_RULES.siteCodeSeconds})`,
    })
    .execute();
  return code;
}

/**
 * The customer of a site code, once: only in the browser that asked for it (403 elsewhere, the code kept), and
 * not over a session of another customer unless the person chose to replace it (409, the code kept).
 */
export async function redeemSiteCode(
  db: Kysely<Database>,
  code: string,
  browserSecret: string | null,
  current: { userId: string } | null,
  replace: boolean,
): Promise<string> {
  const row = await db
    .selectFrom('handoff_codes')
    .select(['id', 'user_id', 'browser_hash'])
    .where('code_hash', '=', sha256(code))
    .where('kind', '=', 'site')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) throw invalidLink();
  if (!browserSecret || !row.browser_hash || !safeEqual(row.browser_hash, sha256(browserSecret)))
    throw ApiError.request(403, messages.handoffOtherBrowser);
  if (current && current.userId !== row.user_id && !replace) throw ApiError.request(409, messages.handoffOtherSession);
  return (await redeem(db, 'site', code)).userId;
}

/**
 * A page the browser opens itself (the card payment's checkout, Bizum's form, the card form) gets a one-time code
 * for that page alone, as the WordPress hand-off does: a session token in an address ends up in logs and history.
 */
export async function issueLinkCode(db: Kysely<Database>, userId: string, page: LinkPage): Promise<string> {
  const code = randomToken();
  await db
    .insertInto('handoff_codes')
    .values({
      code_hash: sha256(code),
      kind: 'link',
      purpose: page,
      user_id: userId,
      actor: 'customer',
      expires_at: sql`now() + make_interval(secs => ${HANDOFF_RULES.linkCodeSeconds})`,
    })
    .execute();
  return code;
}

/** The customer of a page's one-time code, once; else 410. */
export async function redeemLinkCode(db: Kysely<Database>, code: string, page: LinkPage): Promise<string> {
  return (await redeem(db, 'link', code, page)).userId;
}

/** Marks a handoff code used, once: of simultaneous exchanges exactly one gets the row. */
async function redeem(db: Kysely<Database>, kind: 'agent' | 'admin' | 'site' | 'link', code: string, page?: string) {
  let query = db
    .updateTable('handoff_codes')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', sha256(code))
    .where('kind', '=', kind);
  if (page) query = query.where('purpose', '=', page);
  const row = await query
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'actor'])
    .executeTakeFirst();
  if (!row) throw invalidLink();
  return { userId: row.user_id, actor: row.actor };
}

export function redeemAgentCode(db: Kysely<Database>, code: string) {
  return redeem(db, 'agent', code);
}

export async function redeemAdminToken(db: Kysely<Database>, token: string, adminUsername: string) {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) throw invalidLink();
  if (!safeEqual(hmac(await secret(db, 'admin_link_key'), payload), signature)) throw invalidLink();
  let claims: AdminClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AdminClaims;
  } catch {
    throw invalidLink();
  }
  const maxExp = Date.now() / 1000 + HANDOFF_RULES.adminLinkMinutes * 60;
  if (claims.admin !== adminUsername || claims.exp < Date.now() / 1000 || claims.exp > maxExp) throw invalidLink();
  const redeemed = await redeem(db, 'admin', token);
  if (redeemed.userId !== claims.user) throw invalidLink();
  return redeemed;
}

/** The agent session id lives one day in the browser; so long it names its agent. */
const AGENT_SESSION_HOURS = 24;

/**
 * The login carries agent_session_id when an agent signs a customer in. It counts only when it
 * is an agent link that was opened (used) within the last day; then it names the agent, else nothing.
 */
export async function agentOfSessionId(db: Kysely<Database>, sessionId: string | undefined): Promise<string | null> {
  if (!sessionId) return null;
  const row = await db
    .selectFrom('handoff_codes')
    .select('actor')
    .where('code_hash', '=', sha256(sessionId))
    .where('kind', '=', 'agent')
    .where('used_at', '>', sql<Date>`now() - make_interval(hours => ${AGENT_SESSION_HOURS})`)
    .executeTakeFirst();
  return row?.actor ?? null;
}

/**
 * GET /v2/user/agent_data: the agent of an agent session, and the amount and term of the last agent link the
 * customer used (so an agent-registered customer still gets them when back on their own).
 */
export async function agentData(
  db: Kysely<Database>,
  session: { userId: string; kind: string; actor: string | null },
): Promise<{ agent_name: string | null; amount: number | null; term: number | null }> {
  const link = await db
    .selectFrom('handoff_codes')
    .select(['actor', 'amount', 'term'])
    .where('user_id', '=', session.userId)
    .where('kind', '=', 'agent')
    .where('used_at', 'is not', null)
    .orderBy('used_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    agent_name: session.kind === 'agent' ? session.actor : null,
    amount: link?.amount === null || link?.amount === undefined ? null : Number(link.amount),
    term: link?.term ?? null,
  };
}
