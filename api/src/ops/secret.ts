import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OperatorConfig } from '../config';
import { safeEqual } from '../crypto';

/**
 * The operator secret: OPERATOR_SECRET, or in sandbox mode a random one kept in a file beside the data,
 * created by whichever of the API and the command needs it first (exclusive create, so both read the same).
 * Null when none is configured (production without OPERATOR_SECRET): the operator endpoint is then closed.
 */
export function operatorSecret(config: OperatorConfig): string | null {
  if (config.secret) return config.secret;
  if (!config.secretFile) return null;
  try {
    return readFileSync(config.secretFile, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(config.secretFile), { recursive: true });
  try {
    writeFileSync(config.secretFile, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(config.secretFile, 'utf8').trim();
}

/** Compares in constant time; no configured secret admits nobody. */
export function operatorSecretMatches(config: OperatorConfig, presented: string | undefined): boolean {
  const expected = operatorSecret(config);
  return Boolean(expected && presented && safeEqual(expected, presented));
}
