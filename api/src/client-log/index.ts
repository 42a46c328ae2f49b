import type { LogDataType, SendLogDataRequest } from '@credimo/shared/contract';
import { isFunnelStep } from '@credimo/shared/domain';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { LogDataSink } from '../config';
import type { Database } from '../db/schema';

export interface ClientLogEventsTable {
  id: Generated<string>;
  user_id: string | null;
  type: LogDataType;
  message: string;
  context: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: ColumnType<Date, Date | undefined, never>;
}

declare module '../db/schema' {
  interface Database {
    client_log_events: ClientLogEventsTable;
  }
}

/** The profiling masks: these personal context values never reach a sink as sent. */
export const MASKED_KEYS: readonly string[] = ['personal_id', 'bank_account', 'birthday', 'mobile_phone', 'email'];
export const MASK = '***';

export type LogContext = NonNullable<SendLogDataRequest['context']>;

/** The context with the masked fields hidden (whatever their case or prefix: `user.email` too). */
export function maskContext(context: LogContext): LogContext {
  return Object.fromEntries(
    Object.entries(context).map(([key, value]) => {
      const field =
        key
          .toLowerCase()
          .split(/[.[\]]/)
          .filter(Boolean)
          .pop() ?? '';
      return [key, MASKED_KEYS.includes(field) && value !== null ? MASK : value];
    }),
  );
}

export class UnknownFunnelStep extends Error {}

export interface ClientLogLine {
  userId: string | null;
  type: LogDataType;
  message: string;
  context: LogContext;
}

/** Where the lines go: a table to query (sandbox), the API's log (a collector reads it), or nowhere. */
export interface LogSinkWriter {
  write(line: ClientLogLine): Promise<void>;
}

export function logSinkFor(
  sink: LogDataSink,
  db: Kysely<Database>,
  log: { info: (fields: object, message: string) => void },
): LogSinkWriter {
  switch (sink) {
    case 'table':
      return {
        async write(line) {
          await db
            .insertInto('client_log_events')
            .values({
              user_id: line.userId,
              type: line.type,
              message: line.message,
              context: JSON.stringify(line.context),
            })
            .execute();
        },
      };
    case 'log':
      return {
        async write(line) {
          log.info({ client_log: line }, 'client log');
        },
      };
    case 'off':
      return { async write() {} };
  }
}

/** One line from the customer app: a funnel event must name one of FUNNEL_STEPS; context is masked. */
export async function recordClientLog(
  sink: LogSinkWriter,
  userId: string | null,
  request: SendLogDataRequest,
): Promise<void> {
  if (request.type === 'funnel' && !isFunnelStep(request.message)) throw new UnknownFunnelStep(request.message);
  await sink.write({
    userId,
    type: request.type,
    message: request.message,
    context: maskContext(request.context ?? {}),
  });
}
