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
});
