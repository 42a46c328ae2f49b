import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '../db/schema';
import { audit } from '../identity/audit';

/** A console event in the audit log: who (staff:<name>), what, on whom, from where; the session and role beside. */
export function recordStaffEvent(
  db: Kysely<Database>,
  member: { username: string; role: StaffRole; sessionId: string },
  what: string,
  subject: string | null,
  address: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return audit(db, {
    actor: `staff:${member.username}`,
    subject,
    action: `console ${what}`,
    address,
    detail: { ...detail, role: member.role, session: member.sessionId },
  });
}
