import type { ApiConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { SmsProvider } from './providers/sms';

/** What every route module receives: no globals, so tests build as many apps as they like. */
export interface AppContext {
  config: ApiConfig;
  database: DatabaseHandle;
  sms: SmsProvider;
}
