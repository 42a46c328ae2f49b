import { type Kysely, sql } from 'kysely';
import { randomToken, sha256 } from '../crypto';
import type { Database, StaffRole } from '../db/schema';
import { recordStaffEvent } from './audit';
import { generatePassword, hashPassword, passwordMatches, spendLikeAVerify } from './passwords';
import { STAFF_RULES } from './rules';
import { acceptedStep, newTotpSecret, totpUri } from './totp';

export interface StaffMember {
  sessionId: string;
  staffId: string;
  username: string;
  role: StaffRole;
  /**
   * What an admin's reset left to do before anything else (migration 0022): choose a new password, enrol the new
   * second factor. Absent or both false: nothing.
   */
  setup?: StaffSetup;
}

export interface StaffSetup {
  password: boolean;
  totp: boolean;
}

export const setupPending = (member: Pick<StaffMember, 'setup'>) =>
  Boolean(member.setup?.password || member.setup?.totp);

export const STAFF_ROLES: readonly StaffRole[] = ['agent', 'admin'];
export const USERNAME = /^[a-z0-9._-]{2,40}$/;

/** A wrong argument for a staff account (shown to whoever asked). */
export class StaffAccountError extends Error {}

export interface NewStaff {
  username: string;
  role: StaffRole;
  /** The password and TOTP secret to hand over once; only the hash and the secret are kept. */
  password: string;
  totpSecret: string;
  totpUri: string;
}

/** Creates a staff account with a generated password (or the given one) and a new TOTP secret. */
export async function createStaff(
  db: Kysely<Database>,
  account: {
    username: string;
    role: string;
    createdBy: string;
    password?: string;
    totpSecret?: string;
    /** The password's hash when the caller has it already (the demo accounts'). */
    passwordHash?: string;
  },
): Promise<NewStaff> {
  const username = account.username.trim().toLowerCase();
  if (!USERNAME.test(username)) throw new StaffAccountError('username: 2 to 40 of a-z, 0-9, dot, dash, underscore');
  const role = STAFF_ROLES.find((r) => r === account.role);
  if (!role) throw new StaffAccountError(`role: one of ${STAFF_ROLES.join(', ')}`);
  const password = account.password ?? generatePassword();
  if (password.length < STAFF_RULES.minPasswordLength) {
    throw new StaffAccountError(`password: at least ${STAFF_RULES.minPasswordLength} characters`);
  }
  const totpSecret = account.totpSecret ?? newTotpSecret();
  const inserted = await db
    .insertInto('staff_accounts')
    .values({
      username,
      role,
      password_hash: account.passwordHash ?? (await hashPassword(password)),
      totp_secret: totpSecret,
      created_by: account.createdBy,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new StaffAccountError(`username ${username} is taken`);
  return { username, role, password, totpSecret, totpUri: totpUri(totpSecret, username) };
}

export type SignInOutcome =
  | { ok: true; token: string; sessionId: string; member: Omit<StaffMember, 'sessionId'> }
  | { ok: false; reason: 'wrong' | 'locked'; username: string; alert?: boolean };

/** The audit log's actor for a sign-in: the name tried when it could be one (at most 40 characters), else `?`. */
export const signInActor = (username: string) => (USERNAME.test(username) ? username : '?');

/**
 * Staff sign-in: password and TOTP code together. Any wrong part answers the same ('wrong'); five in a row from
 * one address make the account wait 15 minutes there ('locked', answered to the caller exactly as 'wrong'), so
 * nobody can lock staff out from elsewhere. Failures across all addresses past STAFF_RULES.alertFailures in an
 * hour are an alert in the audit log (`alert: true`). After an admin reset the second factor there is no code to
 * give: the password alone opens a session that can only enrol the new secret (`member.setup`), and likewise a
 * temporary password opens one that must change it.
 */
export async function signIn(
  db: Kysely<Database>,
  attempt: { username: string; password: string; code: string; address: string | null },
): Promise<SignInOutcome> {
  const outcome = await checkSignIn(db, attempt);
  await recordStaffEvent(
    db,
    outcome.ok
      ? { ...outcome.member, sessionId: outcome.sessionId }
      : { username: signInActor(outcome.username), role: 'agent', sessionId: '' },
    'sign-in',
    null,
    attempt.address,
    outcome.ok ? { outcome: 'done' } : { outcome: outcome.reason },
  );
  if (!outcome.ok && outcome.alert) {
    await recordStaffEvent(
      db,
      { username: outcome.username, role: 'agent', sessionId: '' },
      'sign-in-alert',
      `staff:${outcome.username}`,
      attempt.address,
      { failures_in_the_hour: STAFF_RULES.alertFailures },
    );
  }
  return outcome;
}

/** Failed sign-ins of an account from one address in the lock's window, and from everywhere in the last hour. */
async function failuresOf(db: Kysely<Database>, username: string, address: string | null) {
  const row = await db
    .selectFrom('staff_sign_in_failures')
    .select([
      sql<string>`count(*) filter (where created_at > now() - make_interval(mins => ${STAFF_RULES.lockMinutes})
        and address is not distinct from ${address})`.as('here'),
      sql<string>`count(*)`.as('everywhere'),
    ])
    .where('username', '=', username)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  return { here: Number(row?.here ?? 0), everywhere: Number(row?.everywhere ?? 0) };
}

async function checkSignIn(
  db: Kysely<Database>,
  attempt: { username: string; password: string; code: string; address: string | null },
): Promise<SignInOutcome> {
  const username = attempt.username.trim().toLowerCase();
  if (!USERNAME.test(username)) {
    await spendLikeAVerify(attempt.password);
    return { ok: false, reason: 'wrong', username };
  }
  const failures = await failuresOf(db, username, attempt.address);
  if (failures.here >= STAFF_RULES.maxFailedAttempts) {
    await spendLikeAVerify(attempt.password);
    return { ok: false, reason: 'locked', username };
  }
  const failed = async (): Promise<SignInOutcome> => {
    await db.insertInto('staff_sign_in_failures').values({ username, address: attempt.address }).execute();
    return { ok: false, reason: 'wrong', username, alert: failures.everywhere + 1 === STAFF_RULES.alertFailures };
  };
  const account = await db
    .selectFrom('staff_accounts')
    .selectAll()
    .where('username', '=', username)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!account) {
    await spendLikeAVerify(attempt.password);
    return failed();
  }
  const lastStep = account.totp_last_step === null ? null : Number(account.totp_last_step);
  const passwordOk = await passwordMatches(attempt.password, account.password_hash);
  const enrolling = account.totp_reset_at !== null;
  const step = passwordOk && !enrolling ? acceptedStep(account.totp_secret, attempt.code.trim(), lastStep) : null;
  if (!passwordOk || (step === null && !enrolling)) return failed();
  await db
    .deleteFrom('staff_sign_in_failures')
    .where('username', '=', username)
    .where(sql<boolean>`address is not distinct from ${attempt.address}`)
    .execute();
  await db
    .updateTable('staff_accounts')
    .set({ failed_attempts: 0, locked_until: null, ...(step === null ? {} : { totp_last_step: step }) })
    .where('id', '=', account.id)
    .execute();
  const token = randomToken();
  const session = await db
    .insertInto('staff_sessions')
    .values({
      token_hash: sha256(token),
      staff_id: account.id,
      created_ip: attempt.address,
      expires_at: sql`now() + make_interval(hours => ${STAFF_RULES.sessionHours})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ok: true,
    token,
    sessionId: String(session.id),
    member: {
      staffId: String(account.id),
      username,
      role: account.role,
      setup: { password: account.password_reset_at !== null, totp: enrolling },
    },
  };
}

/** The live staff session of a token: not revoked, not expired, not idle, its account not disabled. */
export async function findStaffSession(db: Kysely<Database>, token: string): Promise<StaffMember | null> {
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_accounts as a', 'a.id', 's.staff_id')
    .select([
      's.id as session_id',
      'a.id as staff_id',
      'a.username',
      'a.role',
      'a.password_reset_at',
      'a.totp_reset_at',
      sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${STAFF_RULES.touchEverySeconds})`.as('stale'),
    ])
    .where('s.token_hash', '=', sha256(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${STAFF_RULES.idleMinutes})`)
    .where('a.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) {
    await db.updateTable('staff_sessions').set({ last_seen_at: sql`now()` }).where('id', '=', row.session_id).execute();
  }
  return {
    sessionId: String(row.session_id),
    staffId: String(row.staff_id),
    username: row.username,
    role: row.role,
    setup: { password: row.password_reset_at !== null, totp: row.totp_reset_at !== null },
  };
}

/** Ends a staff session at once (sign-out, or an admin revoking it); false when it was not live. */
export async function revokeStaffSession(db: Kysely<Database>, sessionId: string, by: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(sessionId)) return false;
  const result = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: sql`now()`, revoked_by: by })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sign-out: the session ends at once and the log says so. */
export async function signOut(db: Kysely<Database>, member: StaffMember, address: string | null): Promise<void> {
  await revokeStaffSession(db, member.sessionId, member.username);
  await recordStaffEvent(db, member, 'sign-out', null, address);
}

/** Every staff member with their live sessions, for the admin's staff page. */
export async function staffOverview(db: Kysely<Database>) {
  const [accounts, sessions] = await Promise.all([
    db
      .selectFrom('staff_accounts')
      .select([
        'id',
        'username',
        'role',
        'created_at',
        'created_by',
        'disabled_at',
        'disabled_by',
        'password_reset_at',
        'totp_reset_at',
        // Locked from some address: five failures there within the lock's window.
        sql<boolean>`exists (select 1 from staff_sign_in_failures f where f.username = staff_accounts.username
          and f.created_at > now() - make_interval(mins => ${STAFF_RULES.lockMinutes})
          group by f.address having count(*) >= ${STAFF_RULES.maxFailedAttempts})`.as('locked'),
      ])
      .orderBy('username')
      .execute(),
    db
      .selectFrom('staff_sessions as s')
      .innerJoin('staff_accounts as a', 'a.id', 's.staff_id')
      .select(['s.id', 'a.username', 's.created_ip', 's.created_at', 's.last_seen_at'])
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${STAFF_RULES.idleMinutes})`)
      .orderBy('s.created_at', 'desc')
      .execute(),
  ]);
  return { accounts, sessions };
}

/**
 * Sandbox mode only: two demo staff members with known passwords and TOTP secrets (docs/operating.md, Operators' console),
 * so the console can be tried after `npm start`. Never in production: there the first admin comes from
 * `npm run ops -- staff-create`. Their passwords are public, so their argon2id hashes are written down too: every
 * new sandbox database (each `npm start` on a new folder, each test's API) would otherwise spend most of a second
 * of CPU hashing them again. A test checks that each hash is its password's, with today's parameters.
 */
export const SANDBOX_STAFF = [
  {
    username: 'agente',
    role: 'agent',
    password: 'agente-sandbox-1',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$KcrMIEwkjp/HvW3FaP4j6A$QPOnvYW763QxhDHpbUbxvmEc0nBH26Rl6/nSDXe737k',
  },
  {
    username: 'admin',
    role: 'admin',
    password: 'admin-sandbox-12',
    totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$5u+u/P/P715kH9/TOBIdvw$G3wliYXXCAYkFY8hT5u/u/NpUYTuE6wKjoFT6bOCa0s',
  },
] as const;

export async function seedSandboxStaff(db: Kysely<Database>): Promise<void> {
  const existing = await db
    .selectFrom('staff_accounts')
    .select('username')
    .where(
      'username',
      'in',
      SANDBOX_STAFF.map((s) => s.username),
    )
    .execute();
  for (const member of SANDBOX_STAFF) {
    if (existing.some((row) => row.username === member.username)) continue;
    await createStaff(db, { ...member, createdBy: 'sandbox', passwordHash: member.passwordHash }).catch((error) => {
      // Another API process seeded it first.
      if (!(error instanceof StaffAccountError)) throw error;
    });
  }
}
