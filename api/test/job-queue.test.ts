import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DatabaseHandle } from '../src/db/database.js';
import { JobQueue } from '../src/queue/job-queue.js';
import { freshDatabase } from './harness.js';

let database: DatabaseHandle;

before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

describe('the job queue (pg-boss on this database)', () => {
  test('creates its schema, runs jobs, and keeps one queued job per key', async () => {
    const jobs = new JobQueue(database);
    await jobs.start();
    const first = await jobs.send('loan.decide', { loanId: 'x' }, { key: 'decide:x', afterSeconds: 60 });
    const second = await jobs.send('loan.decide', { loanId: 'x' }, { key: 'decide:x', afterSeconds: 60 });
    assert.ok(first);
    assert.equal(second, null, 'the same key is not queued twice');
    const seen: unknown[] = [];
    await jobs.work({
      'loan.decide': async () => {},
      'loan.decision-timeout': async (data) => void seen.push(data),
      'payout.confirm': async () => {},
      'servicing.day': async () => {},
      'bank.import': async () => {},
      'cache.forget-dead-sessions': async () => {},
      'mail.send': async () => {},
      'data.export': async () => {},
      'data.retention': async () => {},
    });
    await jobs.send('loan.decision-timeout', { loanId: 'y', status: 0 });
    const until = Date.now() + 10_000;
    while (seen.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(seen, [{ loanId: 'y', status: 0 }]);
    await jobs.stop();
  });

  test('a job starts soon after it is due, well before the 30 s each queue polls at: sent in a transaction once it commits, sent for later once its time comes', async () => {
    const jobs = new JobQueue(database);
    await jobs.start();
    const ran = new Map<string, number>();
    const noop = async () => {};
    await jobs.work({
      'loan.decide': noop,
      'loan.decision-timeout': noop,
      'payout.confirm': async (data) => void ran.set(String(data.id), Date.now()),
      'servicing.day': noop,
      'bank.import': noop,
      'cache.forget-dead-sessions': noop,
      'mail.send': async (data) => void ran.set(String(data.id), Date.now()),
      'data.export': noop,
      'data.retention': noop,
    });
    // The workers' first polls are over: from here on only the due check starts a job within 30 s.
    await new Promise((r) => setTimeout(r, 300));
    // Bounds far above the half-second due check and far below the 30 s poll: a busy CI machine passes, a queue
    // left to its own poll does not.
    const soon = 10_000;
    const waitFor = async (id: string) => {
      const until = Date.now() + soon + 2_000;
      while (!ran.has(id) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      return ran.get(id);
    };

    let committed = 0;
    await database.db.transaction().execute(async (trx) => {
      await jobs.send('payout.confirm', { id: 'in-transaction' }, { trx });
      // Not visible before the commit: nothing runs while the transaction is open.
      await new Promise((r) => setTimeout(r, 1_200));
      assert.equal(ran.has('in-transaction'), false, 'a job of an open transaction does not run');
      committed = Date.now();
    });
    const inTransaction = await waitFor('in-transaction');
    assert.ok(inTransaction, 'the committed job ran');
    assert.ok(inTransaction - committed < soon, `it started ${inTransaction - committed} ms after the commit`);

    const sent = Date.now();
    await jobs.send('mail.send', { id: 'later' }, { afterSeconds: 1 });
    const later = await waitFor('later');
    assert.ok(later, 'the job sent for later ran');
    assert.ok(later - sent >= 1_000, 'not before its time');
    assert.ok(later - sent < 1_000 + soon, `it started ${later - sent} ms after it was sent for a second later`);
    await jobs.stop();
  });
});
