import { type MessageKey, messages, t } from '@credimo/shared/i18n';
import { type Kysely, sql } from 'kysely';
import { hmac, randomCode, safeEqual, secret } from '../crypto';
import type { CodePurpose, Database } from '../db/schema';
import { ApiError } from '../errors';
import type { SmsChannel, SmsProvider } from '../providers/sms';
import { CODE_RULES } from './rules';

export interface CodeRequest {
  phone: string;
  purpose: CodePurpose;
  userId?: string | null;
  /** What the code is for beyond its purpose (e.g. the new phone, or a loan with its amount and IBAN). */
  binding?: Record<string, unknown>;
  channel?: SmsChannel;
  address: string | null;
  /** Dynamic linking: what the code authorises (e.g. loan id, amount and IBAN) is hashed with it. */
  linkedTo?: string;
}

const TEXTS: Record<CodePurpose, string> = {
  login: 'Tu código de acceso a Credimo es {code}. No lo compartas con nadie.',
  phone_change: 'Tu código para cambiar el teléfono en Credimo es {code}.',
  phone_change_current:
    'Tu código para cambiar el teléfono de tu cuenta de Credimo a otro número es {code}. Si no lo has pedido tú, no lo compartas.',
  sign_loan: 'Tu código para firmar el contrato de Credimo es {code}.',
};

/** Codes are bound to their purpose and phone by what is hashed, so one cannot stand for another. */
async function codeHash(db: Kysely<Database>, purpose: CodePurpose, phone: string, code: string, linkedTo?: string) {
  const linked = linkedTo === undefined ? '' : `:${linkedTo}`;
  return hmac(await secret(db, 'code_pepper'), `${purpose}:${phone}:${code}${linked}`);
}

const tooMany = (seconds: number, key: MessageKey, params?: Record<string, number>) =>
  ApiError.tooMany(params ? t(key, params) : messages[key], seconds);

/** How many codes were asked for in the last hour, and the seconds until the oldest of them leaves the hour. */
async function codesInTheHour(db: Kysely<Database>, column: 'phone' | 'requested_ip', value: string) {
  const row = await db
    .selectFrom('sms_codes')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      sql<number>`extract(epoch from min(created_at) + interval '1 hour' - now())`.as('wait'),
    ])
    .where(column, '=', value)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), wait: Number(row?.wait ?? 0) };
}

/**
 * An SMS no sooner than 90 s after the last SMS; one WhatsApp send from
 * 30 s after the last code (the WhatsApp option of the code screen), after which the next code waits
 * for the SMS timer again. The per-phone and per-address hourly limits hold for both channels.
 */
export function secondsToWait(
  channel: SmsChannel,
  last: { age: number; channel: string } | null,
  lastSms: { age: number } | null,
): number {
  const smsWait = lastSms ? CODE_RULES.resendAfterSeconds - lastSms.age : 0;
  if (channel === 'whatsapp' && last && last.channel !== 'whatsapp') {
    return Math.max(0, CODE_RULES.whatsappAfterSeconds - last.age);
  }
  if (channel === 'whatsapp' && last) return Math.max(0, CODE_RULES.resendAfterSeconds - last.age, smsWait);
  return Math.max(0, smsWait);
}

/** Told to the customer once their phone's wrong tries reach the daily cap. */
const LOCK_NOTICE =
  'Credimo: alguien ha escrito demasiados códigos incorrectos para tu número. Por seguridad no aceptaremos códigos ' +
  'durante 24 horas. Si no has sido tú, no compartas ningún código con nadie.';

/** Wrong tries in the last 24 hours for a phone or from an address, and the seconds until the oldest leaves them. */
async function wrongTriesToday(db: Kysely<Database>, column: 'phone' | 'address', value: string) {
  const row = await db
    .selectFrom('code_tries')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      sql<number>`extract(epoch from min(created_at) + interval '1 day' - now())`.as('wait'),
    ])
    .where(column, '=', value)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), wait: Number(row?.wait ?? 0) };
}

/**
 * The daily caps of wrong tries (CODE_RULES): past either, no code is sent to or checked for the phone (or from
 * the address) until the oldest try counted is a day old.
 */
async function enforceDailyCaps(db: Kysely<Database>, phone: string, address: string | null | undefined) {
  const perPhone = await wrongTriesToday(db, 'phone', phone);
  if (perPhone.count >= CODE_RULES.wrongTriesPerPhonePerDay) throw tooMany(perPhone.wait, 'codeTriesLocked');
  if (!address) return;
  const perAddress = await wrongTriesToday(db, 'address', address);
  if (perAddress.count >= CODE_RULES.wrongTriesPerAddressPerDay) throw tooMany(perAddress.wait, 'codeTriesLocked');
}

async function enforceLimits(db: Kysely<Database>, request: CodeRequest): Promise<void> {
  await enforceDailyCaps(db, request.phone, request.address);
  const recent = await db
    .selectFrom('sms_codes')
    .select(['channel', sql<number>`extract(epoch from now() - created_at)`.as('age')])
    .where('phone', '=', request.phone)
    .where('purpose', '=', request.purpose)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
  const ages = recent.map((row) => ({ channel: row.channel, age: Number(row.age) }));
  const wait = secondsToWait(
    request.channel ?? 'sms',
    ages[0] ?? null,
    ages.find((row) => row.channel !== 'whatsapp') ?? null,
  );
  if (wait > 0) throw tooMany(wait, 'resendTooSoon', { seconds: Math.ceil(wait) });
  const perPhone = await codesInTheHour(db, 'phone', request.phone);
  if (perPhone.count >= CODE_RULES.perPhonePerHour) throw tooMany(perPhone.wait, 'tooManyCodes');
  if (request.address) {
    const perAddress = await codesInTheHour(db, 'requested_ip', request.address);
    if (perAddress.count >= CODE_RULES.perAddressPerHour) throw tooMany(perAddress.wait, 'tooManyCodes');
  }
}

/**
 * Issues a fresh code: earlier unused codes of the same phone and purpose stop working, the new one is
 * stored hashed and sent. Returns the plain code only so sandbox mode can echo it.
 */
export async function issueCode(db: Kysely<Database>, sms: SmsProvider, request: CodeRequest): Promise<string> {
  await enforceLimits(db, request);
  const code = randomCode(CODE_RULES.digits);
  const hash = await codeHash(db, request.purpose, request.phone, code, request.linkedTo);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sms_codes')
      .set({ expires_at: sql`now()` })
      .where('phone', '=', request.phone)
      .where('purpose', '=', request.purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        phone: request.phone,
        purpose: request.purpose,
        user_id: request.userId ?? null,
        binding: JSON.stringify(request.binding ?? {}),
        code_hash: hash,
        channel: request.channel ?? 'sms',
        requested_ip: request.address,
        expires_at: sql`now() + make_interval(secs => ${CODE_RULES.validSeconds})`,
      })
      .execute();
  });
  await sms.send({
    phone: request.phone,
    channel: request.channel ?? 'sms',
    body: TEXTS[request.purpose].replace('{code}', code),
  });
  return code;
}

/**
 * The newest code still open for a phone (or a customer's phone change): a resend goes to the same phone with
 * the same binding, so what the customer chose when asking (e.g. marketing consent) survives a new code.
 */
export async function pendingCode(
  db: Kysely<Database>,
  query: { purpose: CodePurpose; phone?: string; userId?: string },
): Promise<{ phone: string; binding: Record<string, unknown> } | null> {
  let pending = db
    .selectFrom('sms_codes')
    .select(['phone', 'binding'])
    .where('purpose', '=', query.purpose)
    .where('consumed_at', 'is', null);
  if (query.phone) pending = pending.where('phone', '=', query.phone);
  if (query.userId) pending = pending.where('user_id', '=', query.userId);
  const row = await pending.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ?? null;
}

/** A new sign-in code for a phone, carrying the binding of the one it replaces (the consents ticked at sign-in). */
export async function resendLoginCode(
  db: Kysely<Database>,
  sms: SmsProvider,
  request: { phone: string; channel: SmsChannel; address: string | null },
): Promise<string> {
  const pending = await pendingCode(db, { purpose: 'login', phone: request.phone });
  return issueCode(db, sms, { ...request, purpose: 'login', binding: pending?.binding ?? {} });
}

export interface ConsumedCode {
  id: string;
  userId: string | null;
  binding: Record<string, unknown>;
}

/** Where a code was checked: the field it came in, the caller's address, and how to tell the customer of a lock. */
export interface CodeCheck {
  phone: string;
  purpose: CodePurpose;
  userId?: string;
  linkedTo?: string;
  /** The request's field holding the code (`code` unless said). */
  property?: string;
  address?: string | null;
  /** Sends the customer the notice when their phone's wrong tries reach the daily cap. */
  sms?: SmsProvider;
}

/** Records a wrong try; the one that reaches the phone's daily cap tells the customer. */
async function countWrongTry(db: Kysely<Database>, query: CodeCheck): Promise<void> {
  await db
    .insertInto('code_tries')
    .values({ phone: query.phone, address: query.address ?? null })
    .execute();
  const { count } = await wrongTriesToday(db, 'phone', query.phone);
  if (count === CODE_RULES.wrongTriesPerPhonePerDay && query.sms) {
    await query.sms.send({ phone: query.phone, channel: 'sms', body: LOCK_NOTICE });
  }
}

/**
 * Checks a code for a phone and purpose. A right code is consumed in one conditional update, so of any
 * number of simultaneous confirmations exactly one wins. Wrong tries are counted; after the last one the
 * code is dead and a new one is needed. Past the daily caps of wrong tries nothing is checked (429).
 */
export async function consumeCode(db: Kysely<Database>, query: CodeCheck, code: string): Promise<ConsumedCode> {
  const wrongCode = (key: MessageKey) => ApiError.field(422, query.property ?? 'code', messages[key]);
  await enforceDailyCaps(db, query.phone, query.address);
  let pending = db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'user_id', 'binding', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('phone', '=', query.phone)
    .where('purpose', '=', query.purpose)
    .where('consumed_at', 'is', null);
  if (query.userId) pending = pending.where('user_id', '=', query.userId);
  const row = await pending.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (!row || row.expired) throw wrongCode('codeExpired');
  if (row.attempts >= CODE_RULES.maxWrongTries) throw wrongCode('codeAttemptsExhausted');

  const hash = await codeHash(db, query.purpose, query.phone, code, query.linkedTo);
  if (!safeEqual(hash, row.code_hash)) {
    const counted = await db
      .updateTable('sms_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', row.id)
      .returning('attempts')
      .executeTakeFirst();
    await countWrongTry(db, query);
    throw wrongCode((counted?.attempts ?? 0) >= CODE_RULES.maxWrongTries ? 'codeAttemptsExhausted' : 'codeIncorrect');
  }
  const consumed = await db
    .updateTable('sms_codes')
    .set({ consumed_at: sql`now()` })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', CODE_RULES.maxWrongTries)
    .returning('id')
    .executeTakeFirst();
  if (!consumed) throw wrongCode('codeExpired');
  return { id: row.id, userId: row.user_id, binding: row.binding };
}
