import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed provider callbacks. The provider sends `x-provider-signature: t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256(secret, `${t}.${raw body}`). Signing the raw bytes (not re-serialised JSON) means any change to the
 * body breaks the signature; signing the timestamp with it means an old capture cannot be replayed later with a
 * fresh time. Within the tolerance, replays are stopped by the event id (see events.ts).
 */
export const SIGNATURE_HEADER = 'x-provider-signature';

/** How far a callback's timestamp may be from our clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value a provider (or our sandbox) sends with a body. */
export function signHeader(secret: string, rawBody: Buffer | string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, rawBody)}`;
}

export type SignatureVerdict = 'valid' | 'missing' | 'malformed' | 'stale' | 'mismatch';

export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  now: Date = new Date(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureVerdict {
  if (!header) return 'missing';
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return 'malformed';
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return 'stale';
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody), 'hex');
  // Constant time: the comparison must not tell an attacker how many leading bytes were right.
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? 'valid' : 'mismatch';
}
