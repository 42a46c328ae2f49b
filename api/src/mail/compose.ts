import { formatMoney, wireToDisplayDate } from '@credimo/shared/format';
import { fill } from '@credimo/shared/i18n/fill';
import { customerRightsStaff } from '@credimo/shared/i18n/screens/customer-rights-staff';
import { mail as texts } from '@credimo/shared/i18n/screens/mail';
import type { CustomerMailKind } from '../db/schema';

/** When a reminder goes out, relative to the due date: three days before, on the day, the day after. */
export type ReminderKind = 'before' | 'due' | 'after';
export const REMINDER_DAYS: Record<ReminderKind, number> = { before: -3, due: 0, after: 1 };

/** What each message says, as recorded with the step that caused it (amounts in cents, dates yyyy-MM-dd). */
export interface ReceiptDetail {
  loan: string;
  amount: number;
  paymentType: string;
  day: string;
  left: number;
  extendedTo: string | null;
}
export interface AgreementDetail {
  loan: string;
  amount: number;
}
export interface WithdrawalDetail {
  loan: string;
  acknowledgement: string;
}
export interface ReviewAnswerDetail {
  loan: string;
  outcome: 'upheld' | 'overturned';
  reason: string;
}
export interface ReminderDetail {
  loan: string;
  reminder: ReminderKind;
  dueDate: string;
  owed: number;
}

export interface Composed {
  subject: string;
  text: string;
  /** The SMS for customers without an email (reminders, a review's answer); other messages have none. */
  sms: string | null;
}

const letter = (name: string, ...paragraphs: string[]) =>
  [name ? fill(texts.greeting, { name }) : texts.greetingNoName, ...paragraphs, texts.signature].join('\n\n');

/** Pure: a recorded message's subject and text in Spanish, the amounts in euros. */
export function composeMail(kind: CustomerMailKind, detail: Record<string, unknown>, name: string): Composed {
  switch (kind) {
    case 'receipt': {
      const d = detail as unknown as ReceiptDetail;
      const paragraphs = [
        fill(texts.receipt.body, {
          amount: formatMoney(d.amount),
          loan: d.loan,
          date: wireToDisplayDate(d.day),
          what: texts.receipt.what[d.paymentType] ?? d.paymentType,
          left: formatMoney(d.left),
        }),
      ];
      if (d.extendedTo) paragraphs.push(fill(texts.receipt.extended, { date: wireToDisplayDate(d.extendedTo) }));
      if (d.left === 0) paragraphs.push(texts.receipt.paidOff);
      return { subject: fill(texts.receipt.subject, { loan: d.loan }), text: letter(name, ...paragraphs), sms: null };
    }
    case 'agreement': {
      const d = detail as unknown as AgreementDetail;
      return {
        subject: fill(texts.agreement.subject, { loan: d.loan }),
        text: letter(name, fill(texts.agreement.body, { loan: d.loan, amount: formatMoney(d.amount) })),
        sms: null,
      };
    }
    case 'withdrawal': {
      const d = detail as unknown as WithdrawalDetail;
      return {
        subject: fill(texts.withdrawal.subject, { loan: d.loan }),
        text: letter(name, d.acknowledgement),
        sms: null,
      };
    }
    case 'reminder': {
      const d = detail as unknown as ReminderDetail;
      const p = { loan: d.loan, date: wireToDisplayDate(d.dueDate), amount: formatMoney(d.owed) };
      const subject =
        d.reminder === 'before'
          ? fill(texts.reminder.subject.before, { loan: d.loan, date: p.date })
          : fill(texts.reminder.subject[d.reminder], { loan: d.loan });
      return {
        subject,
        text: letter(name, fill(texts.reminder.body[d.reminder], p), texts.reminder.howToPay),
        sms: fill(texts.reminder.sms[d.reminder], p),
      };
    }
    case 'review_answer': {
      const d = detail as unknown as ReviewAnswerDetail;
      const outcome = customerRightsStaff.outcome[d.outcome];
      return {
        subject: customerRightsStaff.mail.subject,
        text: letter(name, fill(customerRightsStaff.mail.body, { outcome, reason: d.reason })),
        sms: fill(customerRightsStaff.mail.sms, { outcome }),
      };
    }
  }
}
