/** The staff room: staff accounts and sessions, the console's reads of customers and its audited actions. */
export {
  createStaff,
  findStaffSession as consoleSession,
  revokeStaffSession,
  SANDBOX_STAFF,
  type SignInOutcome,
  StaffAccountError,
  type StaffMember,
  seedSandboxStaff,
  signIn,
  signOut,
  staffOverview,
} from './accounts';
export { type ActionResult, CONSOLE_ACTIONS, ConsoleActionError, runConsoleAction } from './actions';
export { recordStaffEvent } from './audit';
export {
  auditEntries,
  type CustomerFile,
  customerFile,
  customerSummaries,
  findCustomers,
  searchKindOf,
  setCustomerFlag,
  verificationQueue,
} from './customers';
export { customerDocument } from './documents';
export { may, STAFF_PERMISSIONS, STAFF_RULES, type StaffPermission } from './rules';
export type { StaffRole } from './tables';
export { totpNow } from './totp';
