import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';
import { ARGON2_PARAMETERS, STAFF_RULES } from './rules';

/** A staff password as argon2id's encoded string (parameters and salt included). */
export function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...ARGON2_PARAMETERS, outputType: 'encoded' });
}

export async function passwordMatches(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
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
