import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import { hmac, safeEqual, secret } from '../crypto';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** Agreement links expire: the account refetches loans when one is within 5 s of its expiry. */
export const AGREEMENT_LINK_SECONDS = 15 * 60;
const LINK_STEP_SECONDS = 60;

/** The key agreement links are signed with (made once, kept in the database, read once per process). */
export const agreementLinkKey = (db: Kysely<Database>) => secret(db, 'agreement_link_key');

const signatureOf = (key: string, id: string, expires: number) => hmac(key, `agreement:${id}:${expires}`);

// Expiries step by the minute: the links (and so the polled body and its ETag) stay the same for a minute,
// where a per-second expiry made every poll a new body and no poll a 304. Valid 15 to 16 minutes.
const expiryStep = (now: number) =>
  Math.ceil((now / 1000 + AGREEMENT_LINK_SECONDS) / LINK_STEP_SECONDS) * LINK_STEP_SECONDS;

/** The instant (ms) the links made at `now` change: the next step of their expiry. */
export const agreementLinksChangeAt = (now: number) =>
  (Math.floor(now / 1000 / LINK_STEP_SECONDS) + 1) * LINK_STEP_SECONDS * 1000;

/** The loan's agreements, each a link with its expiry, a type and a name. */
export async function agreementsOf(db: Kysely<Database>, loanId: string, now = Date.now()) {
  const rows = await db
    .selectFrom('loan_agreements')
    .select(['id', 'type', 'name'])
    .where('loan_id', '=', loanId)
    .orderBy('id')
    .execute();
  return agreementLinks(rows, await agreementLinkKey(db), now);
}

/** Agreement rows (id, type, name) as the loan's `agreements`, signed with the key (pure). */
export function agreementLinks(
  rows: ReadonlyArray<{ id: string | number; type: string; name: string }>,
  key: string,
  now = Date.now(),
) {
  const expires = expiryStep(now);
  return rows.map((r) => ({
    link: `/v2/loan/agreements/${r.id}?expires=${expires}&signature=${signatureOf(key, String(r.id), expires)}`,
    type: r.type,
    name: r.name,
    expires_at: new Date(expires * 1000).toISOString(),
  }));
}

/** GET of an agreement link: only while it is valid, and only for the loan's owner. */
export async function agreementFile(
  db: Kysely<Database>,
  userId: string,
  id: string,
  query: { expires: number; signature: string },
): Promise<{ name: string; pdf: Uint8Array }> {
  if (!/^\d{1,18}$/.test(id)) throw ApiError.request(404, messages.routeNotFound);
  const row = await db
    .selectFrom('loan_agreements as a')
    .innerJoin('loans as l', 'l.id', 'a.loan_id')
    .select(['a.name', 'a.pdf'])
    .where('a.id', '=', id)
    .where('l.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw ApiError.request(404, messages.routeNotFound);
  const expected = signatureOf(await agreementLinkKey(db), id, query.expires);
  if (!safeEqual(expected, query.signature) || query.expires * 1000 < Date.now()) {
    throw ApiError.request(410, messages.agreementLinkExpired);
  }
  return { name: row.name, pdf: row.pdf };
}
