import assert from 'node:assert/strict';
import { describe, type TestContext, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import postgres from 'postgres';
import type { DatabaseHandle } from '../src/db/database.js';
import { freshDatabase } from './harness.js';

/**
 * The API's connection pool on PostgreSQL keeps answering when the server ends a connection: a restart, a
 * failover, an operator's pg_terminate_backend, a connection's lifetime running out. A request waiting for a
 * connection then gets one (or an error it can answer), never silence: a request that waits for ever holds a
 * customer's page and, one by one, the whole pool.
 */
const serverUrl = process.env.DATABASE_URL;
const WAIT_MS = 5_000;

/** What `work` settled to within WAIT_MS, or 'no answer'. */
function settledWithin<T>(work: Promise<T>): Promise<{ value: T } | { error: unknown } | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<'no answer'>((resolve) => {
      timer = setTimeout(() => resolve('no answer'), WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe('on PostgreSQL, a request waiting for a connection is answered when the server ends one', {
  skip: serverUrl ? false : 'PostgreSQL only (DATABASE_URL)',
}, () => {
  let database: DatabaseHandle;
  let server: postgres.Sql;
  // Opened in the test itself, not a hook: an error the pool's clients leave unanswered is then the test's failure.
  async function open(t: TestContext) {
    database = await freshDatabase();
    server = postgres(serverUrl ?? '', { max: 1, onnotice: () => {} });
    t.after(async () => {
      await server.end({ timeout: 1 });
      await database.close();
    });
  }

  /**
   * Opens transactions until every connection of the pool is held (each waits for `release`); the first that finds
   * none free is the one left waiting.
   */
  function holdEveryConnection(release: Promise<void>) {
    const openTransaction = () => {
      let started: (pid: number) => void = () => {};
      const pid = new Promise<number>((resolve) => {
        started = resolve;
      });
      const done = database.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          started(Number(rows[0]?.pid));
          await release;
          await sql`select 1`.execute(trx);
        })
        .catch((error: unknown) => error);
      return { pid, done };
    };
    return (async () => {
      const held: Array<{ pid: number; done: Promise<unknown> }> = [];
      for (;;) {
        const next = openTransaction();
        const opened = await Promise.race([next.pid, sleep(500, null)]);
        if (opened === null) return { held, waiting: next };
        held.push({ pid: opened, done: next.done });
      }
    })();
  }

  test('a waiting transaction gets a connection once the one on the ended connection has failed, and every statement after is answered', async (t) => {
    await open(t);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { held, waiting } = await holdEveryConnection(released);
    const ended = held[0];
    assert.ok(ended, 'the pool opened connections');
    await server`select pg_terminate_backend(${ended.pid})`;
    release();
    const answer = await settledWithin(waiting.pid);
    const finished = await settledWithin(Promise.all([waiting.done, ...held.map((h) => h.done)]));
    assert.ok(answer !== 'no answer', 'the waiting transaction was given a connection');
    assert.ok('value' in answer && answer.value > 0, 'and ran its statements');
    assert.ok(finished !== 'no answer' && 'value' in finished, 'every transaction ended');
    const [endedOne, ...others] = finished.value.slice(1);
    assert.ok(endedOne instanceof Error, 'the transaction on the ended connection failed with an error');
    assert.deepEqual(others, Array(others.length).fill(undefined), 'the others committed');

    // And the pool answers every statement after.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        settledWithin(sql<{ n: number }>`select ${i}::int as n`.execute(database.db)),
      ),
    );
    assert.deepEqual(
      answers.map((answer) => (answer !== 'no answer' && 'value' in answer ? Number(answer.value.rows[0]?.n) : answer)),
      Array.from({ length: 20 }, (_, i) => i),
    );
  });
});
