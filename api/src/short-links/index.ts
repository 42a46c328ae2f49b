import { randomBytes } from 'node:crypto';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ShortLinksTable {
  hash: string;
  target: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Timestamp | null;
  hits: ColumnType<number, number | undefined, number>;
}

declare module '../db/schema' {
  interface Database {
    short_links: ShortLinksTable;
  }
}

/** A short link's hash: 10 URL-safe characters from 60 random bits, never guessed in practice. */
const newHash = () => randomBytes(8).toString('base64url').slice(0, 10);

/**
 * A short link sends the browser only to an allow-listed origin, over http(s). Compared as
 * parsed origins, so `https://credimo.es.evil.com`, `https://credimo.es@evil.com`, `//evil.com` and
 * `javascript:` targets never pass.
 */
export function isAllowedTarget(target: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  return allowedOrigins.includes(url.origin);
}

export class ShortLinkRefused extends Error {}

/** Keeps a short link to an allow-listed target; answers its hash. */
export async function createShortLink(
  db: Kysely<Database>,
  target: string,
  allowedOrigins: readonly string[],
  options: { days?: number } = {},
): Promise<string> {
  if (!isAllowedTarget(target, allowedOrigins)) {
    throw new ShortLinkRefused(`${target} is not on an allowed origin (${allowedOrigins.join(', ')})`);
  }
  const hash = newHash();
  await db
    .insertInto('short_links')
    .values({
      hash,
      target,
      expires_at: options.days ? sql<Date>`now() + make_interval(days => ${options.days})` : null,
    })
    .execute();
  return hash;
}

/**
 * The target of a live short link, counted as followed; null when unknown, expired, or no longer on an allowed
 * origin (the allow-list is checked again on the way out: a target kept before the list changed is not followed).
 */
export async function followShortLink(
  db: Kysely<Database>,
  hash: string,
  allowedOrigins: readonly string[],
): Promise<string | null> {
  const row = await db
    .updateTable('short_links')
    .set({ hits: sql`hits + 1` })
    .where('hash', '=', hash)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .returning('target')
    .executeTakeFirst();
  if (!row || !isAllowedTarget(row.target, allowedOrigins)) return null;
  return row.target;
}
