import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_PARAMETERS, STAFF_RULES } from './rules';

/** The library's names for our parameters; its default algorithm is argon2id (its enum is type-only). */
const OPTIONS = {
  memoryCost: ARGON2_PARAMETERS.memorySize,
  timeCost: ARGON2_PARAMETERS.iterations,
  parallelism: ARGON2_PARAMETERS.parallelism,
  outputLen: ARGON2_PARAMETERS.hashLength,
};

/**
 * A staff password as argon2id's encoded string (parameters and salt included). Native and on libuv's threads:
 * a verification (tens of milliseconds of work by design) never holds up the requests around it.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...OPTIONS, salt: randomBytes(16) });
}

export async function passwordMatches(password: string, encoded: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

/** Spent on an unknown username too, so a wrong name takes as long as a wrong password. */
let decoy: Promise<string> | null = null;
export async function spendLikeAVerify(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  await passwordMatches(password, await decoy);
}

export const generatePassword = () => randomBytes(STAFF_RULES.generatedPasswordBytes).toString('base64url');
