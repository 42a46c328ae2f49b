import type { ApiConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { JobQueue } from './jobs/queue';
import type { PayoutProvider } from './providers/payout';
import type { SmsProvider } from './providers/sms';

/** What every route module receives: no globals, so tests build as many apps as they like. */
export interface AppContext {
  config: ApiConfig;
  database: DatabaseHandle;
  sms: SmsProvider;
  /** Made by buildApp when not given. */
  jobs?: JobQueue;
  payout?: PayoutProvider;
}
