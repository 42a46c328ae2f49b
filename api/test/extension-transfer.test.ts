import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LoanStatus, paymentConcept } from '@credimo/shared/domain';
import { SERVICING_COMMANDS, ServicingUsageError } from '../src/servicing/operator-commands.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

let api: TestApi;
before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

const paymentReceived = (args: string[]) =>
  (SERVICING_COMMANDS['payment-received'] as (typeof SERVICING_COMMANDS)[string]).run(args, {
    db: api.database.db,
    config: api.config,
    operator: 'test',
  });

/** A loan to extend, and the price of its first extension term. */
async function extendable() {
  const me = await customerAt(api, 'active', { amount: 40_000 });
  const loan = (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
  const offer = (await api.request('GET', '/v2/loan/prolong', { headers: me.headers })).body;
  const extension = offer.extensions[0];
  assert.ok(extension, 'the loan can be extended');
  return { me, loan, extension };
}

describe('an extension paid by bank transfer or cash, as the payment methods page tells the customer', () => {
  test('the concept the page shows names the extension, and recording it extends the loan', async () => {
    const { me, loan, extension } = await extendable();
    const concept = paymentConcept(loan.public_id, { payment_type: 'prolongation', term: extension.term });
    const [, word, days] = concept.split(' ');
    assert.equal(concept, `${loan.public_id} PRORROGA ${extension.term}`);
    const result = await paymentReceived([
      loan.public_id,
      String(extension.cost),
      'BANK-EXT-1',
      String(word),
      String(days),
    ]);
    assert.match(result.lines.join('\n'), new RegExp(`extended to ${extension.next_pay_date}`));
    const after = (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
    assert.equal(after.status, LoanStatus.Extended);
    assert.equal(after.must_pay_date, extension.next_pay_date);
    assert.equal(after.calculations.today.amount, loan.calculations.today.amount, 'the debt is as before');
  });

  test('the same money with the loan number alone only repays', async () => {
    const { me, loan, extension } = await extendable();
    await paymentReceived([loan.public_id, String(extension.cost), 'BANK-EXT-2']);
    const after = (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
    assert.equal(after.status, loan.status);
    assert.equal(after.must_pay_date, loan.must_pay_date);
    assert.equal(after.calculations.today.amount, loan.calculations.today.amount - extension.cost);
  });

  test('an extension without its days is a usage error, applied to nothing', async () => {
    const { loan } = await extendable();
    await assert.rejects(paymentReceived([loan.public_id, '1000', 'BANK-EXT-3', 'prorroga']), ServicingUsageError);
  });
});
