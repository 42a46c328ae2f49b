export {
  type AgreementDetail,
  composeMail,
  REMINDER_DAYS,
  type ReceiptDetail,
  type ReminderDetail,
  type ReminderKind,
  type ReviewAnswerDetail,
  type WithdrawalDetail,
} from './compose';
export { deliverCustomerMails, MAIL_ATTEMPTS, type MailChannels } from './deliver';
export { recordCustomerMail, reminderKey } from './record';
export { reminderOn } from './reminders';
