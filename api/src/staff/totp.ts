import { Secret, TOTP } from 'otpauth';
import { STAFF_RULES } from './rules';

const PERIOD_SECONDS = 30;

const totpOf = (secret: string, username = 'staff') =>
  new TOTP({ issuer: 'Credimo', label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });

/** A new TOTP secret (160 bits, base32), as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads (as a QR code or pasted). */
export const totpUri = (secret: string, username: string) => totpOf(secret, username).toString();

/** The code an authenticator shows now (sandbox demos and tests). */
export const totpNow = (secret: string, at = Date.now()) => totpOf(secret).generate({ timestamp: at });

/**
 * The time step of a valid code, or null. A code is good once: a step not after `lastStep` is refused, so a
 * code seen over someone's shoulder cannot be replayed within its 30 s.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: STAFF_RULES.totpWindow });
  if (delta === null) return null;
  const step = Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
