import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidBIC, isValidIBAN } from 'ibantools';

/** Google reCAPTCHA's server-side check (the sign-in's `recaptcha_token`). */
export interface RecaptchaConfig {
  secret: string;
  /** reCAPTCHA v3's score below which a request is taken for a bot (RECAPTCHA_MIN_SCORE, 0.5 by default). */
  minScore: number;
  verifyUrl: string;
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export type ProviderMode = 'sandbox' | 'production';

export interface ApiConfig {
  /** GET /metrics answers only `Authorization: Bearer <it>`; null: only clients on this machine (sandbox). */
  metricsToken: string | null;
  port: number;
  host: string;
  /** Real PostgreSQL when set; otherwise the embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite's buffer pool (PGLITE_SHARED_BUFFERS, e.g. `16MB`); null: PGlite's own 128MB. */
  pgliteSharedBuffers: string | null;
  /** Origins allowed by CORS: the shell, the remotes and the WordPress site. */
  corsOrigins: string[];
  providerMode: ProviderMode;
  logLevel: string;
  version: string;
  /** Where operators' links point (agent and admin links). */
  appUrl: string;
  /** The API's address as browsers see it; HTTPS there means HSTS is sent. */
  publicUrl: string;
  /** Only behind a known proxy may X-Forwarded-For name the client; otherwise limits per address could be dodged. */
  trustProxy: boolean;
  /**
   * Multiplies every rate limit (RATE_LIMIT_FACTOR, sandbox only): `npm run bench:api` makes 50 customers poll
   * thousands of times a second, which the limits rightly refuse; the counters still run, so they are measured.
   */
  rateLimitFactor: number;
  sms: { url: string; token: string } | null;
  /** The customer's email: an SMTP server (SMTP_URL) or, when unset, the sandbox mailbox; sent as MAIL_FROM. */
  mail: { smtpUrl: string | null; from: string };
  /** Google reCAPTCHA for the sign-in (RECAPTCHA_SECRET); null: the sandbox verifier (never in production). */
  recaptcha: RecaptchaConfig | null;
  /** Uploaded documents, outside any served folder; `memory://` keeps them in the process (tests). */
  documentsDir: string;
  /**
   * Keys of providers' signed callbacks, by provider name (`PROVIDER_SECRET_<NAME>`). A sandbox provider without
   * one uses a key made once in the database; production refuses to run a provider without its key.
   */
  providerSecrets: Record<string, string>;
  operator: OperatorConfig;
  /** Sandbox scoring: seconds from an application to its automated decision (SANDBOX_DECISION_DELAY_SECONDS). */
  decisionDelaySeconds: number;
  /** Sandbox bank: seconds from a payout order to its settlement (SANDBOX_PAYOUT_DELAY_SECONDS). */
  payoutDelaySeconds: number;
  /** The customer's data: days an export is offered (DATA_EXPORT_DAYS), years law-kept records stay after erasure. */
  dataRights: { exportDays: number; retentionYears: number };
  /** Origins a short link may send the browser to: the app, the API, WordPress, and SHORT_LINK_ORIGINS. */
  shortLinkOrigins: string[];
  /** Where POST /v2/send-log-data goes (LOG_DATA_SINK): a table (the default), the API's log, or nowhere. */
  logDataSink: LogDataSink;
  /** The customer feature flags for customers without their own (FEATURE_BIZUM=off, ...): all on by default. */
  customerFlagDefaults: CustomerFlagDefaults;
  /**
   * Bank-data aggregation (disbursement method 9): the provider customers use (AGGREGATION_PROVIDER, GET /v2/user's
   * bank_verification_adapter) and its origin (AGGREGATION_PROVIDER_URL; the API itself for the sandbox providers).
   */
  aggregation: AggregationConfig;
  /** The lender named in every document the customer receives (LENDER_*); production refuses to start without it. */
  lender: LenderIdentity;
  /** How payouts reach the bank (PAYOUT_PROVIDER): the sandbox bank's callback, or the day's SEPA file. */
  payoutRail: PayoutRailConfig;
  /** Who takes card and Bizum payments and saves cards (PAYMENTS_PROVIDER): the sandbox, or Redsys. */
  payments: PaymentsConfig;
}

/**
 * `sandbox`: the API's own checkout pages and acquirer. `redsys`: the banks' gateway (the card acquirer
 * and Bizum), reached by redirection and REST with the terminal's key (REDSYS_*).
 */
export type PaymentsConfig = { provider: 'sandbox' } | { provider: 'redsys'; redsys: RedsysConfig };

export interface RedsysConfig {
  /** The merchant's FUC (Ds_Merchant_MerchantCode), 9 digits. */
  merchantCode: string;
  /** The terminal (Ds_Merchant_Terminal), 1 to 3 digits. */
  terminal: string;
  /** The terminal's signing key (base64 of a 24-byte 3DES key), as the bank's administration portal shows it. */
  secretKey: string;
  /** The gateway's origin: https://sis.redsys.es in production, https://sis-t.redsys.es:25443 for the bank's tests. */
  url: string;
  /** Where Redsys posts its notifications (Ds_Merchant_MerchantURL): the API's own route unless set. */
  notificationUrl: string;
}

/** The key Redsys publishes for its shared test terminal (999008881): anyone may sign with it, so never in production. */
export const REDSYS_PUBLIC_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
export const REDSYS_NOTIFICATION_PATH = '/v2/providers/redsys/notification';

/**
 * `sandbox`: the sandbox bank settles each payout by its signed callback. `sepa-file`: payouts wait for the day's
 * pain.001 credit-transfer file, sent from the lender's account (LENDER_IBAN, LENDER_BIC, in LENDER_NAME).
 */
export type PayoutRailConfig =
  | { provider: 'sandbox' }
  | { provider: 'sepa-file'; debtor: { name: string; iban: string; bic: string } };

/** The lender's legal identity, as the SECCI, the agreement and the legal notice state it. */
export interface LenderIdentity {
  name: string;
  /** The company's tax id (CIF/NIF). */
  cif: string;
  /** The registered office. */
  address: string;
  /** Where the company is registered (Registro Mercantil, volume, sheet, entry). */
  registry: string;
  phone: string;
  email: string;
}

export type AggregationProviderName = 'unnax' | 'kontomatik';
export interface AggregationConfig {
  provider: AggregationProviderName;
  /** Where the provider's widget script (unnax) or page (kontomatik) is served from. */
  url: string;
}

export type LogDataSink = 'table' | 'log' | 'off';
export interface CustomerFlagDefaults {
  bizum: boolean;
  paymentProcessingView: boolean;
  liveness: boolean;
  /** GET /v2/user's bank_verification_adapter: the configured aggregation provider (AGGREGATION_PROVIDER). */
  bankVerificationAdapter: AggregationProviderName;
}

/**
 * How `npm run ops` reaches the running API (on PGlite the API owns the database, so commands go through it).
 * The secret comes from OPERATOR_SECRET; in sandbox mode without it, one is generated on first use and kept in
 * `secretFile` beside the data, so the API and the command find the same one with no setting at all.
 */
export interface OperatorConfig {
  secret: string | null;
  secretFile: string | null;
  /** Where the command finds the API: OPS_API_URL, else the API's own port on this machine. */
  apiUrl: string;
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The local WordPress site's port (`wp-env`'s default), moved with WP_PORT. */
const DEFAULT_WP_PORT = 8881;
const REMOTE_COUNT = 4;
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Without CORS_ORIGINS the browser pages of this machine may call the API: the shell, each remote and the
 * WordPress site, on the ports the stack was started with and under every name a person may open them by
 * (localhost, 127.0.0.1, HOST), plus the customer app's public address. Fixed port-3000 origins refused the
 * content call as soon as APP_PORT changed or the app was opened at 127.0.0.1.
 */
export function defaultCorsOrigins(env: NodeJS.ProcessEnv = {}): string[] {
  const appPort = readPort(env, 'APP_PORT', 3000);
  const remotesPort = readPort(env, 'REMOTES_PORT', 3001);
  const ports = [
    appPort,
    ...Array.from({ length: REMOTE_COUNT }, (_, index) => remotesPort + index),
    readPort(env, 'WP_PORT', DEFAULT_WP_PORT),
  ];
  const hosts = [...LOOPBACK_HOSTS];
  if (env.HOST && !WILDCARD_HOSTS.has(env.HOST)) hosts.push(env.HOST);
  const origins = hosts.flatMap((host) => ports.map((port) => `http://${host}:${port}`));
  const appOrigin = originOf(env.PUBLIC_APP_URL);
  if (appOrigin) origins.push(appOrigin);
  return [...new Set(origins)];
}

export const DEFAULT_CORS_ORIGINS = defaultCorsOrigins();

export class ConfigError extends Error {}

function readPort(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`${name} must be a port number, got "${raw}"`);
  return port;
}

const LOOPBACK = new Set(['0.0.0.0', '::', '127.0.0.1', 'localhost', '']);

function readOperator(env: NodeJS.ProcessEnv, providerMode: ProviderMode, port: number, host: string, dataDir: string) {
  const secret = env.OPERATOR_SECRET || null;
  const besideData =
    env.DATABASE_URL || dataDir === 'memory://'
      ? path.join(projectRoot, '.data/operator-secret')
      : path.join(dataDir, 'credimo-operator-secret');
  const apiHost = LOOPBACK.has(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    secret,
    // Production never invents a secret: without OPERATOR_SECRET the operator endpoint stays closed.
    secretFile: secret || providerMode === 'production' ? null : besideData,
    apiUrl: (env.OPS_API_URL || `http://${apiHost}:${port}`).replace(/\/$/, ''),
  } satisfies OperatorConfig;
}

/** Credit and anti-money-laundering law keep loan, payment and identification records at least this many years. */
const LEGAL_RETENTION_YEARS = 10;

function readWhole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be a whole number from ${min}, got "${raw}"`);
  return value;
}

function readSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0) throw new ConfigError(`${name} must be whole seconds, got "${raw}"`);
  return seconds;
}

/** A PostgreSQL memory size as its settings write it (`16MB`, `512kB`); unset: null. PostgreSQL wants 128kB at least. */
function readMemorySize(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return null;
  const match = /^(\d+)(kB|MB|GB)$/.exec(raw);
  const kB = match ? Number(match[1]) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[match[2] as 'kB' | 'MB' | 'GB'] : 0;
  if (kB < 128) throw new ConfigError(`${name} must be a size from 128kB, such as 16MB, got "${raw}"`);
  return raw;
}

const readSwitch = (env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean => {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
};

function readAggregation(env: NodeJS.ProcessEnv, publicUrl: string): AggregationConfig {
  const provider = (env.AGGREGATION_PROVIDER || 'unnax').trim();
  if (provider !== 'unnax' && provider !== 'kontomatik') {
    throw new ConfigError(`AGGREGATION_PROVIDER must be unnax or kontomatik, got "${provider}"`);
  }
  const url = env.AGGREGATION_PROVIDER_URL || publicUrl;
  if (!originOf(url)) throw new ConfigError(`AGGREGATION_PROVIDER_URL must be an address, got "${url}"`);
  return { provider, url };
}

function readLogDataSink(env: NodeJS.ProcessEnv): LogDataSink {
  const raw = env.LOG_DATA_SINK || 'table';
  if (raw === 'table' || raw === 'log' || raw === 'off') return raw;
  throw new ConfigError(`LOG_DATA_SINK must be table, log or off, got "${raw}"`);
}

/** The app's, the API's and WordPress' own origins, and any listed in SHORT_LINK_ORIGINS. */
function readShortLinkOrigins(env: NodeJS.ProcessEnv, appUrl: string, publicUrl: string): string[] {
  const listed = (env.SHORT_LINK_ORIGINS ?? '').split(',').map((o) => o.trim());
  const origins = [appUrl, publicUrl, env.PUBLIC_WP_URL, ...listed].map(originOf);
  return [...new Set(origins.filter((o): o is string => o !== null && o !== 'null'))];
}

/** Production refuses to start without a reCAPTCHA secret: the sandbox verifier must never guard real sign-ins. */
function readRecaptcha(env: NodeJS.ProcessEnv, providerMode: ProviderMode): RecaptchaConfig | null {
  const secret = env.RECAPTCHA_SECRET || '';
  if (!secret) {
    if (providerMode === 'production')
      throw new ConfigError(
        'PROVIDER_MODE=production needs reCAPTCHA: set RECAPTCHA_SECRET (and RECAPTCHA_SITE_KEY for the app)',
      );
    return null;
  }
  const minScore =
    env.RECAPTCHA_MIN_SCORE === undefined || env.RECAPTCHA_MIN_SCORE === '' ? 0.5 : Number(env.RECAPTCHA_MIN_SCORE);
  if (!Number.isFinite(minScore) || minScore < 0 || minScore > 1)
    throw new ConfigError(`RECAPTCHA_MIN_SCORE must be between 0 and 1, got "${env.RECAPTCHA_MIN_SCORE}"`);
  return { secret, minScore, verifyUrl: env.RECAPTCHA_VERIFY_URL || RECAPTCHA_VERIFY_URL };
}

/** GET /metrics' token; production refuses to start without one (the sandbox answers this machine only). */
function readMetricsToken(env: NodeJS.ProcessEnv, providerMode: ProviderMode): string | null {
  const token = env.METRICS_TOKEN || '';
  if (token) return token;
  if (providerMode === 'production')
    throw new ConfigError('PROVIDER_MODE=production needs METRICS_TOKEN: GET /metrics answers only with it');
  return null;
}

/** What sandbox documents name: plainly not a real company, so a sandbox document is never taken for a real one. */
export const SANDBOX_LENDER: LenderIdentity = {
  name: 'Credimo Financiación, S.L. (entorno de pruebas)',
  cif: 'B00000000 (ficticio)',
  address: 'Calle de Alcalá 1, 28014 Madrid (dirección de pruebas)',
  registry: 'Registro Mercantil de Madrid: datos de pruebas, sin inscripción real',
  phone: '+34 900 000 000',
  email: 'ayuda@credimo.es',
};

const LENDER_SETTINGS: Record<keyof LenderIdentity, string> = {
  name: 'LENDER_NAME',
  cif: 'LENDER_CIF',
  address: 'LENDER_ADDRESS',
  registry: 'LENDER_REGISTRY',
  phone: 'LENDER_PHONE',
  email: 'LENDER_EMAIL',
};

/** A Spanish company's CIF: a letter for its kind, seven digits and a control digit or letter. */
const CIF_PATTERN = /^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9A-J]$/;

/**
 * The lender's identity from LENDER_*. Production starts only with every part set: a real customer must never
 * sign a document naming the sandbox's stand-in company. The sandbox fills what is unset with SANDBOX_LENDER.
 */
function readLender(env: NodeJS.ProcessEnv, providerMode: ProviderMode): LenderIdentity {
  const entries = Object.entries(LENDER_SETTINGS) as Array<[keyof LenderIdentity, string]>;
  const missing = entries.filter(([, name]) => !env[name]?.trim()).map(([, name]) => name);
  if (providerMode === 'production' && missing.length > 0)
    throw new ConfigError(`PROVIDER_MODE=production needs the lender's legal identity: set ${missing.join(', ')}`);
  const lender = Object.fromEntries(
    entries.map(([key, name]) => [key, env[name]?.trim() || SANDBOX_LENDER[key]]),
  ) as unknown as LenderIdentity;
  if (env.LENDER_CIF?.trim() && !CIF_PATTERN.test(lender.cif))
    throw new ConfigError(`LENDER_CIF must be a CIF (a letter, 7 digits and a control character), got "${lender.cif}"`);
  return lender;
}

/** PAYOUT_PROVIDER=sepa-file needs the account the money leaves from; a wrong one would only bounce at the bank. */
function readPayoutRail(env: NodeJS.ProcessEnv, lender: LenderIdentity): PayoutRailConfig {
  const provider = env.PAYOUT_PROVIDER?.trim() || 'sandbox';
  if (provider === 'sandbox') return { provider };
  if (provider !== 'sepa-file')
    throw new ConfigError(`PAYOUT_PROVIDER must be sandbox or sepa-file, got "${provider}"`);
  const iban = (env.LENDER_IBAN ?? '').replace(/\s/g, '').toUpperCase();
  const bic = (env.LENDER_BIC ?? '').trim().toUpperCase();
  if (!isValidIBAN(iban)) throw new ConfigError('PAYOUT_PROVIDER=sepa-file needs LENDER_IBAN, a valid IBAN');
  if (!isValidBIC(bic)) throw new ConfigError('PAYOUT_PROVIDER=sepa-file needs LENDER_BIC, a valid BIC (8 or 11)');
  return { provider, debtor: { name: lender.name, iban, bic } };
}

/** PAYMENTS_PROVIDER=redsys needs the terminal (REDSYS_MERCHANT_CODE, REDSYS_TERMINAL, REDSYS_SECRET_KEY, REDSYS_URL). */
function readPayments(env: NodeJS.ProcessEnv, providerMode: ProviderMode, publicUrl: string): PaymentsConfig {
  const provider = env.PAYMENTS_PROVIDER?.trim() || 'sandbox';
  if (provider === 'sandbox') return { provider };
  if (provider !== 'redsys') throw new ConfigError(`PAYMENTS_PROVIDER must be sandbox or redsys, got "${provider}"`);
  const merchantCode = (env.REDSYS_MERCHANT_CODE ?? '').trim();
  const terminal = (env.REDSYS_TERMINAL ?? '').trim();
  const secretKey = (env.REDSYS_SECRET_KEY ?? '').trim();
  if (!/^\d{9}$/.test(merchantCode))
    throw new ConfigError('PAYMENTS_PROVIDER=redsys needs REDSYS_MERCHANT_CODE, 9 digits');
  if (!/^\d{1,3}$/.test(terminal))
    throw new ConfigError('PAYMENTS_PROVIDER=redsys needs REDSYS_TERMINAL, 1 to 3 digits');
  if (Buffer.from(secretKey, 'base64').length !== 24 || !/^[A-Za-z0-9+/]+={0,2}$/.test(secretKey)) {
    throw new ConfigError('PAYMENTS_PROVIDER=redsys needs REDSYS_SECRET_KEY, the terminal key (base64 of 24 bytes)');
  }
  const production = providerMode === 'production';
  const url = (env.REDSYS_URL || (production ? 'https://sis.redsys.es' : 'https://sis-t.redsys.es:25443')).replace(
    /\/$/,
    '',
  );
  const origin = originOf(url);
  if (!origin || origin !== url) throw new ConfigError(`REDSYS_URL must be the gateway's origin, got "${url}"`);
  const notificationUrl = env.REDSYS_NOTIFICATION_URL || new URL(REDSYS_NOTIFICATION_PATH, publicUrl).toString();
  if (!originOf(notificationUrl))
    throw new ConfigError(`REDSYS_NOTIFICATION_URL must be an address, got "${notificationUrl}"`);
  if (production) {
    // Real money: the gateway and our notification over TLS, and never the key the whole world knows.
    if (!url.startsWith('https:') || !notificationUrl.startsWith('https:')) {
      throw new ConfigError('PROVIDER_MODE=production needs https REDSYS_URL and notification address');
    }
    if (secretKey === REDSYS_PUBLIC_TEST_KEY) {
      throw new ConfigError("PROVIDER_MODE=production refuses Redsys's public test key: set the terminal's own");
    }
  }
  return { provider, redsys: { merchantCode, terminal, secretKey, url, notificationUrl } };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const providerMode: ProviderMode = env.PROVIDER_MODE === 'production' ? 'production' : 'sandbox';
  const sms = env.SMS_PROVIDER_URL ? { url: env.SMS_PROVIDER_URL, token: env.SMS_PROVIDER_TOKEN ?? '' } : null;
  // Outside sandbox mode codes must really travel; never fall back to the sandbox silently.
  if (providerMode === 'production' && !sms) {
    throw new ConfigError(
      'PROVIDER_MODE=production needs an SMS provider: set SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN',
    );
  }
  const recaptcha = readRecaptcha(env, providerMode);
  const lender = readLender(env, providerMode);
  const port = readPort(env, 'API_PORT', 8080);
  const host = env.API_HOST || '127.0.0.1';
  const dataDir = env.PGLITE_DATA_DIR || path.join(projectRoot, '.data/pglite');
  // The customer app's address follows APP_PORT as the API's follows API_PORT: payment checkouts send the browser
  // back to it, and operators' links open it.
  const appUrl = env.PUBLIC_APP_URL || `http://localhost:${readPort(env, 'APP_PORT', 3000)}`;
  const publicUrl = env.PUBLIC_API_URL || `http://localhost:${readPort(env, 'API_PORT', 8080)}`;
  const aggregation = readAggregation(env, publicUrl);
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    pgliteSharedBuffers: readMemorySize(env, 'PGLITE_SHARED_BUFFERS'),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : defaultCorsOrigins(env),
    providerMode,
    logLevel: env.LOG_LEVEL || 'info',
    version: env.APP_VERSION || '0.1.0',
    appUrl,
    publicUrl,
    trustProxy: env.TRUST_PROXY === 'true',
    rateLimitFactor: providerMode === 'production' ? 1 : Math.max(1, Number(env.RATE_LIMIT_FACTOR) || 1),
    sms,
    mail: { smtpUrl: env.SMTP_URL || null, from: env.MAIL_FROM || lender.email },
    recaptcha,
    operator: readOperator(env, providerMode, port, host, dataDir),
    decisionDelaySeconds: readSeconds(env, 'SANDBOX_DECISION_DELAY_SECONDS', 2),
    payoutDelaySeconds: readSeconds(env, 'SANDBOX_PAYOUT_DELAY_SECONDS', 2),
    dataRights: {
      exportDays: readWhole(env, 'DATA_EXPORT_DAYS', 7, 1),
      retentionYears: readWhole(env, 'DATA_RETENTION_YEARS', LEGAL_RETENTION_YEARS, LEGAL_RETENTION_YEARS),
    },
    documentsDir: env.DOCUMENTS_DIR || path.join(projectRoot, '.data/documents'),
    providerSecrets: Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => name.startsWith('PROVIDER_SECRET_') && value)
        .map(([name, value]) => [name.slice('PROVIDER_SECRET_'.length).toLowerCase(), value as string]),
    ),
    shortLinkOrigins: readShortLinkOrigins(env, appUrl, publicUrl),
    logDataSink: readLogDataSink(env),
    customerFlagDefaults: {
      bizum: readSwitch(env, 'FEATURE_BIZUM', true),
      paymentProcessingView: readSwitch(env, 'FEATURE_PAYMENT_PROCESSING_VIEW', true),
      liveness: readSwitch(env, 'FEATURE_LIVENESS', true),
      bankVerificationAdapter: aggregation.provider,
    },
    aggregation,
    metricsToken: readMetricsToken(env, providerMode),
    lender,
    payoutRail: readPayoutRail(env, lender),
    payments: readPayments(env, providerMode, publicUrl),
  };
}
