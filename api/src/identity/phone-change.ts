import { samePhone } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SmsChannel, SmsProvider } from '../providers/sms';
import { audit } from './audit';
import { consumeCode, issueCode, pendingCode } from './codes';
import { findUserIdByPhone } from './users';

/**
 * SPEC section 7's change of phone: PUT change_phone sends a code to the new phone, PUT phone_confirmation
 * with that code moves the account to it. A phone already in use answers 422 (the client then logs out and
 * signs in with that phone, SPEC section 8).
 */
export async function startPhoneChange(
  db: Kysely<Database>,
  sms: SmsProvider,
  request: { userId: string; phone: string; address: string | null },
): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('mobile_phone')
    .where('id', '=', request.userId)
    .executeTakeFirstOrThrow();
  if (samePhone(request.phone, user.mobile_phone)) {
    throw ApiError.field(422, 'mobile_phone', messages.fieldPhoneNumberEqualRegistration);
  }
  if (await findUserIdByPhone(db, request.phone)) throw ApiError.field(422, 'mobile_phone', messages.phoneInUse);
  return issueCode(db, sms, {
    phone: request.phone,
    purpose: 'phone_change',
    userId: request.userId,
    binding: { from: user.mobile_phone },
    address: request.address,
  });
}

/** A new code for the phone change under way, to the same new phone. */
export async function resendPhoneChange(
  db: Kysely<Database>,
  sms: SmsProvider,
  request: { userId: string; channel: SmsChannel; address: string | null },
): Promise<string> {
  const pending = await pendingCode(db, { purpose: 'phone_change', userId: request.userId });
  if (!pending) throw ApiError.field(422, 'mobile_phone', messages.fieldRequired);
  return issueCode(db, sms, {
    phone: pending.phone,
    purpose: 'phone_change',
    userId: request.userId,
    binding: pending.binding,
    channel: request.channel,
    address: request.address,
  });
}

export async function confirmPhoneChange(
  db: Kysely<Database>,
  request: { userId: string; code: string; address: string | null },
): Promise<void> {
  const pending = await pendingCode(db, { purpose: 'phone_change', userId: request.userId });
  if (!pending) throw ApiError.field(422, 'code', messages.codeExpired);
  await consumeCode(db, { phone: pending.phone, purpose: 'phone_change', userId: request.userId }, request.code);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ mobile_phone: pending.phone }).where('id', '=', request.userId).execute();
      await audit(trx, {
        actor: `customer:${request.userId}`,
        subject: `user:${request.userId}`,
        action: 'phone_changed',
        address: request.address,
        detail: { to: pending.phone },
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw ApiError.field(422, 'mobile_phone', messages.phoneInUse);
    throw error;
  }
}
