import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays } from 'date-fns';
import { sql } from 'kysely';
import { readConfig } from '../src/config.js';
import { exportFile, exportView, purgeRetained, RETENTION_YEARS } from '../src/data-rights/index.js';
import { auditQueryOf, readAudit } from '../src/staff/audit-reading.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

let api: TestApi;
type Me = Awaited<ReturnType<typeof customerAt>>;

const userIdOf = async (me: Me) => String((await api.request('GET', '/v2/user', { headers: me.headers })).body.id);
const ledgerTotal = async () => {
  const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
    api.database.db,
  );
  return Number(rows[0]?.total ?? 0);
};

/** Pays the whole loan off through the sandbox Bizum page, as the payments tests do. */
async function payOff(me: Me) {
  const link = await api.request('POST', '/v2/user/link_code', {
    headers: me.headers,
    body: { page: 'bizum_payment' },
  });
  const query = new URLSearchParams({ code: link.body.code, payment_type: 'payoff' });
  const form = await api.request('GET', `/v2/loan/payment/bizum?${query}`);
  assert.equal(form.status, 200, JSON.stringify(form.body));
  const fields = new FormData();
  fields.set('reference', form.body.reference);
  fields.set('phone', '612 345 678');
  fields.set('outcome', 'paid');
  const paid = await fetch(`${api.baseUrl}/sandbox/bizum/confirm`, {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  });
  assert.equal(paid.status, 303);
  const loan = await api.request('GET', '/v2/loan', { headers: me.headers });
  assert.equal(loan.body.status, 3, 'returned');
}

async function readyExport(me: Me) {
  const asked = await api.request('POST', '/v2/user/data_export', { headers: me.headers });
  assert.equal(asked.status, 200, JSON.stringify(asked.body));
  assert.equal(asked.body.status, 'preparing');
  const until = Date.now() + 15_000;
  for (;;) {
    const view = await api.request('GET', '/v2/user/data_export', { headers: me.headers });
    if (view.body.status === 'ready') return view.body;
    assert.ok(Date.now() < until, `the export job did not finish: ${JSON.stringify(view.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the customer's data: export, consents, erasure with retention", () => {
  before(async () => {
    api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
  });
  after(async () => api.close());

  test('the export is built by the job: JSON with every part and a PDF, offered 7 days, then expired', async () => {
    const me = await customerAt(api, 'active');
    const none = await api.request('GET', '/v2/user/data_export', { headers: me.headers });
    assert.deepEqual(none.body, { status: 'none', requested_at: null, expires_at: null, files: [] });
    const ready = await readyExport(me);
    const offered = new Date(ready.expires_at).getTime() - Date.now();
    assert.ok(Math.abs(offered - 7 * 86_400_000) < 60_000, 'offered for 7 days');
    assert.deepEqual(
      ready.files.map((f: { format: string; link: string }) => [f.format, f.link]),
      [
        ['json', '/v2/user/data_export/json'],
        ['pdf', '/v2/user/data_export/pdf'],
      ],
    );

    const inbox = await api.request('GET', '/v2/notifications/inbox', { headers: me.headers });
    assert.ok(
      inbox.body.some((n: { message: string }) => n.message.startsWith('Tu copia de datos está lista')),
      'the customer is told it is ready',
    );

    const json = await api.request('GET', '/v2/user/data_export/json', { headers: me.headers });
    assert.equal(json.status, 200);
    assert.match(String(json.headers.get('content-type')), /application\/json/);
    const data = json.body;
    assert.equal(data.customer.mobile_phone, me.phone);
    assert.equal(data.profile.first_name, 'Ana');
    assert.equal(data.profile.birthday, '1990-05-05');
    assert.equal(data.employment.income_amount, 200_000);
    assert.equal(data.contacts[0].number, '634567812');
    const loan = (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
    assert.deepEqual(
      data.loans.map((l: { public_id: string; request_amount: number }) => [l.public_id, l.request_amount]),
      [[loan.public_id, 50_000]],
    );
    assert.ok(data.documents.length >= 2, 'the identity documents are listed');
    assert.ok(data.sessions.length >= 1 && data.sessions[0].kind === 'customer');
    assert.ok(Array.isArray(data.notifications) && Array.isArray(data.payments) && Array.isArray(data.consents));

    const pdf = await fetch(`${api.baseUrl}/v2/user/data_export/pdf`, { headers: me.headers });
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );

    const other = await customerAt(api, 'registered');
    assert.equal((await api.request('GET', '/v2/user/data_export/json', { headers: other.headers })).status, 404);

    const userId = await userIdOf(me);
    const later = addDays(new Date(), 8);
    assert.equal((await exportView(api.database.db, userId, later)).status, 'expired');
    await assert.rejects(exportFile(api.database.db, userId, 'json', later), { statusCode: 410 });
  });

  test('consents are listed with text version and date; marketing can be withdrawn there', async () => {
    const me = await customerAt(api, 'registered');
    const given = await api.request('PUT', '/v2/user/confirmations', {
      headers: me.headers,
      body: { all_confirmations: true, receiveInformation: true },
    });
    assert.equal(given.status, 200, JSON.stringify(given.body));
    const before = await api.request('GET', '/v2/user/consents', { headers: me.headers });
    assert.equal(before.body.marketing, true);
    assert.deepEqual(
      before.body.history
        .map((c: { kind: string; accepted: boolean; text_version: string }) => [c.kind, c.accepted])
        .sort(),
      [
        ['agreementTerms', true],
        ['privacyProtectionPolicy', true],
        ['receiveInformation', true],
      ],
    );
    assert.ok(before.body.history.every((c: { text_version: string; at: string }) => c.text_version && c.at));
    const withdrawn = await api.request('POST', '/v2/user/consents/marketing/withdraw', { headers: me.headers });
    assert.equal(withdrawn.status, 200);
    assert.equal(withdrawn.body.marketing, false);
    assert.deepEqual(
      [withdrawn.body.history[0].kind, withdrawn.body.history[0].accepted, withdrawn.body.history.length],
      ['receiveInformation', false, 4],
    );
    const user = await api.database.db
      .selectFrom('users')
      .select('agree_marketing')
      .where('id', '=', await userIdOf(me))
      .executeTakeFirstOrThrow();
    assert.equal(user.agree_marketing, false);
  });

  test('erasure is refused while a loan is open; once closed, personal data goes and the law-kept records stay locked until the retention job', async () => {
    const me = await customerAt(api, 'active');
    const userId = await userIdOf(me);
    const refused = await api.request('POST', '/v2/user/erasure', { headers: me.headers, body: { confirm: true } });
    assert.equal(refused.status, 409);
    assert.match(refused.body.errors[0].message, /préstamo abierto/);

    await payOff(me);
    const db = api.database.db;
    const ledgerBefore = await ledgerTotal();
    const loanId = (await db.selectFrom('loans').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow())
      .id;
    const paymentsBefore = (await db.selectFrom('loan_payments').select('id').where('loan_id', '=', loanId).execute())
      .length;
    const personalId = (
      await db.selectFrom('user_profiles').select('personal_id').where('user_id', '=', userId).executeTakeFirstOrThrow()
    ).personal_id;

    const unconfirmed = await api.request('POST', '/v2/user/erasure', { headers: me.headers, body: {} });
    assert.equal(unconfirmed.status, 422);
    const erased = await api.request('POST', '/v2/user/erasure', { headers: me.headers, body: { confirm: true } });
    assert.equal(erased.status, 200, JSON.stringify(erased.body));
    const until = new Date(erased.body.retained_until);
    assert.equal(until.getUTCFullYear() - new Date(erased.body.erased_at).getUTCFullYear(), RETENTION_YEARS);

    // Erased now: sign-in, profile, contact data, the IBAN on the loan.
    assert.equal((await api.request('GET', '/v2/user', { headers: me.headers })).status, 401);
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    assert.equal(user.mobile_phone, `erased:${userId}`);
    assert.equal(user.is_blocked, true);
    for (const table of ['user_profiles', 'user_addresses', 'user_employment', 'user_contacts', 'consents'] as const)
      assert.equal((await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length, 0);
    const loan = await db
      .selectFrom('loans')
      .select(['iban', 'status'])
      .where('id', '=', loanId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(loan, { iban: null, status: 3 });

    // Kept, locked: loans, payments, ledger, identity evidence and the identification.
    assert.equal(
      (await db.selectFrom('loan_payments').select('id').where('loan_id', '=', loanId).execute()).length,
      paymentsBefore,
    );
    assert.equal(await ledgerTotal(), ledgerBefore);
    assert.ok((await db.selectFrom('documents').select('id').where('user_id', '=', userId).execute()).length >= 2);
    const kept = await db
      .selectFrom('data_erasures')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    assert.equal(kept.identity.personal_id, personalId);

    // Staff see it in the console's audit, found by its action.
    const audited = await readAudit(db, auditQueryOf({ action: 'data_erasure' }));
    assert.deepEqual(
      audited.rows
        .filter((row) => row.subject === `user:${userId}`)
        .map((row) => [row.actor, row.action, row.detail.retained_until]),
      [[`customer:${userId}`, 'data_erasure', erased.body.retained_until]],
    );

    // The same phone signing in again is a new customer, not the erased one.
    const again = await customerAt(api, 'registered');
    assert.notEqual(await userIdOf(again), userId);

    // Not due: nothing erased. Due: evidence, identification and agreements go; the figures stay.
    await purgeRetained(db, null, addDays(until, -1));
    assert.ok((await db.selectFrom('documents').select('id').where('user_id', '=', userId).execute()).length >= 2);
    assert.equal(await purgeRetained(db, null, addDays(until, 1)), 1);
    assert.equal((await db.selectFrom('documents').select('id').where('user_id', '=', userId).execute()).length, 0);
    assert.equal(
      (await db.selectFrom('loan_agreements').select('id').where('loan_id', '=', loanId).execute()).length,
      0,
    );
    const purged = await db
      .selectFrom('data_erasures')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(purged.identity, {});
    assert.ok(purged.purged_at);
    assert.equal(
      (await db.selectFrom('loan_payments').select('id').where('loan_id', '=', loanId).execute()).length,
      paymentsBefore,
    );
    assert.equal(await ledgerTotal(), ledgerBefore);
    assert.equal(await purgeRetained(db, null, addDays(until, 2)), 0, 'run again: nothing left to do');
  });

  test('the export days and the retention years are configured; retention is never shorter than the law', () => {
    assert.deepEqual(readConfig({}).dataRights, { exportDays: 7, retentionYears: 10 });
    assert.deepEqual(readConfig({ DATA_EXPORT_DAYS: '3', DATA_RETENTION_YEARS: '12' }).dataRights, {
      exportDays: 3,
      retentionYears: 12,
    });
    assert.throws(() => readConfig({ DATA_RETENTION_YEARS: '5' }), /DATA_RETENTION_YEARS/);
    assert.throws(() => readConfig({ DATA_EXPORT_DAYS: '0' }), /DATA_EXPORT_DAYS/);
  });
});
