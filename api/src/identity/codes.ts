import { type MessageKey, messages, t } from '@credimo/shared/i18n';
import { type Kysely, sql } from 'kysely';
import type { CodePurpose, Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SmsChannel, SmsProvider } from '../providers/sms';
import { hmac, randomCode, safeEqual, secret } from './crypto';
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
  sign_loan: 'Tu código para firmar el contrato de Credimo es {code}.',
};

/** Codes are bound to their purpose and phone by what is hashed, so one cannot stand for another. */
async function codeHash(db: Kysely<Database>, purpose: CodePurpose, phone: string, code: string, linkedTo?: string) {
  const linked = linkedTo === undefined ? '' : `:${linkedTo}`;
  return hmac(await secret(db, 'code_pepper'), `${purpose}:${phone}:${code}${linked}`);
}

const tooMany = (key: MessageKey, params?: Record<string, number>) =>
  ApiError.request(429, params ? t(key, params) : messages[key]);

/**
 * SPEC section 9 and DESIGN.md section 7: an SMS no sooner than 90 s after the last SMS; one WhatsApp send from
 * 30 s after the last code (the WhatsApp option SPEC offers on the code screen), after which the next code waits
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

async function enforceLimits(db: Kysely<Database>, request: CodeRequest): Promise<void> {
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
  if (wait > 0) throw tooMany('resendTooSoon', { seconds: Math.ceil(wait) });
  const [perPhone] = await db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('phone', '=', request.phone)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .execute();
  if (Number(perPhone?.n ?? 0) >= CODE_RULES.perPhonePerHour) throw tooMany('tooManyCodes');
  if (request.address) {
    const [perAddress] = await db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('requested_ip', '=', request.address)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .execute();
    if (Number(perAddress?.n ?? 0) >= CODE_RULES.perAddressPerHour) throw tooMany('tooManyCodes');
  }
}

/**
 * Issues a fresh code: earlier unused codes of the same phone and purpose stop working, the new one is
 * stored hashed and sent. Returns the plain code only so sandbox mode can echo it (SPEC section 7).
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

/** A new sign-in code for a phone, carrying the binding of the one it replaces (SPEC: consents ticked at sign-in). */
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

const wrongCode = (key: MessageKey) => ApiError.field(422, 'code', messages[key]);

/**
 * Checks a code for a phone and purpose. A right code is consumed in one conditional update, so of any
 * number of simultaneous confirmations exactly one wins. Wrong tries are counted; after the last one the
 * code is dead and a new one is needed.
 */
export async function consumeCode(
  db: Kysely<Database>,
  query: { phone: string; purpose: CodePurpose; userId?: string; linkedTo?: string },
  code: string,
): Promise<ConsumedCode> {
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
