import { messages } from '@credimo/shared/i18n';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { hmac, randomToken, safeEqual, secret, sha256 } from './crypto';
import { HANDOFF_RULES } from './rules';

/**
 * Agent and admin links carry one-time, short-lived codes exchanged for a new session (DESIGN.md section 7).
 * Agent links carry a random code; admin links a signed token naming the admin, the customer and the expiry.
 */

const invalidLink = () => ApiError.request(410, messages.linkInvalid);

export async function issueAgentCode(db: Kysely<Database>, userId: string, agent: string): Promise<string> {
  const code = randomToken();
  await db
    .insertInto('handoff_codes')
    .values({
      code_hash: sha256(code),
      kind: 'agent',
      user_id: userId,
      actor: agent,
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

/** Marks a handoff code used, once: of simultaneous exchanges exactly one gets the row. */
async function redeem(db: Kysely<Database>, kind: 'agent' | 'admin', code: string) {
  const row = await db
    .updateTable('handoff_codes')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', sha256(code))
    .where('kind', '=', kind)
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
