import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inflateSync } from 'node:zlib';
import { type CompactPrices, expandPrices } from '@credimo/shared/contract';
import { dueDate, LoanStatus } from '@credimo/shared/domain';
import { formatDecimal, formatMoney, formatWireDate, wireToDisplayDate } from '@credimo/shared/format';
import { sql } from 'kysely';
import { SANDBOX_LENDER } from '../src/config.js';
import { documentHtml, documentLayout } from '../src/documents/index.js';
import { clockToday } from '../src/domain/clock.js';
import { offerFor } from '../src/pricing/offer.js';
import { type LoanWithParts, loanParts, loanViewContext, loanViewOf } from '../src/views/loan.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, sendRequiredFiles, waitForStatus } from './origination-path.js';

let api: TestApi;

before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true', SANDBOX_DECISION_DELAY_SECONDS: '0' } });
});
after(() => api.close());

/** What a customer reads: a commission, a total, a TAE and a due date, as the pages print them. */
interface Figures {
  commission: string;
  total: string;
  tae: string;
  due: string;
}

const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();
const money = (cents: number) => spaces(formatMoney(cents));
const percent = (tae: number) => spaces(`${formatDecimal(tae, 1)} %`);

/** The labelled rows of a document as HTML (`<th scope="row">label</th><td>value</td>`). */
function htmlRows(html: string): Map<string, string> {
  return new Map(
    [...html.matchAll(/<th[^>]*>([^<]*)<\/th><td>([^<]*)<\/td>/g)].map((m) => [spaces(m[1] ?? ''), spaces(m[2] ?? '')]),
  );
}

/** The text lines of a PDF made by the documents room (pdf-lib: flate streams, WinAnsi hex strings). */
function pdfLines(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const lines: string[] = [];
  for (const stream of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      lines.push(
        spaces(
          Buffer.from(shown[1] ?? '', 'hex')
            .toString('latin1')
            .replace(/\x80/g, '€'),
        ),
      );
  }
  return lines;
}

/** A PDF's rows: each label line is followed by its value line. */
function pdfRows(pdf: Uint8Array): Map<string, string> {
  const lines = pdfLines(pdf);
  return new Map(lines.map((line, i) => [line, lines[i + 1] ?? '']));
}

const commissionOf = (text: string | undefined) => (text ?? '').replace(' (primer préstamo gratuito)', '');

/** The calculator: the price table this customer's calculator reads (with the code), and the shared due date. */
async function calculatorFigures(headers: Record<string, string>, term: number, amount: number, code?: string) {
  const answer = await api.request('GET', `/v2/products/1/prices${code ? `?discount=${code}` : ''}`, { headers });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const option = expandPrices(answer.body as CompactPrices)[term]?.[amount];
  assert.ok(option, `the calculator offers ${amount} for ${term} days`);
  return {
    figures: {
      commission: money(option.commissions.total),
      total: money(option.return_amount),
      tae: percent(option.tae),
      due: wireToDisplayDate(dueDate(term)),
    },
    isFree: option.is_free,
  };
}

/** The SECCI as the customer's browser fetches it (with their session and the code they entered). */
async function secciFigures(headers: Record<string, string>, term: number, amount: number, code?: string) {
  const answer = await api.request(
    'GET',
    `/v2/products/1/prices/${term}/${amount}/offer/html${code ? `?discount=${code}` : ''}`,
    {
      headers,
    },
  );
  assert.equal(answer.status, 200, String(answer.body));
  const rows = htmlRows(String(answer.body));
  return {
    commission: commissionOf(rows.get('Comisión')),
    total: rows.get('Importe total adeudado') ?? '',
    tae: rows.get('Tasa anual equivalente (TAE)') ?? '',
    due: /vencimiento el (\d{2}\/\d{2}\/\d{4})/.exec(rows.get('Duración del contrato de crédito') ?? '')?.[1] ?? '',
  };
}

const loanFigures = (loan: { commission: number; return_amount: number; tae: number }, due: string): Figures => ({
  commission: money(loan.commission),
  total: money(loan.return_amount),
  tae: percent(loan.tae),
  due: wireToDisplayDate(due),
});

/** The signed agreement as the account opens it: its link fetched with the customer's session. */
async function agreementFigures(headers: Record<string, string>) {
  const { body: loan } = await api.request('GET', '/v2/loan', { headers });
  const link = loan.agreements?.[0]?.link;
  assert.ok(link, 'the signed loan has an agreement');
  const response = await fetch(`${api.baseUrl}${link}`, { headers });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/pdf');
  const rows = pdfRows(new Uint8Array(await response.arrayBuffer()));
  return {
    commission: rows.get('Comisión') ?? '',
    total: rows.get('Importe total a devolver') ?? '',
    tae: rows.get('Tasa anual equivalente (TAE)') ?? '',
    due: rows.get('Fecha de vencimiento') ?? '',
  };
}

async function signAndPayOut(headers: Record<string, string>) {
  await sendRequiredFiles(api, headers);
  const code = await api.request('POST', '/v2/loan/sign_send', { headers });
  assert.equal(code.status, 200, JSON.stringify(code.body));
  const signed = await api.request('POST', '/v2/loan/sign', {
    headers,
    body: { code: code.headers.get('x-sms-code') },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  const skipped = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
    headers,
    body: { autodebit_enabled: false },
  });
  assert.equal(skipped.status, 200, JSON.stringify(skipped.body));
  const issued = await api.request('POST', '/v2/loan/issuance', { headers });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  return waitForStatus(api, headers, [LoanStatus.Active]);
}

/** A customer who borrowed and repaid once: their next loan is a repeat loan. */
async function repeatCustomer() {
  const me = await customerAt(api, 'active', { amount: 10_000 });
  const db = api.database.db;
  await db.updateTable('loans').set({ status: LoanStatus.Returned }).where('id', '=', me.loanId).execute();
  // The first loan's signing code was sent minutes ago in the customer's life: the resend wait is over.
  await sql`update sms_codes set created_at = now() - interval '1 hour' where phone = ${me.phone}`.execute(db);
  return me;
}

async function applyFor(headers: Record<string, string>, term: number, amount: number, code?: string) {
  const applied = await api.request('POST', '/v2/loan', {
    headers,
    body: {
      loan_period: term,
      loan_sum: amount,
      attempt_reference: `figures-${term}-${amount}-${Date.now()}`,
      method_of_disbursement: 1,
      iban: 'ES9121000418450200051332',
      ...(code ? { promocode: code } : {}),
    },
  });
  assert.equal(applied.status, 201, JSON.stringify(applied.body));
}

/**
 * Every place reads the same figures: the calculator (the shared price table and due date), the SECCI before
 * applying, the signing page's data and the SECCI it links to, the signed agreement and the account.
 */
async function assertOneSetOfFigures(
  start: () => Promise<{ headers: Record<string, string> }>,
  apply: (headers: Record<string, string>) => Promise<void>,
  choice: { term: number; amount: number; code?: string },
  expectFree: boolean,
) {
  const { term, amount, code } = choice;
  const me = await start();
  const calculator = await calculatorFigures(me.headers, term, amount, code);
  assert.equal(calculator.isFree, expectFree, 'the calculator says whether the loan is free');
  assert.deepEqual(await secciFigures(me.headers, term, amount, code), calculator.figures, 'the SECCI before applying');
  await apply(me.headers);
  const signable = await waitForStatus(api, me.headers, [LoanStatus.AwaitingSignContract]);
  assert.deepEqual(loanFigures(signable, signable.predicted_must_pay_date), calculator.figures, 'the signing page');
  assert.deepEqual(await secciFigures(me.headers, term, amount), calculator.figures, "the signing page's SECCI");
  const active = await signAndPayOut(me.headers);
  assert.deepEqual(await agreementFigures(me.headers), calculator.figures, 'the signed agreement');
  assert.deepEqual(loanFigures(active, active.must_pay_date), calculator.figures, 'the account');
  return calculator.figures;
}

describe('one set of figures: calculator, SECCI, signing page, agreement and account agree', () => {
  test('a first loan within the free amount: no commission anywhere, TAE 0 %', async () => {
    const figures = await assertOneSetOfFigures(
      () => customerAt(api, 'registered'),
      (headers) => applyFor(headers, 20, 30_000),
      { term: 20, amount: 30_000 },
      true,
    );
    assert.equal(figures.commission, money(0));
    assert.equal(figures.tae, percent(0));
  });

  test('a first loan above the free amount pays the commission, the same everywhere', async () => {
    const figures = await assertOneSetOfFigures(
      () => customerAt(api, 'registered'),
      (headers) => applyFor(headers, 20, 40_000),
      { term: 20, amount: 40_000 },
      false,
    );
    assert.notEqual(figures.commission, money(0));
  });

  test('a first loan above the free amount with a promo code: the discounted commission everywhere', async () => {
    const without = await calculatorFigures({}, 20, 40_000);
    const figures = await assertOneSetOfFigures(
      () => customerAt(api, 'registered'),
      (headers) => applyFor(headers, 20, 40_000, 'CREDIMO10'),
      { term: 20, amount: 40_000, code: 'CREDIMO10' },
      false,
    );
    assert.notEqual(figures.commission, without.figures.commission, 'the code lowers the commission');
  });

  test('a repeat loan within the free amount is not free: the commission everywhere', async () => {
    const figures = await assertOneSetOfFigures(
      repeatCustomer,
      (headers) => applyFor(headers, 30, 30_000),
      { term: 30, amount: 30_000 },
      false,
    );
    assert.notEqual(figures.commission, money(0));
  });

  test('a repeat loan with a promo code, at an amount and term an agent chose', async () => {
    await assertOneSetOfFigures(
      repeatCustomer,
      (headers) => applyFor(headers, 13, 37_000, 'CREDIMO10'),
      { term: 13, amount: 37_000, code: 'CREDIMO10' },
      false,
    );
  });
});

describe('Madrid dates: at 23:30 UTC it is 00:30 of the next day in Madrid, and so for every date the customer reads', () => {
  const lateEvening = new Date('2026-11-27T23:30:00Z');

  test('the servicing clock, the SECCI and the calculator take Madrid’s day: 20 days from 28/11 is 18/12', async () => {
    const db = api.database.db;
    assert.equal(formatWireDate(await clockToday(db, lateEvening)), '2026-11-28');
    const offer = await offerFor(db, { productId: 1, term: 20, amount: 30_000 }, { userId: null }, lateEvening);
    assert.equal(offer.dueDate, '2026-12-18');
    assert.match(documentHtml(documentLayout('secci', offer, SANDBOX_LENDER)), /vencimiento el 18\/12\/2026/);
    assert.equal(dueDate(20, lateEvening), '2026-12-18', 'the calculator’s shared due date');
    // An hour earlier it is still 27/11 in Madrid (23:30 there).
    const offerBefore = await offerFor(
      db,
      { productId: 1, term: 20, amount: 30_000 },
      { userId: null },
      new Date('2026-11-27T22:30:00Z'),
    );
    assert.equal(offerBefore.dueDate, '2026-12-17');
  });

  test('the signing page’s predicted due date and the days left count on Madrid’s day', async () => {
    const me = await customerAt(api, 'signable', { amount: 30_000, term: 20 });
    const db = api.database.db;
    const row = await db
      .selectFrom('loans')
      .selectAll('loans')
      .select(loanParts)
      .where('loans.id', '=', me.loanId)
      .executeTakeFirstOrThrow();
    const context = { ...(await loanViewContext(db, 0)), now: lateEvening.getTime() };
    const { view, changesAt } = loanViewOf(row as LoanWithParts, context);
    assert.equal(view.predicted_must_pay_date, '2026-12-18');
    // The view changes when Madrid's day does: midnight in Madrid is 23:00 UTC in winter.
    assert.equal(new Date(changesAt).toISOString(), '2026-11-28T23:00:00.000Z');
    assert.equal(
      loanViewOf(row as LoanWithParts, { ...context, now: Date.parse('2026-11-28T22:59:00Z') }).view
        .predicted_must_pay_date,
      '2026-12-18',
    );
  });
});
