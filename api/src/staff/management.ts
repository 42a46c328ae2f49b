import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { type StaffMember, USERNAME } from './accounts';
import { generatePassword, hashPassword, passwordMatches } from './passwords';
import { STAFF_RULES } from './rules';
import { acceptedStep, newTotpSecret, totpUri } from './totp';

/** Why an admin's staff action was refused; the console says it in Spanish (consoleTexts[reason]). */
export type StaffRefusal = 'noSuchStaff' | 'notYourself' | 'lastAdmin';

export class StaffManagementError extends Error {
  constructor(
    readonly reason: StaffRefusal,
    readonly status = 422,
  ) {
    super(reason);
  }
}

type Account = { id: string; username: string; role: string; disabled_at: Date | null };

/**
 * The account an admin acts on, locked for the rest of the transaction; never the admin's own (an admin is
 * disabled or reset by another admin, so nobody locks themself out by mistake).
 */
async function otherAccount(trx: Transaction<Database>, admin: StaffMember, username: string): Promise<Account> {
  const name = username.trim().toLowerCase();
  const account = USERNAME.test(name)
    ? await trx
        .selectFrom('staff_accounts')
        .select(['id', 'username', 'role', 'disabled_at'])
        .where('username', '=', name)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!account) throw new StaffManagementError('noSuchStaff', 404);
  if (String(account.id) === String(admin.staffId)) throw new StaffManagementError('notYourself');
  return account;
}

/** Ends every live session of an account at once. */
function endSessions(trx: Transaction<Database>, staffId: string, by: string) {
  return trx
    .updateTable('staff_sessions')
    .set({ revoked_at: sql`now()`, revoked_by: by })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Disables an account: it cannot sign in and its sessions end at once. Never the admin's own, never the last
 * active admin: the active admins are locked first (always in the same order), so two admins disabling each other
 * at the same moment cannot leave nobody.
 */
export async function disableStaff(db: Kysely<Database>, admin: StaffMember, username: string) {
  return db.transaction().execute(async (trx) => {
    const admins = await trx
      .selectFrom('staff_accounts')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    const account = await otherAccount(trx, admin, username);
    if (account.disabled_at === null && account.role === 'admin' && admins.length <= 1) {
      throw new StaffManagementError('lastAdmin');
    }
    await trx
      .updateTable('staff_accounts')
      .set({ disabled_at: sql`coalesce(disabled_at, now())`, disabled_by: admin.username })
      .where('id', '=', account.id)
      .execute();
    const ended = await endSessions(trx, account.id, admin.username);
    return { username: account.username, sessionsEnded: Number(ended.numUpdatedRows) };
  });
}

/** Enables a disabled account again, with a clean slate of failed sign-ins. */
export async function enableStaff(db: Kysely<Database>, admin: StaffMember, username: string) {
  return db.transaction().execute(async (trx) => {
    const account = await otherAccount(trx, admin, username);
    await trx
      .updateTable('staff_accounts')
      .set({ disabled_at: null, disabled_by: null, failed_attempts: 0, locked_until: null })
      .where('id', '=', account.id)
      .execute();
    return { username: account.username };
  });
}

/**
 * Resets a password: a generated temporary one, returned to show once (only its hash is kept), which must be
 * changed at the next sign-in. The account's sessions end and a lock from failed sign-ins is lifted.
 */
export async function resetStaffPassword(db: Kysely<Database>, admin: StaffMember, username: string) {
  const password = generatePassword();
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const account = await otherAccount(trx, admin, username);
    await trx
      .updateTable('staff_accounts')
      .set({ password_hash: hash, password_reset_at: sql`now()`, failed_attempts: 0, locked_until: null })
      .where('id', '=', account.id)
      .execute();
    await endSessions(trx, account.id, admin.username);
    return { username: account.username, password };
  });
}

/**
 * Resets the second factor: a new TOTP secret the member enrols at their next sign-in (shown to them then, never
 * to the admin). Until they do, the password alone opens a session that can do nothing but enrol.
 */
export async function resetStaffSecondFactor(db: Kysely<Database>, admin: StaffMember, username: string) {
  return db.transaction().execute(async (trx) => {
    const account = await otherAccount(trx, admin, username);
    await trx
      .updateTable('staff_accounts')
      .set({ totp_secret: newTotpSecret(), totp_last_step: null, totp_reset_at: sql`now()` })
      .where('id', '=', account.id)
      .execute();
    await endSessions(trx, account.id, admin.username);
    return { username: account.username };
  });
}

/** What the setup page shows a member who must enrol: the new secret and its otpauth:// address. */
export async function enrolmentOf(db: Kysely<Database>, member: StaffMember) {
  if (!member.setup?.totp) return null;
  const row = await db
    .selectFrom('staff_accounts')
    .select('totp_secret')
    .where('id', '=', member.staffId)
    .executeTakeFirstOrThrow();
  return { secret: row.totp_secret, uri: totpUri(row.totp_secret, member.username) };
}

export type SetupField = 'password' | 'repeat' | 'code';
export type SetupProblem = 'passwordTooShort' | 'passwordsDiffer' | 'passwordUnchanged' | 'codeWrong';

/**
 * Finishes what a reset left: a new password (long enough, typed twice, not the temporary one) and/or the first
 * code of the new second factor. Any problem changes nothing and says which field is wrong.
 */
export async function completeStaffSetup(
  db: Kysely<Database>,
  member: StaffMember,
  form: { password?: string; repeat?: string; code?: string },
): Promise<{ ok: true } | { ok: false; problems: Partial<Record<SetupField, SetupProblem>> }> {
  const account = await db
    .selectFrom('staff_accounts')
    .select(['password_hash', 'totp_secret', 'totp_last_step', 'password_reset_at', 'totp_reset_at'])
    .where('id', '=', member.staffId)
    .executeTakeFirstOrThrow();
  if (account.password_reset_at === null && account.totp_reset_at === null) return { ok: true };
  const problems: Partial<Record<SetupField, SetupProblem>> = {};
  const password = form.password ?? '';
  if (account.password_reset_at !== null) {
    if (password.length < STAFF_RULES.minPasswordLength) problems.password = 'passwordTooShort';
    else if (await passwordMatches(password, account.password_hash)) problems.password = 'passwordUnchanged';
    else if (password !== (form.repeat ?? '')) problems.repeat = 'passwordsDiffer';
  }
  let step: number | null = null;
  if (account.totp_reset_at !== null) {
    const lastStep = account.totp_last_step === null ? null : Number(account.totp_last_step);
    step = acceptedStep(account.totp_secret, (form.code ?? '').trim(), lastStep);
    if (step === null) problems.code = 'codeWrong';
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  await db
    .updateTable('staff_accounts')
    .set({
      ...(account.password_reset_at !== null
        ? { password_hash: await hashPassword(password), password_reset_at: null }
        : {}),
      ...(step !== null ? { totp_last_step: step, totp_reset_at: null } : {}),
    })
    .where('id', '=', member.staffId)
    .execute();
  return { ok: true };
}
