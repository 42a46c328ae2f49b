import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { openPglite } from '../src/db/database.js';
import { customerAt } from './origination-path.js';
import { freePort, loanOf as loanFrom, overHttp, startApiProcess, stopApiProcess } from './spawn-api.js';
import { ON_PGLITE_FOLDERS, pgliteFolder, TEST_PGLITE } from './template.js';

async function payAtCheckout(baseUrl: string, reference: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    reference,
    number: '4242424242424242',
    expiry_month: '12',
    expiry_year: '2031',
    cvv: '123',
  })) {
    form.set(name, value);
  }
  return fetch(`${baseUrl}/sandbox/card/checkout`, { method: 'POST', body: form, redirect: 'manual' });
}

type Loan = {
  status: number;
  has_pending_payment: boolean;
  calculations: { today: { amount: number } };
};
const loanOf = (baseUrl: string, headers: Record<string, string>) => loanFrom<Loan>(baseUrl, headers);

/** A shared, busy machine starts the API slowly. */
const START_SECONDS = 240;

describe('crash safety of a payment', ON_PGLITE_FOLDERS, () => {
  test('the API SIGKILLed in the middle of a payment callback, then restarted: the payment is applied once, the ledger sums to zero', async () => {
    const dataDir = pgliteFolder('payment-crash');
    const port = String(await freePort());
    const env = {
      PGLITE_DATA_DIR: dataDir,
      API_PORT: port,
      TRUST_PROXY: 'true',
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
    };
    let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
    try {
      api = await startApiProcess({ ...env, CREDIMO_SIGKILL_AT: 'payment-callback' }, START_SECONDS);
      const borrower = await customerAt(overHttp(api.url), 'active', { amount: 40_000 });
      const before = await loanOf(api.url, borrower.headers);
      const made = await fetch(`${api.url}/v2/loan/payment-request/generate`, {
        method: 'POST',
        headers: { ...borrower.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ payment_type: 'partial_repay', amount: 10_000 }),
      });
      assert.equal(made.status, 201);
      const { reference } = (await made.json()) as { reference: string };

      // The acquirer's callback reaches the API, the payment's postings are written, and the process dies.
      await assert.rejects(payAtCheckout(api.url, reference), 'the connection drops with the process');
      assert.equal((await api.exited).signal, 'SIGKILL');

      const restarted = await startApiProcess(env, START_SECONDS);
      try {
        const after = await loanOf(restarted.url, borrower.headers);
        assert.equal(after.calculations.today.amount, before.calculations.today.amount, 'nothing half-applied');
        assert.equal(after.has_pending_payment, true, 'the request still awaits the bank');
        // The acquirer had no answer to its callback, so it delivers the payment again.
        const retried = await payAtCheckout(restarted.url, reference);
        assert.equal(retried.status, 303);
        const paid = await loanOf(restarted.url, borrower.headers);
        assert.equal(paid.calculations.today.amount, before.calculations.today.amount - 10_000);
        assert.equal(paid.has_pending_payment, false);
        const again = await payAtCheckout(restarted.url, reference);
        assert.equal(again.status, 404, 'a paid request is not paid twice');
      } finally {
        assert.equal((await stopApiProcess(restarted)).code, 0);
      }

      const database = await openPglite(dataDir, TEST_PGLITE);
      try {
        const payments = await database.db.selectFrom('loan_payments').select('amount').execute();
        assert.equal(payments.length, 1, 'applied once');
        const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
          database.db,
        );
        assert.equal(Number(rows[0]?.total ?? 0), 0, 'the ledger sums to zero');
      } finally {
        await database.close();
      }
    } finally {
      // A failure before the planned kill must not leave the process holding the test open.
      if (api && api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
