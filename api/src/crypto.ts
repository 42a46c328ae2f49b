import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

/** 256 random bits, URL-safe: session tokens and handoff codes. */
export const randomToken = () => randomBytes(32).toString('base64url');

/**
 * Tokens are stored only as their SHA-256: a leaked table opens no session. One-shot `hash` (every call of the
 * API hashes its token): a third of createHash's time for a short string.
 */
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A 4-digit SMS code from the CSPRNG. */
export const randomCode = (digits: number) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/**
 * Server-side secrets (the pepper of code hashes, the key of admin links) live in the database, made once,
 * so every API process and the ops command agree without configuration.
 */
const known = new WeakMap<Kysely<Database>, Map<string, Promise<string>>>();

export function secret(db: Kysely<Database>, name: string): Promise<string> {
  // A secret never changes once made: read it once per process, not on every code issued or checked.
  let secrets = known.get(db);
  if (!secrets) {
    secrets = new Map();
    known.set(db, secrets);
  }
  let value = secrets.get(name);
  if (!value) {
    value = loadSecret(db, name);
    secrets.set(name, value);
    value.catch(() => secrets?.delete(name));
  }
  return value;
}

async function loadSecret(db: Kysely<Database>, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
