import type { StaffRole } from '../db/schema';

/** The console's sign-in and session rules, as numbers in one place. */
export const STAFF_RULES = {
  /** A staff session ends this long after sign-in, whatever happens. */
  sessionHours: 10,
  /** ... and after this long without a request. */
  idleMinutes: 30,
  /** last_seen_at is written at most this often. */
  touchEverySeconds: 30,
  /** Wrong sign-ins from one address before the account waits there (other addresses are not held up). */
  maxFailedAttempts: 5,
  lockMinutes: 15,
  /** Wrong sign-ins of one account from all addresses within an hour that write an alert to the audit log. */
  alertFailures: 20,
  /** TOTP steps either side of now that are accepted (clock drift). */
  totpWindow: 1,
  /** Generated passwords (staff-create): random bytes, base64url. */
  generatedPasswordBytes: 15,
  minPasswordLength: 12,
} as const;

/** argon2id parameters: OWASP's first recommended set (19 MiB, 2 passes, 1 lane). */
export const ARGON2_PARAMETERS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * What each role may do in the console, one line per action. An agent works the customers and the queue; only an
 * admin sells loans, blacklists, opens a customer's account as an admin, reads the audit and manages staff.
 */
export const STAFF_PERMISSIONS = {
  search: ['agent', 'admin'],
  viewCustomer: ['agent', 'admin'],
  viewDocument: ['agent', 'admin'],
  queue: ['agent', 'admin'],
  decide: ['agent', 'admin'],
  agentLink: ['agent', 'admin'],
  adminLink: ['admin'],
  paymentReceived: ['agent', 'admin'],
  collection: ['agent', 'admin'],
  presale: ['admin'],
  sell: ['admin'],
  block: ['agent', 'admin'],
  blacklist: ['admin'],
  readAudit: ['admin'],
  manageStaff: ['admin'],
  /** The bank's files: the day's payouts file out, status reports and statements in. */
  bankFiles: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export const may = (role: StaffRole, permission: StaffPermission): boolean =>
  (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
