import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config';
import { ConfigError } from '../config';
import { secret } from '../crypto';
import type { Database } from '../db/schema';

/**
 * The key a provider signs its callbacks with: `PROVIDER_SECRET_<NAME>` when set. A sandbox provider without one
 * shares a key made once in the database (every API process agrees); production refuses to run without it.
 */
export function callbackSecret(config: ApiConfig, db: Kysely<Database>, provider: string): () => Promise<string> {
  const configured = config.providerSecrets[provider];
  if (configured) return async () => configured;
  if (config.providerMode === 'production') {
    throw new ConfigError(`PROVIDER_MODE=production needs PROVIDER_SECRET_${provider.toUpperCase()}`);
  }
  return () => secret(db, `provider_callback:${provider}`);
}
