/** The staff room: staff accounts and sessions, the console's reads of customers and its audited actions. */

export type { StaffRole } from '../db/schema';
export {
  createStaff,
  findStaffSession as consoleSession,
  revokeStaffSession,
  SANDBOX_STAFF,
  type SignInOutcome,
  StaffAccountError,
  type StaffMember,
  type StaffSetup,
  seedSandboxStaff,
  setupPending,
  signIn,
  signOut,
  staffOverview,
} from './accounts';
export { recordStaffEvent } from './audit';
export {
  AUDIT_PAGE_SIZE,
  type AuditField,
  type AuditProblem,
  type AuditQuery,
  auditProblems,
  auditQueryOf,
  readAudit,
  staffUsernames,
} from './audit-reading';
export {
  auditEntries,
  type CustomerFile,
  customerFile,
  customerSummaries,
  findCustomers,
  findCustomersByName,
  plainName,
  SEARCH_PAGE_SIZE,
  searchCustomers,
  searchKindOf,
  setCustomerFlag,
  verificationQueue,
} from './customers';
export { customerDocument } from './documents';
export {
  completeStaffSetup,
  disableStaff,
  enableStaff,
  enrolmentOf,
  resetStaffPassword,
  resetStaffSecondFactor,
  type SetupField,
  type SetupProblem,
  StaffManagementError,
} from './management';
export { type PendingReview, pendingReviews } from './reviews';
export { may, STAFF_PERMISSIONS, STAFF_RULES, type StaffPermission } from './rules';
export { totpNow } from './totp';
