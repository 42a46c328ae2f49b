import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LoanStatus, readPaymentConcept } from '@credimo/shared/domain';
import { sql } from 'kysely';
import {
  checkCreditTransferFile,
  sandboxStatement,
  sandboxStatusReport,
  unmatchedEntries,
} from '../src/bank-files/index.js';
import { buildCreditTransferFile, sepaText } from '../src/bank-files/pain001.js';
import { ConfigError, readConfig } from '../src/config.js';
import { OPERATOR_COMMANDS, OperatorUsageError } from '../src/ops/commands.js';
import { runOperatorCommand } from '../src/ops/run.js';
import { SANDBOX_BOUNCING_IBAN } from '../src/providers/payout.js';
import { SANDBOX_STAFF, totpNow } from '../src/staff/index.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, TEST_IBAN } from './origination-path.js';
import { freePort, runOpsCli } from './spawn-api.js';
import { seedPgliteFolder } from './template.js';

/** The lender's account the payouts leave from. */
const LENDER_IBAN = 'ES7921000813610123456789';
const LENDER_BIC = 'CAIXESBBXXX';

let api: TestApi;
const folder = mkdtempSync(path.join(os.tmpdir(), 'credimo-sepa-'));
before(async () => {
  api = await startTestApi({
    workers: true,
    env: { TRUST_PROXY: 'true', PAYOUT_PROVIDER: 'sepa-file', LENDER_IBAN, LENDER_BIC },
  });
});
after(async () => {
  await api.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => api.database.db;

/** `npm run ops -- <command> …` as the API runs it (audit log included). */
async function ops(command: string, ...args: string[]) {
  const { lines } = await runOperatorCommand(
    { db: db(), config: api.config },
    { command, args, operator: 'carmen', address: null },
  );
  return lines;
}

/** A bank file saved where an operator keeps it, for the commands that read one. */
let saved = 0;
function bankFile(xml: string) {
  const file = path.join(folder, `bank-${++saved}.xml`);
  writeFileSync(file, xml);
  return file;
}

async function ledgerSnapshot() {
  const { rows } = await sql<{ n: string; s: string }>`
    select count(*) as n, coalesce(sum(abs(amount)), 0) as s from ledger_postings`.execute(db());
  return { postings: Number(rows[0]?.n), moved: Number(rows[0]?.s) };
}

async function loanOf(loanId: string) {
  return db()
    .selectFrom('loans')
    .select(['status', 'public_id', 'give_date'])
    .where('id', '=', loanId)
    .executeTakeFirstOrThrow();
}

/** Balances of a loan's ledger accounts, global ones included (cash, clearing), by account code. */
async function moneyOf(loanId: string) {
  const { rows } = await sql<{ code: string; total: string }>`
    select a.code, sum(p.amount) as total from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_transactions t on t.id = p.transaction_id
    where t.loan_id = ${loanId} group by a.code`.execute(db());
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.total)]));
}

/** Customers whose payout was ordered: on this rail it waits for the day's file, in Processing. */
async function payoutsOrdered(...customers: Array<{ amount: number; iban?: string }>) {
  const ordered = [];
  for (const { amount, iban } of customers) {
    const me = await customerAt(api, 'autodebit', { amount, ibanNumber: iban ?? TEST_IBAN });
    const answer = await api.request('POST', '/v2/loan/issuance', { headers: me.headers });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const loan = await loanOf(me.loanId);
    assert.equal(loan.status, LoanStatus.Processing);
    ordered.push({ ...me, publicId: loan.public_id, amount });
  }
  return ordered;
}

/** The day's payouts file, as `npm run ops -- payouts-file` prints it. */
async function payoutsFile() {
  return (await ops('payouts-file')).join('\n');
}

/** Customers paid out through the file and the sandbox bank's acceptance: Active loans that owe. */
async function activeLoans(...amounts: number[]) {
  const customers = await payoutsOrdered(...amounts.map((amount) => ({ amount })));
  await ops('payout-status', bankFile(sandboxStatusReport(await payoutsFile())));
  for (const me of customers) assert.equal((await loanOf(me.loanId)).status, LoanStatus.Active);
  return customers;
}

async function owedNow(headers: Record<string, string>) {
  return (await api.request('GET', '/v2/loan', { headers })).body.calculations.today.amount as number;
}

describe('the SEPA payouts file (pain.001.001.03)', () => {
  test('one transfer per waiting payout, named by the loan, summing to what the ledger moved; each sent once', async () => {
    const [first, second] = await payoutsOrdered({ amount: 30_000 }, { amount: 45_000 });
    assert.ok(first && second);
    const xml = await payoutsFile();
    const { problems, summary } = checkCreditTransferFile(xml);
    assert.deepEqual(problems, []);
    assert.equal(summary.transactions, 2);
    assert.deepEqual(summary.endToEndIds, [first.publicId, second.publicId]);
    const { rows } = await sql<{ total: string }>`
      select sum(p.amount) as total from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_transactions t on t.id = p.transaction_id
      where t.kind = 'payout_sent' and a.code = 'payout_clearing'
        and t.loan_id in (${first.loanId}, ${second.loanId})`.execute(db());
    assert.equal(summary.controlSum, Number(rows[0]?.total));
    assert.equal(summary.controlSum, 75_000);
    assert.match(xml, /<NbOfTxs>2<\/NbOfTxs>\s*<CtrlSum>750\.00<\/CtrlSum>/);
    assert.match(xml, /<InstdAmt Ccy="EUR">300\.00<\/InstdAmt>/);
    assert.match(xml, /<InstdAmt Ccy="EUR">450\.00<\/InstdAmt>/);
    assert.match(xml, new RegExp(`<DbtrAcct><Id><IBAN>${LENDER_IBAN}</IBAN>`));
    assert.match(xml, new RegExp(`<BIC>${LENDER_BIC}</BIC>`));
    assert.match(xml, new RegExp(`<CdtrAcct><Id><IBAN>${TEST_IBAN}</IBAN>`));
    // Nothing is left for a second file, and the loans still wait for the bank's answer.
    assert.deepEqual(await ops('payouts-file'), []);
    for (const me of [first, second]) assert.equal((await loanOf(me.loanId)).status, LoanStatus.Processing);
    const marked = await db()
      .selectFrom('payouts')
      .select('payout_file_id')
      .where('loan_id', 'in', [first.loanId, second.loanId])
      .execute();
    assert.equal(new Set(marked.map((p) => p.payout_file_id)).size, 1);
    // The file made before can be printed again, as it was.
    assert.equal((await ops('payouts-file', summary.messageId)).join('\n'), xml);
    // Settle them, so the next test's file holds only its own payouts.
    await ops('payout-status', bankFile(sandboxStatusReport(xml)));
  });

  test('two operators pressing at once: one file holds each payout, the other is empty', async () => {
    const ordered = await payoutsOrdered({ amount: 30_000 }, { amount: 30_000 });
    const files = (await Promise.all([ops('payouts-file'), ops('payouts-file')])).map((lines) => lines.join('\n'));
    const made = files.filter(Boolean);
    assert.equal(made.length, 1);
    const { summary } = checkCreditTransferFile(made[0] ?? '');
    assert.deepEqual(
      summary.endToEndIds,
      ordered.map((me) => me.publicId),
    );
    await ops('payout-status', bankFile(sandboxStatusReport(made[0] ?? '')));
  });

  test('the checks catch a file whose sums, count, IBANs or amounts are wrong', async () => {
    await payoutsOrdered({ amount: 30_000 });
    const xml = await payoutsFile();
    assert.deepEqual(checkCreditTransferFile(xml).problems, []);
    const tampered = {
      'group control sum': xml.replace(/(<GrpHdr>[\s\S]*?<CtrlSum>)300\.00/, '$1300.01'),
      'block count': xml.replace(/(<PmtInf>[\s\S]*?<NbOfTxs>)1/, '$12'),
      'creditor IBAN': xml.replace(`<CdtrAcct><Id><IBAN>${TEST_IBAN}`, '<CdtrAcct><Id><IBAN>ES9121000418450200051333'),
      'amount past the cent': xml.replace('<InstdAmt Ccy="EUR">300.00', '<InstdAmt Ccy="EUR">300.001'),
      'debtor BIC': xml.replace(`<BIC>${LENDER_BIC}</BIC>`, '<BIC>CAIX</BIC>'),
      namespace: xml.replace('pain.001.001.03"', 'pain.001.001.09"'),
    };
    for (const [what, file] of Object.entries(tampered)) {
      assert.notEqual(file, xml, what);
      assert.ok(checkCreditTransferFile(file).problems.length > 0, `${what} is caught`);
    }
    await ops('payout-status', bankFile(sandboxStatusReport(xml)));
  });

  test('names are written in the SEPA character set; one with nothing left is named by the reference', () => {
    assert.equal(sepaText('José Muñoz & Cía. <Ñandú>', 70), 'Jose Munoz Cia. Nandu');
    const xml = buildCreditTransferFile(
      'CRD-20261128-00000001',
      new Date(),
      new Date(),
      { name: 'Préstamos Ejemplares, S.A.', iban: LENDER_IBAN, bic: LENDER_BIC },
      [{ endToEndId: 'CR100001', amount: 12_345, creditorName: '王芳', creditorIban: TEST_IBAN }],
    );
    assert.deepEqual(checkCreditTransferFile(xml).problems, []);
    assert.match(xml, /<Cdtr><Nm>CR100001<\/Nm><\/Cdtr>/);
    assert.match(xml, /<Dbtr><Nm>Prestamos Ejemplares, S.A.<\/Nm><\/Dbtr>/);
    assert.match(xml, /<CtrlSum>123\.45<\/CtrlSum>/);
  });
});

describe("the bank's status report (pain.002)", () => {
  test('accepted pays out; rejected returns the loan as a bounced payout does; read twice it changes nothing', async () => {
    const [paid, bounced] = await payoutsOrdered({ amount: 30_000 }, { amount: 30_000, iban: SANDBOX_BOUNCING_IBAN });
    assert.ok(paid && bounced);
    const report = bankFile(sandboxStatusReport(await payoutsFile()));
    const lines = await ops('payout-status', report);
    assert.deepEqual(
      lines.sort(),
      [`${bounced.publicId}: rejected, payout returned`, `${paid.publicId}: accepted, paid out`].sort(),
    );
    const active = await loanOf(paid.loanId);
    assert.equal(active.status, LoanStatus.Active);
    assert.ok(active.give_date);
    assert.equal((await moneyOf(paid.loanId)).principal_receivable, 30_000);
    assert.equal((await loanOf(bounced.loanId)).status, LoanStatus.ProcessingFail);
    assert.deepEqual(await moneyOf(bounced.loanId), { cash_at_bank: 0, payout_clearing: 0 });
    const failure = await db()
      .selectFrom('payouts')
      .select(['status', 'failure'])
      .where('loan_id', '=', bounced.loanId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(failure, { status: 'failed', failure: 'AC04: Cuenta cancelada' });

    const ledger = await ledgerSnapshot();
    const again = await ops('payout-status', report);
    assert.deepEqual(
      again.sort(),
      [`${bounced.publicId}: settled before, unchanged`, `${paid.publicId}: settled before, unchanged`].sort(),
    );
    assert.deepEqual(await ledgerSnapshot(), ledger);

    // The customer retries: the new transfer goes in the next file, once; a whole-file rejection returns it too.
    const retry = await api.request('POST', '/v2/loan/issuance', { headers: bounced.headers });
    assert.equal(retry.status, 201);
    const next = checkCreditTransferFile(await payoutsFile()).summary;
    assert.deepEqual(next.endToEndIds, [bounced.publicId]);
    const rejectedFile = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANK-STS-0001</MsgId><CreDtTm>2026-11-28T10:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>${next.messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId>
      <GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>AM05</Cd></Rsn></StsRsnInf>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>${next.messageId}.0</OrgnlPmtInfId>
      <TxInfAndSts><OrgnlEndToEndId>CR999999999</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
    assert.deepEqual(await ops('payout-status', bankFile(rejectedFile)), [
      `${bounced.publicId}: rejected, payout returned`,
      'CR999999999: not a payout of that file (nothing changed)',
    ]);
    const refused = await db()
      .selectFrom('payouts')
      .select('failure')
      .where('loan_id', '=', bounced.loanId)
      .orderBy('attempt', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(refused.failure, 'AM05');
    assert.equal((await loanOf(bounced.loanId)).status, LoanStatus.ProcessingFail);
    assert.deepEqual(await moneyOf(bounced.loanId), { cash_at_bank: 0, payout_clearing: 0 });
  });

  test('a report for a file we never made, or not a pain.002 at all, is refused and changes nothing', async () => {
    const ledger = await ledgerSnapshot();
    const stranger = sandboxStatusReport(
      (await payoutsFile()) ||
        `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><GrpHdr><MsgId>NOT-OURS-1</MsgId><NbOfTxs>0</NbOfTxs></GrpHdr></CstmrCdtTrfInitn></Document>`,
    );
    await assert.rejects(ops('payout-status', bankFile(stranger)), OperatorUsageError);
    await assert.rejects(ops('payout-status', bankFile('<html>not a report</html>')), OperatorUsageError);
    const entities = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaa">]><Document>&a;</Document>`;
    await assert.rejects(ops('statement', bankFile(entities)), /DOCTYPE/);
    await assert.rejects(ops('payout-status', path.join(folder, 'missing.xml')), /no file/);
    assert.deepEqual(await ledgerSnapshot(), ledger);
  });
});

/** A statement as a Spanish bank writes it: camt.053.001.02, a credit per transfer, a batch, a debit, a pending line. */
function bankStatement(lines: { paid: string; owed: number; payer: string; payoff: string; payoffOwed: number }) {
  const amount = (cents: number) => (cents / 100).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
 <BkToCstmrStmt>
  <GrpHdr><MsgId>STMT-20261128-0001</MsgId><CreDtTm>2026-11-28T06:00:00</CreDtTm></GrpHdr>
  <Stmt>
   <Id>20261128-${LENDER_IBAN}</Id>
   <ElctrncSeqNb>332</ElctrncSeqNb>
   <Acct><Id><IBAN>${LENDER_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
   <Ntry>
    <Amt Ccy="EUR">${amount(lines.owed)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
    <BookgDt><Dt>2026-11-28</Dt></BookgDt><AcctSvcrRef>2026112800001</AcctSvcrRef>
    <NtryDtls><TxDtls>
     <RltdPties><Dbtr><Nm>${lines.payer}</Nm></Dbtr></RltdPties>
     <RmtInf><Ustrd>Pago prestamo ${lines.paid.toLowerCase()} gracias</Ustrd></RmtInf>
    </TxDtls></NtryDtls>
   </Ntry>
   <Ntry>
    <Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
    <BookgDt><Dt>2026-11-28</Dt></BookgDt><AcctSvcrRef>2026112800002</AcctSvcrRef>
    <NtryDtls><TxDtls><RmtInf><Ustrd>CR999999999</Ustrd></RmtInf></TxDtls></NtryDtls>
   </Ntry>
   <Ntry>
    <Amt Ccy="EUR">${amount(lines.payoffOwed + 2_000)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
    <BookgDt><Dt>2026-11-28</Dt></BookgDt><AcctSvcrRef>2026112800003</AcctSvcrRef>
    <NtryDtls>
     <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${amount(lines.payoffOwed)}</Amt></TxAmt></AmtDtls>
      <RmtInf><Ustrd>${lines.payoff}</Ustrd></RmtInf></TxDtls>
     <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">20.00</Amt></TxAmt></AmtDtls>
      <RmtInf><Ustrd>${lines.paid} y ${lines.payoff}</Ustrd></RmtInf></TxDtls>
    </NtryDtls>
   </Ntry>
   <Ntry>
    <Amt Ccy="EUR">75.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
    <BookgDt><Dt>2026-11-28</Dt></BookgDt><AcctSvcrRef>2026112800004</AcctSvcrRef>
    <NtryDtls><TxDtls><RmtInf><Ustrd>${lines.paid}</Ustrd></RmtInf></TxDtls></NtryDtls>
   </Ntry>
   <Ntry>
    <Amt Ccy="EUR">50.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts>
    <AcctSvcrRef>2026112800005</AcctSvcrRef>
    <NtryDtls><TxDtls><RmtInf><Ustrd>${lines.paid}</Ustrd></RmtInf></TxDtls></NtryDtls>
   </Ntry>
  </Stmt>
 </BkToCstmrStmt>
</Document>`;
}

describe("incoming transfers from the bank's statement (camt.053)", () => {
  test('each booked credit is applied once to the loan its concept names; the rest is listed unmatched', async () => {
    const [partly, fully] = await activeLoans(30_000, 30_000);
    assert.ok(partly && fully);
    const owedBefore = await owedNow(partly.headers);
    const statement = bankFile(
      bankStatement({
        paid: partly.publicId,
        owed: 10_000,
        payer: 'Ana Garcia',
        payoff: fully.publicId,
        payoffOwed: await owedNow(fully.headers),
      }),
    );
    const lines = await ops('statement', statement);
    assert.equal(lines.at(-1), '2 applied, 2 unmatched, 0 read before, 2 not incoming');
    assert.equal(await owedNow(partly.headers), owedBefore - 10_000);
    assert.equal((await loanOf(fully.loanId)).status, LoanStatus.Returned);
    assert.ok(lines.some((line) => line.includes('CR999999999') && line.includes('no loan CR999999999')));
    assert.ok(lines.some((line) => line.includes('/2') && line.includes('names no single loan')));

    // Read again: nothing applied twice, not a cent moved.
    const ledger = await ledgerSnapshot();
    const again = await ops('statement', statement);
    assert.equal(again.at(-1), '0 applied, 0 unmatched, 4 read before, 2 not incoming');
    assert.deepEqual(await ledgerSnapshot(), ledger);
    assert.equal(await owedNow(partly.headers), owedBefore - 10_000);

    // The operator's list: the unknown and the ambiguous lines, until one is recorded by hand with its key.
    const listed = await unmatchedEntries(db());
    const keys = listed.map((entry) => entry.entry_key);
    assert.ok(keys.includes(`${LENDER_IBAN}:2026112800002`));
    assert.ok(keys.includes(`${LENDER_IBAN}:2026112800003/2`));
    await ops('payment-received', partly.publicId, '2000', `${LENDER_IBAN}:2026112800003/2`);
    assert.ok(!(await unmatchedEntries(db())).some((e) => e.entry_key === `${LENDER_IBAN}:2026112800003/2`));
    assert.equal(await owedNow(partly.headers), owedBefore - 12_000);
  });

  test('a forged reference or a loan not awaiting payment moves no money', async () => {
    const [me] = await activeLoans(30_000);
    assert.ok(me);
    const ledger = await ledgerSnapshot();
    const closed = await db()
      .selectFrom('loans')
      .select('public_id')
      .where('status', '=', LoanStatus.Returned)
      .executeTakeFirstOrThrow();
    const xml = sandboxStatement(LENDER_IBAN, '2026-11-29', [
      { reference: 'FORGED-1', amount: 5_000, concept: 'CR1' },
      { reference: 'FORGED-2', amount: 5_000, concept: `pago ${closed.public_id}` },
      { reference: 'FORGED-3', amount: 5_000, concept: 'sin referencia' },
    ]);
    const lines = await ops('statement', bankFile(xml));
    assert.equal(lines.at(-1), '0 applied, 3 unmatched, 0 read before, 0 not incoming');
    assert.ok(lines.some((line) => line.includes(`loan ${closed.public_id} is not awaiting payment`)));
    assert.deepEqual(await ledgerSnapshot(), ledger);
  });

  test('a statement whose entries do not match its own totals, or of no valid account, is refused whole', async () => {
    const ledger = await ledgerSnapshot();
    const whole = sandboxStatement(LENDER_IBAN, '2026-11-30', [
      { reference: 'SUM-1', amount: 1_000, concept: 'CR100001' },
      { reference: 'SUM-2', amount: 2_000, concept: 'CR100002' },
    ]);
    const cut = whole.replace(/<Ntry>(?:(?!<\/Ntry>)[\s\S])*SUM-2[\s\S]*?<\/Ntry>/, '');
    assert.notEqual(cut, whole);
    await assert.rejects(ops('statement', bankFile(cut)), /TtlCdtNtries says 2 entries, it holds 1/);
    const edited = whole.replace('<Amt Ccy="EUR">20.00</Amt>', '<Amt Ccy="EUR">200.00</Amt>');
    assert.notEqual(edited, whole);
    await assert.rejects(ops('statement', bankFile(edited)), /TtlCdtNtries sums 30.00, its entries 210.00/);
    const elsewhere = whole.replaceAll(LENDER_IBAN, 'ES7921000813610123456780');
    await assert.rejects(ops('statement', bankFile(elsewhere)), /account IBAN is not valid/);
    assert.deepEqual(await ledgerSnapshot(), ledger);
    assert.equal(
      (await db().selectFrom('bank_statement_entries').select('id').where('entry_key', 'like', '%SUM-%').execute())
        .length,
      0,
    );
  });

  test("the sandbox bank's statement of a transfer in is applied like a real one", async () => {
    const [me] = await activeLoans(30_000);
    assert.ok(me);
    const owed = await owedNow(me.headers);
    const xml = (await ops('sandbox-bank-statement', '2500', 'pago', me.publicId)).join('\n');
    assert.match(xml, new RegExp(`<IBAN>${LENDER_IBAN}</IBAN>`));
    const lines = await ops('statement', bankFile(xml));
    assert.equal(lines.at(-1), '1 applied, 0 unmatched, 0 read before, 0 not incoming');
    assert.equal(await owedNow(me.headers), owed - 2_500);
  });

  test('the concept is read as the payment page writes it', () => {
    assert.deepEqual(readPaymentConcept('cr100001 prorroga 7'), { loanReference: 'CR100001', term: 7 });
    assert.deepEqual(readPaymentConcept('Transferencia CR100001'), { loanReference: 'CR100001', term: null });
    assert.equal(readPaymentConcept('CR100001 CR100002'), null);
    assert.equal(readPaymentConcept('recibo 100001'), null);
  });
});

describe('configuration', () => {
  test('the sandbox bank stays the default; the file rail needs the lender account', () => {
    assert.deepEqual(readConfig({}).payoutRail, { provider: 'sandbox' });
    assert.throws(
      () => readConfig({ PAYOUT_PROVIDER: 'sepa-file' }),
      (e) => e instanceof ConfigError && /LENDER_IBAN/.test(e.message),
    );
    assert.throws(
      () => readConfig({ PAYOUT_PROVIDER: 'sepa-file', LENDER_IBAN, LENDER_BIC: 'CAIX' }),
      (e) => e instanceof ConfigError && /LENDER_BIC/.test(e.message),
    );
    assert.throws(() => readConfig({ PAYOUT_PROVIDER: 'wire' }), ConfigError);
    const rail = readConfig({ PAYOUT_PROVIDER: 'sepa-file', LENDER_IBAN: 'es79 2100 0813 6101 2345 6789', LENDER_BIC });
    assert.deepEqual(rail.payoutRail, {
      provider: 'sepa-file',
      debtor: { name: rail.lender.name, iban: LENDER_IBAN, bic: LENDER_BIC },
    });
  });

  test('the bank commands are in the operator command table, reading their file where they run', () => {
    for (const name of ['payouts-file', 'payout-status', 'statement']) assert.ok(OPERATOR_COMMANDS[name], name);
    assert.equal(OPERATOR_COMMANDS.statement?.readsFile, true);
  });
});

describe('npm run ops with the bank files, as an operator types them', () => {
  /** The command line itself, with no API running: it opens its own database, and reads files from where it runs. */
  const cli = (env: NodeJS.ProcessEnv, cwd: string, ...args: string[]) => runOpsCli(env, args, cwd);

  test('payouts-file prints nothing when nothing waits; statement reads a file named from the working folder', async () => {
    const env = {
      PGLITE_DATA_DIR: seedPgliteFolder(path.join(folder, 'cli-data')),
      API_PORT: String(await freePort()),
      PAYOUT_PROVIDER: 'sepa-file',
      LENDER_IBAN,
      LENDER_BIC,
      OPS_OPERATOR: 'carmen',
    };
    const empty = await cli(env, folder, 'payouts-file');
    assert.equal(empty.status, 0, empty.stderr);
    assert.equal(empty.stdout, '');
    writeFileSync(
      path.join(folder, 'camt053-cli.xml'),
      sandboxStatement(LENDER_IBAN, '2026-11-28', [{ reference: 'CLI-1', amount: 1_000, concept: 'CR42' }]),
    );
    const read = await cli(env, folder, 'statement', 'camt053-cli.xml');
    assert.equal(read.status, 0, read.stderr);
    assert.match(read.stdout, /UNMATCHED 10,00\s€ line ES7921000813610123456789:CLI-1 "CR42": no loan CR42\n/);
    assert.match(read.stdout, /0 applied, 1 unmatched, 0 read before, 0 not incoming\n$/);
    const refused = await cli(env, folder, 'statement', 'nowhere.xml');
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /credimo-ops: no file .*nowhere\.xml/);
  });
});

describe("the console's bank page", () => {
  const [AGENT, ADMIN] = SANDBOX_STAFF;

  async function signedIn(member: (typeof SANDBOX_STAFF)[number], from: string) {
    await db()
      .updateTable('staff_accounts')
      .set({ totp_last_step: null })
      .where('username', '=', member.username)
      .execute();
    const response = await fetch(`${api.baseUrl}/console/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'x-forwarded-for': from,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        username: member.username,
        password: member.password,
        code: totpNow(member.totpSecret),
      }),
    });
    assert.equal(response.status, 303);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return (pathname: string, body?: FormData | URLSearchParams) =>
      fetch(`${api.baseUrl}${pathname}`, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie, 'x-forwarded-for': from, ...(body ? { 'sec-fetch-site': 'same-origin' } : {}) },
        body,
      });
  }

  test('an admin makes and downloads the day’s file and uploads the bank’s answer and statement', async () => {
    assert.ok(ADMIN && AGENT);
    const [me] = await payoutsOrdered({ amount: 30_000 });
    assert.ok(me);
    const admin = await signedIn(ADMIN, '172.30.0.1');
    const page = await (await admin('/console/bank')).text();
    assert.match(page, /Transferencias a la espera del fichero: 1 \(300,00/);
    const made = await admin('/console/bank/payout-files', new URLSearchParams());
    const madeText = await made.text();
    assert.equal(made.status, 200, madeText);
    const link = /href="(\/console\/bank\/payout-files\/\d+)"/.exec(madeText)?.[1];
    assert.ok(link, madeText);
    const download = await admin(link);
    assert.equal(download.status, 200);
    assert.match(
      download.headers.get('content-disposition') ?? '',
      /attachment; filename="CRD-\d{8}-[0-9a-f]{8}\.xml"/,
    );
    const xml = await download.text();
    assert.deepEqual(checkCreditTransferFile(xml).summary.endToEndIds, [me.publicId]);
    // Made once: a second press finds nothing waiting.
    assert.match(
      await (await admin('/console/bank/payout-files', new URLSearchParams())).text(),
      /Ninguna transferencia espera fichero/,
    );

    const report = new FormData();
    report.append('file', new Blob([sandboxStatusReport(xml)], { type: 'application/xml' }), 'pain002.xml');
    const reported = await admin('/console/bank/status-reports', report);
    assert.equal(reported.status, 200);
    assert.match(await reported.text(), new RegExp(`${me.publicId}: accepted, paid out`));
    assert.equal((await loanOf(me.loanId)).status, LoanStatus.Active);

    const statement = () => {
      const form = new FormData();
      const xml = sandboxStatement(LENDER_IBAN, '2026-11-30', [
        { reference: 'CONSOLE-1', amount: 1_500, concept: me.publicId, debtorName: 'Ana' },
        { reference: 'CONSOLE-2', amount: 700, concept: 'regalo' },
      ]);
      form.append('file', new Blob([xml], { type: 'application/xml' }), 'camt053.xml');
      return form;
    };
    const owed = await owedNow(me.headers);
    assert.match(
      await (await admin('/console/bank/statements', statement())).text(),
      /1 applied, 1 unmatched, 0 read before/,
    );
    assert.match(
      await (await admin('/console/bank/statements', statement())).text(),
      /0 applied, 0 unmatched, 2 read before/,
    );
    assert.equal(await owedNow(me.headers), owed - 1_500);
    assert.match(await (await admin('/console/bank')).text(), /CONSOLE-2[\s\S]*regalo/);

    const refused = new FormData();
    refused.append('file', new Blob(['<Document/>'], { type: 'application/xml' }), 'x.xml');
    assert.equal((await admin('/console/bank/statements', refused)).status, 422);

    // An agent records payments by hand but does not handle the bank's files.
    const agent = await signedIn(AGENT, '172.30.0.2');
    assert.equal((await agent('/console/bank')).status, 403);
    assert.equal((await agent('/console/bank/payout-files', new URLSearchParams())).status, 403);
  });
});
