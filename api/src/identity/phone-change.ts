import { samePhone } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { SmsChannel, SmsProvider } from '../providers/sms';
import { audit } from './audit';
import { consumeCode, issueCode, pendingCode } from './codes';
import { findUserIdByPhone } from './users';

/** The codes a phone change sends: one to the new phone, one to the phone the account has now. */
export interface PhoneChangeCodes {
  code: string;
  currentPhoneCode: string;
}

/**
 * The change of phone: PUT change_phone sends a code to the new phone, PUT phone_confirmation
 * with that code moves the account to it. Whoever holds a session alone cannot take the account: the phone the
 * account has now gets a code too, and both are needed. A phone already in use answers 422 (the client then
 * logs out and signs in with that phone).
 */
export async function startPhoneChange(
  db: Kysely<Database>,
  sms: SmsProvider,
  request: { userId: string; phone: string; address: string | null },
): Promise<PhoneChangeCodes> {
  const current = await currentPhone(db, request.userId);
  if (samePhone(request.phone, current)) {
    throw ApiError.field(422, 'mobile_phone', messages.fieldPhoneNumberEqualRegistration);
  }
  if (await findUserIdByPhone(db, request.phone)) throw ApiError.field(422, 'mobile_phone', messages.phoneInUse);
  const code = await issueCode(db, sms, {
    phone: request.phone,
    purpose: 'phone_change',
    userId: request.userId,
    binding: { from: current },
    address: request.address,
  });
  const currentPhoneCode = await issueCode(db, sms, {
    phone: current,
    purpose: 'phone_change_current',
    userId: request.userId,
    binding: { to: request.phone },
    address: request.address,
  });
  return { code, currentPhoneCode };
}

async function currentPhone(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select('mobile_phone').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.mobile_phone;
}

/** New codes for the phone change under way, to the same new phone and to the current one. */
export async function resendPhoneChange(
  db: Kysely<Database>,
  sms: SmsProvider,
  request: { userId: string; channel: SmsChannel; address: string | null },
): Promise<PhoneChangeCodes> {
  const pending = await pendingCode(db, { purpose: 'phone_change', userId: request.userId });
  if (!pending) throw ApiError.field(422, 'mobile_phone', messages.fieldRequired);
  const code = await issueCode(db, sms, {
    phone: pending.phone,
    purpose: 'phone_change',
    userId: request.userId,
    binding: pending.binding,
    channel: request.channel,
    address: request.address,
  });
  const currentPhoneCode = await issueCode(db, sms, {
    phone: await currentPhone(db, request.userId),
    purpose: 'phone_change_current',
    userId: request.userId,
    binding: { to: pending.phone },
    channel: request.channel,
    address: request.address,
  });
  return { code, currentPhoneCode };
}

/**
 * Both codes right: the account moves to the new phone, and every other session of it ends (one opened by
 * whoever had the old phone or a copied token goes with the change).
 */
export async function confirmPhoneChange(
  db: Kysely<Database>,
  request: {
    userId: string;
    sessionId: string;
    code: string;
    currentPhoneCode: string;
    address: string | null;
    sms?: SmsProvider;
  },
): Promise<void> {
  const checked = { userId: request.userId, address: request.address, sms: request.sms };
  const pending = await pendingCode(db, { purpose: 'phone_change', userId: request.userId });
  if (!pending) throw ApiError.field(422, 'code', messages.codeExpired);
  const current = await currentPhone(db, request.userId);
  const confirmed = await consumeCode(
    db,
    { ...checked, phone: current, purpose: 'phone_change_current', property: 'current_phone_code' },
    request.currentPhoneCode,
  );
  try {
    await consumeCode(db, { ...checked, phone: pending.phone, purpose: 'phone_change' }, request.code);
  } catch (error) {
    // The current phone's code stays good for another try of the new phone's (its own tries are counted).
    await db.updateTable('sms_codes').set({ consumed_at: null }).where('id', '=', confirmed.id).execute();
    throw error;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ mobile_phone: pending.phone }).where('id', '=', request.userId).execute();
      const ended = await trx
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', request.userId)
        .where('id', '!=', request.sessionId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      if (ended.length > 0) {
        const ids = ended.map((row) => row.id);
        await trx.deleteFrom('cached_views').where('session_id', 'in', ids).execute();
      }
      await audit(trx, {
        actor: `customer:${request.userId}`,
        subject: `user:${request.userId}`,
        action: 'phone_changed',
        address: request.address,
        detail: { to: pending.phone, sessions_ended: ended.length },
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw ApiError.field(422, 'mobile_phone', messages.phoneInUse);
    throw error;
  }
}
