import { EXTENSION_CONCEPT_WORD } from '@credimo/shared/domain';
import { formatMoney, parseEuros } from '@credimo/shared/format';
import { fill, t as messageText } from '@credimo/shared/i18n';
import { consoleTexts as texts } from '@credimo/shared/i18n/screens/console';
import { customerRightsStaff } from '@credimo/shared/i18n/screens/customer-rights-staff';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config';
import type { Database } from '../db/schema';
import { COLLECTION_STEPS } from '../domain/servicing-rules';
import { ApiError } from '../errors';
import { audit } from '../identity/audit';
import { HANDOFF_RULES } from '../identity/rules';
import { loanIdByReference } from '../loans/applications';
import { operatorDecision } from '../loans/decision';
import { answerReview, ReviewAnswerError } from '../loans/review';
import { OPERATOR_COMMANDS, OperatorUsageError } from '../ops/commands';
import { owedOf } from '../servicing';
import { ContactRefused, logCollectionCall } from '../servicing/contacts';
import { ServicingUsageError } from '../servicing/operator-commands';
import { createStaff, revokeStaffSession, StaffAccountError, type StaffMember } from '../staff/accounts';
import { setCustomerFlag } from '../staff/customers';
import {
  disableStaff,
  enableStaff,
  resetStaffPassword,
  resetStaffSecondFactor,
  StaffManagementError,
} from '../staff/management';
import { may, type StaffPermission } from '../staff/rules';

const rightsTexts = customerRightsStaff.console;

/** A refusal the person at the console reads (their input, the loan's state, their role). */
export class ConsoleActionError extends Error {
  constructor(
    message: string,
    readonly status = 422,
  ) {
    super(message);
  }
}

export type Form = Record<string, string | undefined>;

export interface ActionContext {
  db: Kysely<Database>;
  config: ApiConfig;
  member: StaffMember;
}

export interface ActionResult {
  lines: string[];
  /** A link the operator hands on (agent and admin links), shown apart so it can be copied. */
  link?: string;
  /** Whom it acted on, for the audit log (`user:<id>`, `loan:<id>`). */
  subject: string | null;
}

interface ConsoleAction {
  permission: StaffPermission;
  run: (form: Form, context: ActionContext) => Promise<ActionResult>;
}

const field = (form: Form, name: string) => (form[name] ?? '').trim();

async function loanOf(db: Kysely<Database>, reference: string): Promise<{ id: string; publicId: string }> {
  const id = reference ? await loanIdByReference(db, reference) : null;
  if (!id) throw new ConsoleActionError(texts.noSuchLoan, 404);
  const row = await db.selectFrom('loans').select('public_id').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, publicId: row.public_id };
}

async function statusOf(db: Kysely<Database>, loanId: string): Promise<number> {
  const row = await db.selectFrom('loans').select('status').where('id', '=', loanId).executeTakeFirstOrThrow();
  return row.status;
}

async function phoneOfCustomer(db: Kysely<Database>, userId: string): Promise<string> {
  const row = /^\d{1,18}$/.test(userId)
    ? await db.selectFrom('users').select('mobile_phone').where('id', '=', userId).executeTakeFirst()
    : undefined;
  if (!row) throw new ConsoleActionError(texts.noSuchCustomer, 404);
  return row.mobile_phone;
}

/** Several loans typed as one list ("CR100001, CR100002"): a portfolio. */
const loanList = (input: string) => input.split(/[\s,;]+/).filter(Boolean);

/** Runs an entry of the operator command table (the same one `npm run ops` runs) as this staff member. */
async function command(name: string, args: string[], { db, config, member }: ActionContext) {
  const entry = OPERATOR_COMMANDS[name];
  if (!entry) throw new Error(`no operator command ${name}`);
  return entry.run(args, { db, config, operator: member.username });
}

function flagAction(flag: 'is_blocked' | 'is_blacklisted', value: boolean): ConsoleAction['run'] {
  return async (form, { db }) => {
    const userId = field(form, 'user');
    if (!(await setCustomerFlag(db, userId, flag, value))) throw new ConsoleActionError(texts.noSuchCustomer, 404);
    return { subject: `user:${userId}`, lines: [texts.customerUpdated] };
  };
}

/**
 * Every console action, one entry each: the permission it needs (STAFF_PERMISSIONS says which roles have it) and
 * a `run` that goes through the room owning the data: the loans room's decision, the identity room's links (by
 * the operator command table, as `npm run ops` does) and servicing's transitions and ledger.
 */
export const CONSOLE_ACTIONS: Record<string, ConsoleAction> = {
  approve: {
    permission: 'decide',
    async run(form, { db, member }) {
      const loan = await loanOf(db, field(form, 'loan'));
      const amountText = field(form, 'amount');
      const amount = amountText ? parseEuros(amountText) : undefined;
      if (amount === null || amount === 0) throw new ConsoleActionError(texts.invalidAmount);
      const status = await operatorDecision(db, loan.id, member.username, { approve: true, amount });
      return { subject: `loan:${loan.id}`, lines: [fill(texts.approved, { loan: loan.publicId, status })] };
    },
  },
  deny: {
    permission: 'decide',
    async run(form, { db, member }) {
      const loan = await loanOf(db, field(form, 'loan'));
      const reason = field(form, 'reason');
      if (!reason) throw new ConsoleActionError(texts.reasonRequired);
      const status = await operatorDecision(db, loan.id, member.username, { approve: false, reason });
      return { subject: `loan:${loan.id}`, lines: [fill(texts.denied, { loan: loan.publicId, status })] };
    },
  },
  // A person's review of an automated decision (docs/customer-rights.md): upheld or overturned, with the reason.
  'review-answer': {
    permission: 'decide',
    async run(form, { db, member }) {
      const loan = await loanOf(db, field(form, 'loan'));
      const outcome = field(form, 'outcome');
      const reason = field(form, 'reason');
      if (outcome !== 'upheld' && outcome !== 'overturned') throw new ConsoleActionError(rightsTexts.outcomeRequired);
      if (!reason) throw new ConsoleActionError(rightsTexts.reasonRequired);
      if (reason.length > 1000) throw new ConsoleActionError(texts.fieldsRequired);
      await answerReview(db, {
        loanId: loan.id,
        publicId: loan.publicId,
        staff: member.username,
        outcome,
        reason,
      }).catch((error) => {
        if (error instanceof ReviewAnswerError) throw new ConsoleActionError(rightsTexts[error.reason], error.status);
        throw error;
      });
      const said = outcome === 'upheld' ? rightsTexts.uphold : rightsTexts.overturn;
      return {
        subject: `loan:${loan.id}`,
        lines: [fill(rightsTexts.answered, { loan: loan.publicId, outcome: said })],
      };
    },
  },
  // A collection call, logged only inside the contact hours and limits the settings give.
  'log-call': {
    permission: 'collection',
    async run(form, { db, config, member }) {
      const userId = field(form, 'user');
      await phoneOfCustomer(db, userId);
      const note = field(form, 'note');
      if (!note || note.length > 500) throw new ConsoleActionError(rightsTexts.callNoteRequired);
      await logCollectionCall(db, config.lender, { userId, staff: member.username, note }).catch((error) => {
        if (error instanceof ContactRefused) throw new ConsoleActionError(rightsTexts[error.reason], 409);
        throw error;
      });
      return { subject: `user:${userId}`, lines: [fill(rightsTexts.callLogged, { user: userId })] };
    },
  },
  'agent-link': {
    permission: 'agentLink',
    async run(form, context) {
      const phone = await phoneOfCustomer(context.db, field(form, 'user'));
      const amount = field(form, 'amount');
      const term = field(form, 'term');
      const choice = amount || term ? [amount, term] : [];
      const result = await command('agent-link', [phone, context.member.username, ...choice], context);
      return {
        subject: result.subject,
        lines: [fill(texts.linkReady, { minutes: HANDOFF_RULES.agentLinkMinutes })],
        link: result.lines[0],
      };
    },
  },
  'admin-link': {
    permission: 'adminLink',
    async run(form, context) {
      const phone = await phoneOfCustomer(context.db, field(form, 'user'));
      const result = await command('admin-link', [context.member.username, phone], context);
      return {
        subject: result.subject,
        lines: [fill(texts.linkReady, { minutes: HANDOFF_RULES.adminLinkMinutes })],
        link: result.lines[0],
      };
    },
  },
  'payment-received': {
    permission: 'paymentReceived',
    async run(form, context) {
      const loan = await loanOf(context.db, field(form, 'loan'));
      const cents = parseEuros(field(form, 'amount'));
      const reference = field(form, 'reference');
      if (!cents) throw new ConsoleActionError(texts.invalidAmount);
      if (!reference) throw new ConsoleActionError(texts.fieldsRequired);
      // The concept "CR… PRORROGA 7" asks for an extension: the money buys it when it covers the cost.
      const extensionDays = field(form, 'extension_days');
      if (extensionDays && !/^[0-9]{1,3}$/.test(extensionDays))
        throw new ConsoleActionError(texts.invalidExtensionDays);
      const before = await context.db
        .selectFrom('loan_payments')
        .select('id')
        .where('external_id', '=', `transfer:${reference}`)
        .executeTakeFirst();
      await command(
        'payment-received',
        [loan.id, String(cents), reference, ...(extensionDays ? [EXTENSION_CONCEPT_WORD, extensionDays] : [])],
        context,
      );
      const owed = await owedOf(context.db, loan.id);
      const status = await statusOf(context.db, loan.id);
      return {
        subject: `loan:${loan.id}`,
        lines: [
          before
            ? fill(texts.paymentRepeated, { reference })
            : fill(texts.paymentRecorded, { loan: loan.publicId, status, owed: formatMoney(owed.total) }),
        ],
      };
    },
  },
  collection: {
    permission: 'collection',
    async run(form, context) {
      const loan = await loanOf(context.db, field(form, 'loan'));
      const step = field(form, 'step');
      if (!(step in COLLECTION_STEPS)) throw new ConsoleActionError(texts.fieldsRequired);
      const from = await statusOf(context.db, loan.id);
      await command('collection', [loan.id, step], context);
      const to = await statusOf(context.db, loan.id);
      return { subject: `loan:${loan.id}`, lines: [fill(texts.movedTo, { loan: loan.publicId, from, to })] };
    },
  },
  presale: {
    permission: 'presale',
    async run(form, context) {
      const buyer = ['name', 'phone', 'email', 'holder', 'account', 'swift', 'bank'].map((name) => field(form, name));
      const references = loanList(field(form, 'loans'));
      if (references.length === 0 || buyer.some((value) => !value)) throw new ConsoleActionError(texts.fieldsRequired);
      const loans = await Promise.all(references.map((reference) => loanOf(context.db, reference)));
      const lines: string[] = [];
      for (const loan of loans) {
        await command('presale', [loan.id, ...buyer], context);
        const owed = await owedOf(context.db, loan.id);
        lines.push(
          fill(texts.offered, { loan: loan.publicId, buyer: buyer[0] ?? '', balance: formatMoney(owed.total) }),
        );
      }
      return { subject: loans.length === 1 ? `loan:${loans[0]?.id}` : null, lines };
    },
  },
  sell: {
    permission: 'sell',
    async run(form, context) {
      const references = loanList(field(form, 'loans'));
      if (references.length === 0) throw new ConsoleActionError(texts.fieldsRequired);
      const loans = await Promise.all(references.map((reference) => loanOf(context.db, reference)));
      const lines: string[] = [];
      for (const loan of loans) {
        await command('sell', [loan.id], context);
        const cession = await context.db
          .selectFrom('loan_cessions')
          .select('balance')
          .where('loan_id', '=', loan.id)
          .executeTakeFirst();
        lines.push(fill(texts.sold, { loan: loan.publicId, balance: formatMoney(Number(cession?.balance ?? 0)) }));
      }
      return { subject: loans.length === 1 ? `loan:${loans[0]?.id}` : null, lines };
    },
  },
  block: { permission: 'block', run: flagAction('is_blocked', true) },
  unblock: { permission: 'block', run: flagAction('is_blocked', false) },
  blacklist: { permission: 'blacklist', run: flagAction('is_blacklisted', true) },
  unblacklist: { permission: 'blacklist', run: flagAction('is_blacklisted', false) },
  'revoke-session': {
    permission: 'manageStaff',
    async run(form, { db, member }) {
      const sessionId = field(form, 'session');
      if (!(await revokeStaffSession(db, sessionId, member.username)))
        throw new ConsoleActionError(texts.notFound, 404);
      return { subject: `staff-session:${sessionId}`, lines: [texts.sessionRevoked] };
    },
  },
  'staff-disable': {
    permission: 'manageStaff',
    async run(form, { db, member }) {
      const done = await disableStaff(db, member, field(form, 'username'));
      return {
        subject: `staff:${done.username}`,
        lines: [fill(texts.staffDisabled, { username: done.username, sessions: done.sessionsEnded })],
      };
    },
  },
  'staff-enable': {
    permission: 'manageStaff',
    async run(form, { db, member }) {
      const done = await enableStaff(db, member, field(form, 'username'));
      return { subject: `staff:${done.username}`, lines: [fill(texts.staffEnabled, { username: done.username })] };
    },
  },
  'staff-reset-password': {
    permission: 'manageStaff',
    async run(form, { db, member }) {
      const done = await resetStaffPassword(db, member, field(form, 'username'));
      return {
        subject: `staff:${done.username}`,
        lines: [fill(texts.passwordReset, { username: done.username }), `${texts.temporaryPassword}: ${done.password}`],
      };
    },
  },
  'staff-reset-totp': {
    permission: 'manageStaff',
    async run(form, { db, member }) {
      const done = await resetStaffSecondFactor(db, member, field(form, 'username'));
      return { subject: `staff:${done.username}`, lines: [fill(texts.secondFactorReset, { username: done.username })] };
    },
  },
  'staff-create': {
    permission: 'manageStaff',
    async run(form, { db, member }) {
      const created = await createStaff(db, {
        username: field(form, 'username'),
        role: field(form, 'role'),
        createdBy: member.username,
      }).catch((error) => {
        if (error instanceof StaffAccountError) throw new ConsoleActionError(error.message);
        throw error;
      });
      return {
        subject: `staff:${created.username}`,
        lines: [
          texts.staffCreated,
          `${texts.username}: ${created.username}`,
          `${texts.password}: ${created.password}`,
          `${texts.totpSecret}: ${created.totpSecret}`,
        ],
        link: created.totpUri,
      };
    },
  },
};

/** Form fields never written to the audit log. */
const SECRET_FIELDS = new Set(['password', 'code']);

/**
 * Runs a console action for a staff member: the role first, then the action; every attempt is written to
 * audit_log (who, what, on whom, from where, and whether it was done or refused, and why).
 */
export async function runConsoleAction(
  context: ActionContext,
  name: string,
  form: Form,
  address: string | null,
): Promise<ActionResult> {
  const action = Object.hasOwn(CONSOLE_ACTIONS, name) ? CONSOLE_ACTIONS[name] : undefined;
  if (!action) throw new ConsoleActionError(texts.notFound, 404);
  const detail = Object.fromEntries(Object.entries(form).filter(([key]) => !SECRET_FIELDS.has(key) && key !== 'back'));
  const record = (outcome: string, subject: string | null, extra: Record<string, unknown> = {}) =>
    audit(context.db, {
      actor: `staff:${context.member.username}`,
      subject,
      action: `console ${name}`,
      address,
      detail: { ...detail, ...extra, outcome, role: context.member.role, session: context.member.sessionId },
    });
  if (!may(context.member.role, action.permission)) {
    await record('forbidden', null);
    throw new ConsoleActionError(texts.forbidden, 403);
  }
  try {
    const result = await action.run(form, context);
    // A staff member's new password is in the result, never in the log.
    await record('done', result.subject);
    return result;
  } catch (error) {
    const refusal = asRefusal(error);
    await record('refused', null, { message: refusal.message });
    throw refusal;
  }
}

/** What the operator reads when the rooms refuse: their Spanish message (409 and such), or the command's line. */
function asRefusal(error: unknown): ConsoleActionError {
  if (error instanceof ConsoleActionError) return error;
  if (error instanceof StaffManagementError) return new ConsoleActionError(texts[error.reason], error.status);
  if (error instanceof ApiError && error.statusCode < 500) {
    return new ConsoleActionError(error.message || messageText('genericError'), error.statusCode);
  }
  if (error instanceof OperatorUsageError || error instanceof ServicingUsageError) {
    return new ConsoleActionError(error.message);
  }
  throw error;
}
