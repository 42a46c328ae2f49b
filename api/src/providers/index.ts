import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config';
import type { Database } from '../db/schema';
import { HttpSmsProvider, SandboxSmsProvider, type SmsProvider } from './sms';

/** Providers for a configuration: the sandboxes by default, real ones when configured. */
export function smsProviderFor(config: ApiConfig, db: Kysely<Database>): SmsProvider {
  return config.sms ? new HttpSmsProvider(config.sms.url, config.sms.token) : new SandboxSmsProvider(db);
}
