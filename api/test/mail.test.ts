import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { formatMoney, wireToDisplayDate } from '@credimo/shared/format';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { wireDay } from '../src/db/dates.js';
import { reminderOn } from '../src/mail/index.js';
import { mailerFor, SandboxMailer, smsProviderFor } from '../src/providers/index.js';
import { SandboxLivenessProvider } from '../src/providers/liveness.js';
import { clockToday, runServicingDay, settlePaymentRequest } from '../src/servicing/index.js';
import { SERVICING_COMMANDS } from '../src/servicing/operator-commands.js';
import { LENDER_ENV, startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

/** A real SMTP server in this process: every message it accepts is parsed back as a mail client would. */
const received: ParsedMail[] = [];
let refuseMail = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (message) => {
        if (refuseMail) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        received.push(message);
        callback();
      },
      (error) => callback(error),
    );
  },
});

let api: TestApi;
const FROM = 'Credimo <clientes@credimo.es>';

const publicIdOf = async (loanId: string) =>
  (
    await api.database.db
      .selectFrom('loans')
      .select(['public_id', 'user_id', 'must_pay_date'])
      .where('id', '=', loanId)
      .executeTakeFirstOrThrow()
  ).public_id;

/** The messages received for one loan (every test customer shares an address, the loan tells them apart). */
const mailsFor = (publicId: string) => received.filter((m) => m.subject?.includes(publicId));

async function waitForMails(publicId: string, count: number, seconds = 20): Promise<ParsedMail[]> {
  const until = Date.now() + seconds * 1000;
  while (mailsFor(publicId).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const found = mailsFor(publicId);
  assert.ok(found.length >= count, `${count} messages for ${publicId}, got ${found.map((m) => m.subject)}`);
  return found;
}

/** Every recorded message of the loan has been dealt with (so nothing more can arrive for it). */
async function waitForDelivery(loanId: string, seconds = 20) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const waiting = await api.database.db
      .selectFrom('customer_mails')
      .select('id')
      .where('loan_id', '=', loanId)
      .where('status', 'in', ['pending', 'sending'])
      .execute();
    if (waiting.length === 0) return;
    assert.ok(Date.now() < until, `messages of loan ${loanId} still waiting`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ops = (name: string, ...args: string[]) =>
  (SERVICING_COMMANDS[name] as (typeof SERVICING_COMMANDS)[string]).run(args, {
    db: api.database.db,
    config: api.config,
    operator: 'test',
  });

describe('email to the customer, through a real SMTP server', () => {
  before(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    api = await startTestApi({
      workers: true,
      env: { TRUST_PROXY: 'true', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: FROM },
    });
  });
  after(async () => {
    await api.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('the signed agreement arrives as a PDF attachment: the very document stored at signing', async () => {
    const me = await customerAt(api, 'signed', { amount: 40_000 });
    const publicId = await publicIdOf(me.loanId);
    const [message] = await waitForMails(publicId, 1);
    assert.equal(message?.subject, `Tu contrato de préstamo ${publicId} firmado`);
    assert.equal(message?.to && 'text' in message.to ? message.to.text : '', 'ana@credimo.es');
    assert.deepEqual(
      message?.from?.value.map((a) => [a.name, a.address]),
      [['Credimo', 'clientes@credimo.es']],
    );
    assert.match(message?.text ?? '', new RegExp(`por ${formatMoney(40_000)}`));
    assert.equal(message?.attachments.length, 1);
    const attachment = message?.attachments[0];
    assert.equal(attachment?.contentType, 'application/pdf');
    assert.equal(attachment?.filename, `Contrato ${publicId}.pdf`);
    assert.equal(attachment?.content.subarray(0, 5).toString('latin1'), '%PDF-');
    const stored = await api.database.db
      .selectFrom('loan_agreements')
      .select('pdf')
      .where('loan_id', '=', me.loanId)
      .where('type', '=', 'agreement')
      .executeTakeFirstOrThrow();
    assert.ok(Buffer.from(stored.pdf).equals(attachment?.content as Buffer), 'the attachment is the signed agreement');
  });

  test('every payment gets a receipt with its amount in euros, once however often the provider calls back', async () => {
    const me = await customerAt(api, 'active', { amount: 40_000 });
    const publicId = await publicIdOf(me.loanId);
    const made = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 15_000 },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const today = await clockToday(api.database.db);
    for (let i = 0; i < 3; i += 1)
      await settlePaymentRequest(api.database.db, made.body.reference, 'paid', 'test-card', today);
    const loan = (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
    await waitForMails(publicId, 2);
    await waitForDelivery(me.loanId);
    const receipts = mailsFor(publicId).filter((m) => m.subject?.startsWith('Recibo'));
    assert.equal(receipts.length, 1, 'three callbacks, one payment, one receipt');
    assert.equal(receipts[0]?.subject, `Recibo de tu pago del préstamo ${publicId}`);
    const text = receipts[0]?.text ?? '';
    assert.ok(text.includes(`Hemos recibido tu pago de ${formatMoney(15_000)}`), text);
    assert.ok(text.includes(`pendiente tras este pago: ${formatMoney(loan.calculations.today.amount)}`), text);
  });

  test('a mail server that refuses never undoes the payment: the receipt waits to be tried again', async () => {
    const me = await customerAt(api, 'active', { amount: 40_000 });
    await waitForDelivery(me.loanId);
    refuseMail = true;
    try {
      const made = await api.request('POST', '/v2/loan/payment-request/generate', {
        headers: me.headers,
        body: { payment_type: 'partial_repay', amount: 5_000 },
      });
      const settled = await settlePaymentRequest(
        api.database.db,
        made.body.reference,
        'paid',
        'test-card',
        await clockToday(api.database.db),
      );
      assert.equal(settled.applied, true);
      const until = Date.now() + 20_000;
      let receipt = await receiptRow(me.loanId);
      while (!receipt?.last_error && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        receipt = await receiptRow(me.loanId);
      }
      assert.equal(receipt?.status, 'pending', 'kept for another try');
      assert.match(receipt?.last_error ?? '', /mailbox unavailable/);
      const paid = await api.database.db
        .selectFrom('loan_payments')
        .select('amount')
        .where('loan_id', '=', me.loanId)
        .executeTakeFirstOrThrow();
      assert.equal(Number(paid.amount), 5_000, 'the money stays applied');
    } finally {
      refuseMail = false;
    }
  });

  test('the withdrawal acknowledgement reaches the inbox', async () => {
    const me = await customerAt(api, 'active', { amount: 40_000 });
    const publicId = await publicIdOf(me.loanId);
    const answer = await api.request('POST', '/v2/loan/withdrawal', { headers: me.headers, body: { confirm: true } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    await api.request('POST', '/v2/loan/withdrawal', { headers: me.headers, body: { confirm: true } });
    await waitForMails(publicId, 2);
    await waitForDelivery(me.loanId);
    const acknowledgements = mailsFor(publicId).filter((m) => m.subject === `Desistimiento del préstamo ${publicId}`);
    assert.equal(acknowledgements.length, 1);
    assert.ok(acknowledgements[0]?.text?.includes(answer.body.acknowledgement));
    assert.ok(answer.body.acknowledgement.includes(formatMoney(answer.body.amount)));
  });

  test('reminders 3 days before, on the due date and the day after, once each though the day runs twice; SMS without an email', async () => {
    const withEmail = await customerAt(api, 'active', { amount: 40_000 });
    const withoutEmail = await customerAt(api, 'active', { amount: 40_000 });
    await waitForDelivery(withEmail.loanId);
    await waitForDelivery(withoutEmail.loanId);
    const loan = await api.database.db
      .selectFrom('loans')
      .select(['public_id', 'user_id', 'must_pay_date'])
      .where('id', '=', withEmail.loanId)
      .executeTakeFirstOrThrow();
    const silent = await api.database.db
      .selectFrom('loans')
      .innerJoin('users', 'users.id', 'loans.user_id')
      .select(['loans.public_id', 'loans.user_id', 'users.mobile_phone'])
      .where('loans.id', '=', withoutEmail.loanId)
      .executeTakeFirstOrThrow();
    await api.database.db
      .updateTable('user_profiles')
      .set({ email: null })
      .where('user_id', '=', silent.user_id)
      .execute();
    const due = wireDay(loan.must_pay_date) as string;
    const dayOf = async () => wireDay(await clockToday(api.database.db)) as string;
    const daysTo = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
    const owedNow = async () =>
      (await api.request('GET', '/v2/loan', { headers: withEmail.headers })).body.calculations.today.amount as number;
    /** Moves the clock to `offset` days from the due date, then runs that day's servicing a second time. */
    const reach = async (offset: number) => {
      await ops('advance-days', String(daysTo(await dayOf(), due) + offset));
      await runServicingDay(api.database.db, await clockToday(api.database.db));
    };
    const owed: number[] = [];
    await reach(-3);
    owed.push(await owedNow());
    await reach(0);
    owed.push(await owedNow());
    await reach(1);
    owed.push(await owedNow());

    // Its signed agreement came earlier: the reminders are the three after it.
    await waitForMails(loan.public_id, 4);
    await waitForDelivery(withEmail.loanId);
    await waitForDelivery(withoutEmail.loanId);
    const reminders = mailsFor(loan.public_id).filter((m) => !m.subject?.startsWith('Tu contrato'));
    const shown = wireToDisplayDate(due);
    assert.deepEqual(
      reminders.map((m) => m.subject),
      [
        `Tu préstamo ${loan.public_id} vence el ${shown}`,
        `Hoy vence tu préstamo ${loan.public_id}`,
        `Tu préstamo ${loan.public_id} venció ayer`,
      ],
    );
    reminders.forEach((m, i) => {
      assert.ok(m.text?.includes(formatMoney(owed[i] as number)), `${m.subject}: ${formatMoney(owed[i] as number)}`);
    });
    assert.ok((owed[2] as number) > (owed[1] as number), 'the day after, late interest is owed too');
    assert.deepEqual(
      mailsFor(silent.public_id).map((m) => m.subject),
      [`Tu contrato de préstamo ${silent.public_id} firmado`],
      'no reminder by email for the customer without one',
    );

    const texts = await api.database.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('phone', '=', silent.mobile_phone)
      .where('body', 'like', `%${silent.public_id}%`)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      texts.map((t) => t.body.replace(/Importe.*$/, '').trim()),
      [
        `Credimo: tu préstamo ${silent.public_id} vence el ${shown}.`,
        `Credimo: hoy vence tu préstamo ${silent.public_id}.`,
        `Credimo: tu préstamo ${silent.public_id} venció el ${shown}.`,
      ],
    );
    const rows = await api.database.db
      .selectFrom('customer_mails')
      .select(['loan_id', 'channel', 'status'])
      .where('kind', '=', 'reminder')
      .where('loan_id', 'in', [withEmail.loanId, withoutEmail.loanId])
      .execute();
    assert.equal(rows.length, 6, 'one reminder per loan, kind and day');
    assert.deepEqual(
      new Set(rows.map((r) => `${String(r.loan_id) === withEmail.loanId ? 'email' : 'sms'}:${r.channel}`)),
      new Set(['email:email', 'sms:sms']),
    );
  });
});

async function receiptRow(loanId: string) {
  return api.database.db
    .selectFrom('customer_mails')
    .select(['status', 'last_error'])
    .where('loan_id', '=', loanId)
    .where('kind', '=', 'receipt')
    .executeTakeFirst();
}

describe('which reminder a day brings', () => {
  test('three days before, on the day and the day after the due date, across months; none on other days', () => {
    assert.equal(reminderOn('2027-03-01', '2027-02-26'), 'before');
    assert.equal(reminderOn('2027-03-01', '2027-03-01'), 'due');
    assert.equal(reminderOn('2026-12-31', '2027-01-01'), 'after');
    for (const day of ['2027-02-25', '2027-02-27', '2027-02-28', '2027-03-03', '2027-03-04'])
      assert.equal(reminderOn('2027-03-01', day), null, day);
  });
});

describe('the mailer a start gets', () => {
  test('the sandbox by default, keeping every message and its attachments in mail_outbox', async () => {
    const test = await startTestApi();
    try {
      const mailer = mailerFor(test.config, test.database.db);
      assert.ok(mailer instanceof SandboxMailer);
      await mailer.send({
        to: 'ana@credimo.es',
        subject: 'Asunto',
        text: 'Texto',
        attachments: [
          { filename: 'a.pdf', contentType: 'application/pdf', content: new TextEncoder().encode('%PDF-1.7') },
        ],
      });
      const kept = await test.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      assert.equal(kept.to_address, 'ana@credimo.es');
      assert.equal(kept.from_address, test.config.lender.email);
      assert.equal(Buffer.from(kept.attachments[0]?.content_base64 ?? '', 'base64').toString(), '%PDF-1.7');
    } finally {
      await test.close();
    }
  });

  test('production refuses to start with the sandbox mailer', async () => {
    const test = await startTestApi();
    const production = {
      PROVIDER_MODE: 'production',
      SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
      RECAPTCHA_SECRET: 'recaptcha-secret',
      METRICS_TOKEN: 'metrics-token',
      ...LENDER_ENV,
      PROVIDER_SECRET_LIVENESS: 'liveness-secret',
    };
    const start = (env: Record<string, string>) => {
      const config = readConfig({ ...production, ...env });
      return buildApp(
        {
          config,
          database: test.database,
          sms: smsProviderFor(config, test.database.db),
          // Past the liveness check, which refuses production first.
          liveness: new SandboxLivenessProvider(test.database.db),
        },
        { logger: false },
      );
    };
    try {
      await assert.rejects(start({}), /needs a mail server: set SMTP_URL/);
      // With a mail server it gets past the mailer (to the next provider production still lacks).
      await assert.rejects(
        start({ SMTP_URL: 'smtp://127.0.0.1:9' }),
        (error: Error) => !/mail server/.test(error.message),
      );
    } finally {
      await test.close();
    }
  });
});
