import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LoanStatus } from '@credimo/shared/domain';
import { OPERATOR_COMMANDS, OperatorUsageError } from '../src/ops/commands.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, waitForStatus } from './origination-path.js';

let api: TestApi;

before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

function run(name: string, ...args: string[]) {
  const command = OPERATOR_COMMANDS[name];
  if (!command) throw new Error(`no operator command ${name}`);
  return command.run(args, { db: api.database.db, config: api.config });
}

describe('npm run ops: operators decide on loans in manual verification and give agents a calculator choice', () => {
  test('decide <public id> approve moves a loan in manual verification on; the customer sees it', async () => {
    const me = await customerAt(api, 'applied', { hasCurrentLoan: true, iban: false });
    const loan = await waitForStatus(api, me.headers, [LoanStatus.AwaitingVerification]);
    const result = await run('decide', loan.public_id, 'approve');
    assert.deepEqual(result?.lines, [`loan ${loan.public_id} approved (status ${LoanStatus.AwaitingIssuanceMethod})`]);
    assert.equal(result?.subject, `loan:${me.loanId}`);
    const { body } = await api.request('GET', '/v2/loan', { headers: me.headers });
    assert.equal(body.status, LoanStatus.AwaitingIssuanceMethod);
  });

  test('decide <id> deny <reason> denies it; a second decision is refused and changes nothing', async () => {
    const me = await customerAt(api, 'applied', { hasCurrentLoan: true, iban: false });
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingVerification]);
    const result = await run('decide', me.loanId, 'deny', 'ingresos', 'insuficientes');
    assert.match(result?.lines[0] ?? '', new RegExp(`denied \\(status ${LoanStatus.Denied}\\)`));
    await assert.rejects(run('decide', me.loanId, 'approve'));
    const { body } = await api.request('GET', '/v2/loan', { headers: me.headers });
    assert.equal(body.status, LoanStatus.Denied);
  });

  test('a wrong loan, verdict or amount is one usage line', async () => {
    await assert.rejects(run('decide', 'CR999999999', 'approve'), OperatorUsageError);
    await assert.rejects(run('decide', '../1', 'approve'), OperatorUsageError);
    await assert.rejects(run('decide', '1', 'maybe'), OperatorUsageError);
    await assert.rejects(run('agent-link', '612345678', 'laura', '300'), OperatorUsageError);
    await assert.rejects(run('agent-link', '612345678', 'laura', '3.5', '30'), OperatorUsageError);
  });

  test('agent-link <phone> <agent> <euros> <days> makes the agent data the customer reads', async () => {
    const result = await run('agent-link', '612 00 77 41', 'laura', '300', '15');
    const code = new URL(result?.lines[0] ?? '').searchParams.get('sessionid') ?? '';
    const opened = await api.request('GET', `/api/agent/customer/${code}`);
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    const agentData = await api.request('GET', '/v2/user/agent_data', {
      headers: { authorization: `Bearer ${opened.body.token}` },
    });
    assert.equal(agentData.body.amount, 30_000);
    assert.equal(agentData.body.term, 15);
  });
});
