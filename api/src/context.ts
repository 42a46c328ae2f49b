import type { ApiConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { CaptchaVerifier } from './providers/captcha';
import type { DocumentStorage } from './providers/document-storage';
import type { LivenessProvider } from './providers/liveness';
import type { Mailer } from './providers/mail';
import type { PaymentCheckout } from './providers/payments';
import type { PayoutProvider } from './providers/payout';
import type { SmsProvider } from './providers/sms';
import type { JobQueue } from './queue/job-queue';
import type { AutoDebitCharger } from './servicing';

/** What every route module receives: no globals, so tests build as many apps as they like. */
export interface AppContext {
  config: ApiConfig;
  database: DatabaseHandle;
  sms: SmsProvider;
  /** Made by buildApp when not given. */
  jobs?: JobQueue;
  payout?: PayoutProvider;
  /** Card and Bizum checkouts for payment requests; without them a request has no payment_link yet. */
  checkout?: { card?: PaymentCheckout; bizum?: PaymentCheckout };
  /** The card acquirer's auto-debit on the due date; without it no auto-debit is attempted. */
  autoDebit?: AutoDebitCharger;
  /** Made from the config when not given (tests may pass their own). */
  documentStorage?: DocumentStorage;
  liveness?: LivenessProvider;
  /** The customer's email; made from the config when not given. */
  mailer?: Mailer;
  /** The sign-in's captcha; made from the config when not given. */
  captcha?: CaptchaVerifier;
}
