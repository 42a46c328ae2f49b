import type { Kysely } from 'kysely';
import { type ApiConfig, ConfigError } from '../config';
import type { Database } from '../db/schema';
import { type CaptchaVerifier, RecaptchaVerifier, SandboxCaptchaVerifier } from './captcha';
import { type DocumentStorage, documentStorageFor } from './document-storage';
import { type LivenessProvider, SandboxLivenessProvider } from './liveness';
import { type Mailer, SandboxMailer, SmtpMailer } from './mail';
import { HttpSmsProvider, SandboxSmsProvider, type SmsProvider } from './sms';

/**
 * Providers: each is an interface with a sandbox that behaves like the real thing and is the default
 * (`PROVIDER_MODE=sandbox`); production refuses to start without the real one configured.
 *
 * How a provider plugs in (card acquirer, Bizum, bank payout, bank aggregation (unnax, kontomatik) alike):
 * 1. An interface in providers/<name>.ts for what our rooms ask of it (e.g. `startPayment`, `lookup`), and its
 *    callback: the event's TypeBox schema, the event's unique id, and what it means for us (see LivenessProvider).
 * 2. A sandbox implementation. If the provider has a page (a checkout, a bank widget), serve it as real HTML under
 *    /sandbox/<name>/... from api/src/sandbox/, with its script and style as same-origin files (no inline code), its
 *    policy declared per route with `config: { helmet: pagePolicy({...}) }` (http/security.ts; `camera: true` there
 *    for the camera), and only allow-listed return addresses (return-urls.ts). Its server side posts the verdict
 *    with `signHeader` through `app.inject` to the callback route, the exact path a real provider's request takes.
 * 3. One callback route: `registerCallbackRoute(app, db, { provider, path: '/v2/providers/<name>/callback', body,
 *    eventId, secret: callbackSecret(config, db, provider), handle })`. It checks the HMAC-SHA256 signature over
 *    the raw body and timestamp (callbacks.ts, constant-time, 5 minutes' tolerance) before reading anything, and runs
 *    `handle` once per event id (events.ts: the provider_events table); a replay answers the first result and does
 *    nothing. `handle` runs inside that transaction: do the effect (status change, ledger postings) with `trx`.
 * 4. A factory below choosing sandbox or real by config, and a `PROVIDER_SECRET_<NAME>` for its callbacks.
 */
export function smsProviderFor(config: ApiConfig, db: Kysely<Database>): SmsProvider {
  return config.sms ? new HttpSmsProvider(config.sms.url, config.sms.token) : new SandboxSmsProvider(db);
}

/**
 * The customer's email: the SMTP server of SMTP_URL, else the sandbox mailbox (the mail_outbox table), which
 * production refuses to start with (see requireRealMailer).
 */
export function mailerFor(config: ApiConfig, db: Kysely<Database>): Mailer {
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new SandboxMailer(db, config.mail.from);
}

/** Production must not tell customers it emailed them receipts and contracts that only reached a table. */
export function requireRealMailer(config: ApiConfig, mailer: Mailer): void {
  if (config.providerMode === 'production' && mailer.sandbox) {
    throw new ConfigError('PROVIDER_MODE=production needs a mail server: set SMTP_URL and MAIL_FROM');
  }
}

/** The sign-in's captcha (the login's recaptcha_token): Google's when configured, else the sandbox's. */
export function captchaVerifierFor(config: ApiConfig): CaptchaVerifier {
  return config.recaptcha ? new RecaptchaVerifier(config.recaptcha) : new SandboxCaptchaVerifier();
}

/** Document photos: a folder outside any served one by default (DOCUMENTS_DIR), or memory:// for tests. */
export function documentStorageProviderFor(config: ApiConfig): DocumentStorage {
  return documentStorageFor(config.documentsDir);
}

export function livenessProviderFor(config: ApiConfig, db: Kysely<Database>): LivenessProvider {
  // No real liveness provider is integrated yet: production must not silently verify faces in the sandbox.
  if (config.providerMode === 'production') {
    throw new ConfigError('PROVIDER_MODE=production needs a liveness provider; none is integrated yet');
  }
  return new SandboxLivenessProvider(db);
}

export type { CaptchaVerifier } from './captcha';
export { type DocumentStorage, FileSystemDocumentStorage, MemoryDocumentStorage } from './document-storage';
export type { LivenessProvider } from './liveness';
export { type Mailer, SandboxMailer, SmtpMailer } from './mail';
