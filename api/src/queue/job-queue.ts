import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';

/**
 * The job queue: pg-boss on the API's own database handle, so it works the same on PostgreSQL (several API
 * processes share the queue safely: jobs are fetched with SKIP LOCKED) and on the embedded PGlite (its queries
 * go through the same serialised connection as every other query). Jobs can be sent inside a business
 * transaction, so a step and its follow-up job commit together.
 */

export type JobName =
  | 'loan.decide'
  | 'loan.decision-timeout'
  | 'payout.confirm'
  | 'servicing.day'
  | 'bank.import'
  | 'cache.forget-dead-sessions'
  | 'mail.send'
  | 'data.export'
  | 'data.retention';
export const JOB_NAMES: readonly JobName[] = [
  'loan.decide',
  'loan.decision-timeout',
  'payout.confirm',
  'servicing.day',
  'bank.import',
  'cache.forget-dead-sessions',
  'mail.send',
  'data.export',
  'data.retention',
];

export interface SendJobOptions {
  /** Run no sooner than this many seconds from now. */
  afterSeconds?: number;
  /** One queued job per key (queue policy 'short'): a second send with the same key is dropped. */
  key?: string;
  /** Send inside this transaction: the job exists only if it commits. */
  trx?: Kysely<Database>;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/**
 * How soon a due job starts: one statement every half second asks which queues have a job due and wakes just
 * their workers. Each worker's own poll is only the fallback: nine queues polled every half second kept an idle
 * API busy (about 2 CPU seconds in 30 on PGlite), and a due job is seen the same way whoever sent it (another API
 * process, a transaction that has just committed, a retry whose delay is over).
 */
const DUE_CHECK_MS = 500;
const WORKER_POLL_SECONDS = 30;
const DUE_QUEUES = CompiledQuery.raw(
  "SELECT DISTINCT name FROM pgboss.job WHERE state < 'active' AND start_after < now()",
);

const executorOf = (handle: DatabaseHandle, db: Kysely<Database>): PgBoss.Db => ({
  async executeSql(text: string, values: unknown[] = []) {
    try {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    } catch (error) {
      // pg-boss's schema scripts hold several statements; PGlite's query refuses those (42601), its exec runs them.
      const multiple = (error as { code?: string }).code === '42601' && /multiple commands/.test(String(error));
      if (!multiple || values.length > 0 || !handle.script || db !== handle.db) throw error;
      await handle.script(text);
      return { rows: [] };
    }
  },
});

export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;
  private readonly workers = new Map<string, string>();
  private dueCheck: NodeJS.Timeout | null = null;

  constructor(private readonly handle: DatabaseHandle) {
    this.boss = new PgBoss({
      db: executorOf(handle, handle.db),
      schema: 'pgboss',
      // Maintenance (expiry, archiving) runs in whichever process holds pg-boss's own advisory lock.
      supervise: true,
      schedule: false,
    });
    this.boss.on('error', (error) => console.error('credimo-api: job queue error', error));
  }

  /** Creates or migrates the queue's schema and the queues; no workers yet. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const name of JOB_NAMES) {
      if (await this.boss.getQueue(name)) continue;
      try {
        await this.boss.createQueue(name, { name, policy: 'short', retryLimit: 5, retryDelay: 2 });
      } catch (error) {
        // Another API process starting at the same moment made it first.
        if (!(await this.boss.getQueue(name))) throw error;
      }
    }
    this.started = true;
  }

  async send(name: JobName, data: Record<string, unknown>, options: SendJobOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(options.afterSeconds ? { startAfter: options.afterSeconds } : {}),
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(options.trx ? { db: executorOf(this.handle, options.trx) } : {}),
    });
  }

  /** Starts a worker per job name; each job's handler must be idempotent (a job may run again after a crash). */
  async work(handlers: Record<JobName, JobHandler>): Promise<void> {
    for (const name of JOB_NAMES) {
      const id = await this.boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds: WORKER_POLL_SECONDS },
        async (jobs) => {
          for (const job of jobs) await handlers[name](job.data);
        },
      );
      this.workers.set(name, id);
    }
    this.scheduleDueCheck();
  }

  private scheduleDueCheck(): void {
    this.dueCheck = setTimeout(async () => {
      try {
        const due = await this.handle.db.executeQuery<{ name: string }>(DUE_QUEUES);
        for (const { name } of due.rows) {
          const worker = this.workers.get(name);
          if (worker) this.boss.notifyWorker(worker);
        }
      } catch (error) {
        // The workers' own polls still run; the next check tries again.
        if (this.dueCheck) console.error('credimo-api: job queue due check failed', error);
      }
      if (this.dueCheck) this.scheduleDueCheck();
    }, DUE_CHECK_MS);
    this.dueCheck.unref();
  }

  /** Started, and its tables answer (readiness: a queue that cannot take jobs loses the steps that send them). */
  async running(): Promise<boolean> {
    if (!this.started) return false;
    try {
      return (await this.boss.getQueue('loan.decide')) !== null;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    if (this.dueCheck) clearTimeout(this.dueCheck);
    this.dueCheck = null;
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}
