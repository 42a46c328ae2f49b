import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { createRedsysAPI, serializeAndSignJSONRequest } from 'redsys-easy';
import { ConfigError, readConfig } from '../src/config.js';
import { requireRealPayments } from '../src/providers/payments.js';
import { RedsysCardCharger, RedsysGateway } from '../src/providers/redsys.js';
import { FAKE_REDSYS_CARDS, FakeRedsys, redsysOrderKey, redsysSignature } from '../src/sandbox/redsys-fake.js';
import { runServicingDay } from '../src/servicing/index.js';
import { LENDER_ENV, startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

/** Redsys's shared test terminal: its published merchant code, terminal and key. */
const TERMINAL = { merchantCode: '999008881', terminal: '1', secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' };
// 400 EUR for 30 days: commission 400 × 1.00 % × 30 = 120 EUR.
const AMOUNT = 40_000;
const TOTAL = AMOUNT + 12_000;

describe('HMAC_SHA256_V1 against known answers', () => {
  test("Redsys's reference example of a payment request (its PHP API's ejemploGeneraPet, its sample key)", () => {
    const key = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
    const request = {
      DS_MERCHANT_AMOUNT: '145',
      DS_MERCHANT_ORDER: '1447961844',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '871',
      DS_MERCHANT_MERCHANTURL: '',
      DS_MERCHANT_URLOK: '',
      DS_MERCHANT_URLKO: '',
    } as const;
    const parameters =
      'eyJEU19NRVJDSEFOVF9BTU9VTlQiOiIxNDUiLCJEU19NRVJDSEFOVF9PUkRFUiI6IjE0NDc5NjE4NDQiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9DVVJSRU5DWSI6Ijk3OCIsIkRTX01FUkNIQU5UX1RSQU5TQUNUSU9OVFlQRSI6IjAiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6Ijg3MSIsIkRTX01FUkNIQU5UX01FUkNIQU5UVVJMIjoiIiwiRFNfTUVSQ0hBTlRfVVJMT0siOiIiLCJEU19NRVJDSEFOVF9VUkxLTyI6IiJ9';
    const signature = 'Ejse86yr96Xbr1mf6UvQLoTPwwTyFiLXM+2uT09i9nY=';
    assert.equal(redsysOrderKey(key, '1447961844').toString('base64'), '38t5Zm5RjlVHNycd8Nutcg==');
    // The library the API signs with, and the fake's own code, both give the published answer.
    assert.deepEqual(serializeAndSignJSONRequest(key, request), {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: parameters,
      Ds_Signature: signature,
    });
    assert.equal(redsysSignature(key, '1447961844', parameters), signature);
  });

  test("the manual's example data (HMAC SHA256 integration guide) with the test terminal's key", () => {
    // The order's key, as other implementations of the same guide give it.
    assert.equal(redsysOrderKey(TERMINAL.secretKey, '1234567890').toString('base64'), 'ntVrJPxp2xlsetWVajPl0g==');
    assert.equal(redsysOrderKey(TERMINAL.secretKey, '0').toString('base64'), 'Qyx5NZhbucY=');
  });

  test("notifications: the PHP API's example and one Redsys's test gateway sent, verified by the API's gateway", () => {
    const example = new RedsysGateway({
      ...TERMINAL,
      terminal: '871',
      secretKey: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev',
      url: 'https://sis-t.redsys.es:25443',
      notificationUrl: 'https://example.es/n',
    });
    const published = {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters:
        'eyJEc19EYXRlIjoiMDklMkYxMSUyRjIwMTUiLCJEc19Ib3VyIjoiMTglM0EwMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTQ1IiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwNjkiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6Ijg3MSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDgyMTUwIn0=',
      Ds_Signature: '6DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=',
    };
    const answer = example.notification(published);
    assert.equal(answer?.Ds_Order, '0069');
    assert.equal(answer?.Ds_Date, '09/11/2015', 'URL-encoded values are decoded');
    assert.equal(answer?.Ds_Response, '0000');
    assert.equal(
      redsysSignature('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', '0069', published.Ds_MerchantParameters)
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
      published.Ds_Signature,
    );
    // One flipped character of the signature, or of the parameters, and nothing is believed.
    assert.equal(
      example.notification({ ...published, Ds_Signature: published.Ds_Signature.replace('6DV', '6DW') }),
      null,
    );
    assert.equal(
      example.notification({
        ...published,
        Ds_MerchantParameters: published.Ds_MerchantParameters.replace('MTQ1', 'MTQ2'),
      }),
      null,
    );
    assert.equal(example.notification({ ...published, Ds_SignatureVersion: 'HMAC_SHA512_V2' }), null);
    // Signed right, but for another terminal of the same merchant: not ours.
    assert.equal(
      new RedsysGateway({
        ...TERMINAL,
        secretKey: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev',
        url: 'https://sis-t.redsys.es:25443',
        notificationUrl: 'https://example.es/n',
      }).notification(published),
      null,
    );

    // A notification Redsys's test gateway sent for terminal 1 of 999008881 (redsys-easy's recorded fixture).
    const sandbox = new RedsysGateway({
      ...TERMINAL,
      url: 'https://sis-t.redsys.es:25443',
      notificationUrl: 'https://example.es/n',
    });
    const recorded = sandbox.notification({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters:
        'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=',
      Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
    });
    assert.equal(recorded?.Ds_Order, '0726qI3H7sZx');
    assert.equal(recorded?.Ds_Amount, '4999');
  });

  test('the fake signs its answers as the library verifies them, and refuses what the library did not sign', () => {
    const api = createRedsysAPI({
      secretKey: TERMINAL.secretKey,
      urls: { redirect: 'x', restTrataPeticion: 'x', restIniciaPeticion: 'x' },
    });
    const form = api.createRedirectForm({
      DS_MERCHANT_ORDER: '1234abcd',
      DS_MERCHANT_AMOUNT: '999',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTCODE: TERMINAL.merchantCode,
      DS_MERCHANT_TERMINAL: TERMINAL.terminal,
    });
    assert.equal(
      redsysSignature(TERMINAL.secretKey, '1234abcd', form.body.Ds_MerchantParameters),
      form.body.Ds_Signature,
    );
  });
});

/** The hidden fields and action of the one form of a page. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[input[1] as string] = (input[2] as string).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

/** A browser's form post (urlencoded), without following the redirect. */
async function post(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

describe('PAYMENTS_PROVIDER=redsys against the local Redsys', () => {
  let api: TestApi;
  let fake: FakeRedsys;
  before(async () => {
    fake = await FakeRedsys.start(TERMINAL);
    api = await startTestApi({
      workers: true,
      env: {
        TRUST_PROXY: 'true',
        PAYMENTS_PROVIDER: 'redsys',
        REDSYS_MERCHANT_CODE: TERMINAL.merchantCode,
        REDSYS_TERMINAL: TERMINAL.terminal,
        REDSYS_SECRET_KEY: TERMINAL.secretKey,
        REDSYS_URL: fake.url,
      },
    });
    // The API listens on a port chosen at start: Redsys notifies it there.
    fake.notificationOrigin = api.baseUrl;
  });
  after(async () => {
    await api?.close();
    await fake?.close();
  });

  type Me = Awaited<ReturnType<typeof customerAt>>;
  const loanOf = async (me: Me) => (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
  const onApi = (link: string) => {
    const url = new URL(link, api.baseUrl);
    return `${api.baseUrl}${url.pathname}${url.search}`;
  };
  const ledgerTotal = async () => {
    const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
      api.database.db,
    );
    return Number(rows[0]?.total ?? 0);
  };
  const paymentsOf = async (loanId: string) =>
    (
      await api.database.db
        .selectFrom('loan_payments')
        .select(['amount', 'channel'])
        .where('loan_id', '=', loanId)
        .execute()
    ).map((payment) => ({ amount: Number(payment.amount), channel: payment.channel }));

  /** Our page's signed form, posted to Redsys as the browser's script does: Redsys's page back. */
  async function toGateway(bridge: Response) {
    assert.equal(bridge.status, 200);
    assert.match(bridge.headers.get('content-security-policy') ?? '', new RegExp(`form-action ${fake.url}`));
    const form = formOf(await bridge.text());
    assert.equal(form.action, `${fake.url}/sis/realizarPago`);
    assert.deepEqual(Object.keys(form.fields).sort(), ['Ds_MerchantParameters', 'Ds_Signature', 'Ds_SignatureVersion']);
    const params = JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters ?? '', 'base64').toString());
    const page = await post(form.action, form.fields);
    assert.equal(page.status, 200, page.text);
    const session = /name="session" value="([0-9a-f]+)"/.exec(page.text)?.[1] ?? '';
    return { params, page: page.text, session };
  }

  /** The customer's choice on Redsys's page: where the browser is sent back to. */
  async function decide(session: string, decision: 'pay' | 'cancel', extra: Record<string, string> = {}) {
    const answer = await post(`${fake.url}/sis/decision`, { session, decision, ...extra });
    assert.equal(answer.status, 303);
    return new URL(answer.location ?? '');
  }

  test('a card repayment: our page posts the signed form, Redsys notifies, the payment lands once', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const made = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 15_000 },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(new URL(made.body.payment_link).pathname, '/v2/providers/redsys/checkout');
    const { params, page, session } = await toGateway(await fetch(onApi(made.body.payment_link)));
    assert.equal(params.DS_MERCHANT_AMOUNT, '15000');
    assert.equal(params.DS_MERCHANT_CURRENCY, '978');
    assert.equal(params.DS_MERCHANT_PAYMETHODS, 'C');
    assert.equal(
      params.DS_MERCHANT_MERCHANTURL,
      new URL('/v2/providers/redsys/notification', api.config.publicUrl).toString(),
    );
    assert.match(page, /150,00 €/);
    const back = await decide(session, 'pay');
    assert.equal(`${back.origin}${back.pathname}`, new URL('/account', api.config.appUrl).toString());
    assert.equal(fake.notifications.at(-1)?.status, 200);
    const loan = await loanOf(me);
    assert.equal(loan.has_pending_payment, false);
    assert.equal(loan.calculations.today.amount, TOTAL - 15_000);
    assert.deepEqual(await paymentsOf(me.loanId), [{ amount: 15_000, channel: 'card' }]);
    assert.equal(await ledgerTotal(), 0);
    // The request is paid: its link no longer leads to the gateway.
    assert.equal((await fetch(onApi(made.body.payment_link))).status, 404);
  });

  test('refused (0190) and cancelled (9915) payments send the browser to the retry screen and take nothing', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    for (const [decision, extra, code] of [
      ['pay', { number: FAKE_REDSYS_CARDS.refused }, '0190'],
      ['cancel', {}, '9915'],
    ] as const) {
      const made = await api.request('POST', '/v2/loan/payment-request/generate', {
        headers: me.headers,
        body: { payment_type: 'partial_repay', amount: 5_000 },
      });
      const { session } = await toGateway(await fetch(onApi(made.body.payment_link)));
      const back = await decide(session, decision, extra);
      assert.equal(`${back.origin}${back.pathname}`, new URL('/account/payment/failed', api.config.appUrl).toString());
      assert.equal(fake.notifications.at(-1)?.response, code);
      const loan = await loanOf(me);
      assert.equal(loan.has_pending_payment, false, 'the loan is free for another try');
      assert.equal(loan.calculations.today.amount, TOTAL);
    }
    assert.deepEqual(await paymentsOf(me.loanId), []);
  });

  test('an extension paid at Redsys moves the due date (Extended 20)', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const activated = await api.request('POST', '/v2/loan/activate_extension', {
      headers: me.headers,
      body: { term: 7 },
    });
    assert.equal(activated.status, 200, JSON.stringify(activated.body));
    const { params, session } = await toGateway(await fetch(onApi(activated.body.payment_link)));
    assert.equal(Number(params.DS_MERCHANT_AMOUNT), activated.body.cost);
    await decide(session, 'pay');
    const loan = await loanOf(me);
    assert.equal(loan.status, 20);
    assert.equal(loan.must_pay_date, activated.body.next_pay_date);
    assert.equal(await ledgerTotal(), 0);
  });

  test('Bizum (pay method z): the form post reaches Redsys with Bizum only; a payoff ends Returned 3', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const code = await api.request('POST', '/v2/user/link_code', {
      headers: me.headers,
      body: { page: 'bizum_payment' },
    });
    const query = new URLSearchParams({ code: code.body.code, payment_type: 'payoff' });
    const form = await api.request('GET', `/v2/loan/payment/bizum?${query}`);
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(new URL(form.body.actionUrl).pathname, '/v2/providers/redsys/checkout');
    // The app posts the fields as a multipart form (exit.post).
    const body = new FormData();
    for (const [name, value] of Object.entries(form.body.fields as Record<string, string>)) body.set(name, value);
    const { params, page, session } = await toGateway(
      await fetch(onApi(form.body.actionUrl), { method: 'POST', body }),
    );
    assert.equal(params.DS_MERCHANT_PAYMETHODS, 'z');
    assert.equal(params.DS_MERCHANT_AMOUNT, String(TOTAL));
    assert.match(page, /Pago con Bizum/);
    await decide(session, 'pay', { phone: '612345678' });
    assert.equal(fake.notifications.at(-1)?.params.Ds_ProcessedPayMethod, '68');
    const loan = await loanOf(me);
    assert.equal(loan.status, 3);
    assert.deepEqual(await paymentsOf(me.loanId), [{ amount: TOTAL, channel: 'bizum' }]);
  });

  test('a notification replayed, forged, of another amount or of an order we never made changes nothing', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const made = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 5_000 },
    });
    const { params, session } = await toGateway(await fetch(onApi(made.body.payment_link)));
    const order = params.DS_MERCHANT_ORDER as string;
    const notify = (fields: Record<string, string>) => post(`${api.baseUrl}/v2/providers/redsys/notification`, fields);
    const answer = (changes: Record<string, string>) =>
      fake.signed({
        Ds_Amount: '5000',
        Ds_Currency: '978',
        Ds_Order: order,
        Ds_MerchantCode: TERMINAL.merchantCode,
        Ds_Terminal: '001',
        Ds_Response: '0000',
        Ds_TransactionType: '0',
        ...changes,
      });

    // Forged: signed with another key, or the parameters changed after signing.
    const forged = await notify(new FakeRedsysSigner('Mk9m98IfEblmPfrpsawt7BmxObt98Jev').signed(answer({}), order));
    assert.equal(forged.status, 401);
    assert.equal(JSON.parse(forged.text).errors[0].message, messages.providerSignatureInvalid);
    const honest = answer({});
    const altered = Buffer.from(honest.Ds_MerchantParameters, 'base64').toString().replace('"5000"', '"50000"');
    assert.equal(
      (await notify({ ...honest, Ds_MerchantParameters: Buffer.from(altered).toString('base64') })).status,
      401,
    );
    // Signed right, but another merchant's, another amount, or an order we never made.
    assert.equal((await notify(answer({ Ds_MerchantCode: '999008882' }))).status, 401);
    assert.equal((await notify(answer({ Ds_Amount: '50000' }))).status, 422);
    assert.equal((await notify(answer({ Ds_Order: '9999zzzzzzzz' }))).status, 404);
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL, 'nothing applied');

    // Redsys's own notification, then the same again ten times: one payment.
    await decide(session, 'pay');
    const replays = await Promise.all(Array.from({ length: 10 }, () => notify(honest)));
    assert.ok(replays.every((r) => r.status === 200 && JSON.parse(r.text).replayed === true));
    // A later "refused" for the same order cannot undo it either.
    assert.equal(JSON.parse((await notify(answer({ Ds_Response: '0190' }))).text).replayed, true);
    assert.equal((await paymentsOf(me.loanId)).length, 1);
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL - 5_000);
    assert.equal(await ledgerTotal(), 0);
  });

  /** A card saved the way the browser saves one: our page, Redsys's page, its notification with the card's reference. */
  async function savedCard(me: Me, number: string = FAKE_REDSYS_CARDS.authorised) {
    const returnUrl = new URL('/account/personal_info', api.config.appUrl).toString();
    const started = await api.request('POST', '/v2/user/payment_card', {
      headers: me.headers,
      body: { return_url: returnUrl },
    });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    const { params, page, session } = await toGateway(await fetch(onApi(started.body.url)));
    assert.match(page, /Guardar tarjeta/);
    assert.equal(params.DS_MERCHANT_IDENTIFIER, 'REQUIRED');
    assert.equal(params.DS_MERCHANT_AMOUNT, '0');
    assert.equal(params.DS_MERCHANT_COF_INI, 'S');
    const back = await decide(session, 'pay', { number });
    assert.equal(back.searchParams.get('card_request'), started.body.request_id);
    const cards = (await api.request('GET', '/v2/user/payment_cards', { headers: me.headers })).body;
    assert.equal(cards.length, 1, 'the card is saved by the notification');
    assert.equal(cards[0].pan, `${number.slice(0, 6)}******${number.slice(-4)}`);
    assert.equal(cards[0].expiry_year, 2030);
    return cards[0].id as string;
  }

  test('a saved card is charged on the due date as a merchant-initiated card-on-file charge, once', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    await savedCard(me);
    const saved = fake.notifications.at(-1)?.params;
    const loan = await loanOf(me);
    const due = new Date(`${loan.must_pay_date}T12:00:00`);
    const gateway = new RedsysGateway({ ...TERMINAL, url: fake.url, notificationUrl: `${api.baseUrl}/n` });
    const before = fake.charges.length;
    // Two API processes servicing the same day at once.
    const results = await Promise.all([
      runServicingDay(api.database.db, due, new RedsysCardCharger(api.database.db, gateway)),
      runServicingDay(api.database.db, due, new RedsysCardCharger(api.database.db, gateway)),
    ]);
    assert.ok(results.some((r) => r.debited >= 1));
    const charges = fake.charges.slice(before);
    assert.equal(charges.length, 1, 'one charge at Redsys');
    const charge = charges[0]?.params ?? {};
    assert.equal(charge.DS_MERCHANT_IDENTIFIER, saved?.Ds_Merchant_Identifier);
    assert.equal(charge.DS_MERCHANT_EXCEP_SCA, 'MIT');
    assert.equal(charge.DS_MERCHANT_DIRECTPAYMENT, 'true');
    assert.equal(charge.DS_MERCHANT_COF_INI, 'N');
    assert.equal(charge.DS_MERCHANT_COF_TXNID, saved?.Ds_Merchant_Cof_Txnid);
    assert.equal(charge.DS_MERCHANT_AMOUNT, String(TOTAL));
    assert.equal((await loanOf(me)).status, 3);
    assert.equal(await ledgerTotal(), 0);
  });

  test('a card without funds is refused on the due date: nothing applied, the loan still owes', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    await savedCard(me, FAKE_REDSYS_CARDS.noFunds);
    const loan = await loanOf(me);
    const gateway = new RedsysGateway({ ...TERMINAL, url: fake.url, notificationUrl: `${api.baseUrl}/n` });
    await runServicingDay(
      api.database.db,
      new Date(`${loan.must_pay_date}T12:00:00`),
      new RedsysCardCharger(api.database.db, gateway),
    );
    assert.equal(fake.charges.at(-1)?.response, '0190');
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL);
    assert.deepEqual(await paymentsOf(me.loanId), []);
  });

  test('paying with the saved card: one charge at Redsys however often it is sent', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const card = await savedCard(me);
    const body = {
      payment_type: 'partial_repay',
      amount: 15_000,
      card_id: card,
      idempotency_key: `pay-${randomUUID()}`,
    };
    const before = fake.charges.length;
    const first = await api.request('POST', '/v2/loan/payment/saved_card', { headers: me.headers, body });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.status, 'paid');
    const replay = await api.request('POST', '/v2/loan/payment/saved_card', { headers: me.headers, body });
    assert.deepEqual(replay.body, first.body);
    assert.equal(fake.charges.length, before + 1);
    assert.equal(fake.charges.at(-1)?.params.DS_MERCHANT_EXCEP_SCA, undefined, 'the customer starts it: not MIT');
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL - 15_000);
  });
});

/** Signs as Redsys would with some key: what a forger without the terminal's key can make. */
class FakeRedsysSigner {
  constructor(private readonly key: string) {}
  signed(fields: Record<string, string>, order: string) {
    return { ...fields, Ds_Signature: redsysSignature(this.key, order, fields.Ds_MerchantParameters ?? '') };
  }
}

describe('Redsys configuration', () => {
  const redsys = {
    PAYMENTS_PROVIDER: 'redsys',
    REDSYS_MERCHANT_CODE: '999008881',
    REDSYS_TERMINAL: '1',
    REDSYS_SECRET_KEY: TERMINAL.secretKey,
  };
  const production = {
    PROVIDER_MODE: 'production',
    SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
    RECAPTCHA_SECRET: 'recaptcha-secret',
    METRICS_TOKEN: 'metrics-token',
    ...LENDER_ENV,
  };

  test('the sandbox stays the default; redsys needs its merchant code, terminal and key', () => {
    assert.deepEqual(readConfig({}).payments, { provider: 'sandbox' });
    assert.throws(() => readConfig({ PAYMENTS_PROVIDER: 'stripe' }), /PAYMENTS_PROVIDER must be sandbox or redsys/);
    assert.throws(() => readConfig({ ...redsys, REDSYS_MERCHANT_CODE: '12' }), /REDSYS_MERCHANT_CODE/);
    assert.throws(() => readConfig({ ...redsys, REDSYS_TERMINAL: '' }), /REDSYS_TERMINAL/);
    assert.throws(() => readConfig({ ...redsys, REDSYS_SECRET_KEY: 'short' }), /REDSYS_SECRET_KEY/);
    assert.throws(() => readConfig({ ...redsys, REDSYS_URL: 'https://sis-t.redsys.es:25443/sis' }), /REDSYS_URL/);
    const config = readConfig({ ...redsys, PUBLIC_API_URL: 'https://api.credimo.es' });
    assert.deepEqual(config.payments, {
      provider: 'redsys',
      redsys: {
        merchantCode: '999008881',
        terminal: '1',
        secretKey: TERMINAL.secretKey,
        url: 'https://sis-t.redsys.es:25443',
        notificationUrl: 'https://api.credimo.es/v2/providers/redsys/notification',
      },
    });
  });

  test('production refuses the sandbox, the public test key and a gateway without TLS', () => {
    assert.throws(() => requireRealPayments(readConfig(production)), ConfigError);
    assert.throws(() => requireRealPayments(readConfig(production)), /PAYMENTS_PROVIDER=redsys/);
    assert.throws(
      () => readConfig({ ...production, ...redsys, PUBLIC_API_URL: 'https://api.credimo.es' }),
      /public test key/,
    );
    const own = { ...production, ...redsys, REDSYS_SECRET_KEY: Buffer.alloc(24, 7).toString('base64') };
    assert.throws(
      () => readConfig({ ...own, REDSYS_URL: 'http://sis.example', PUBLIC_API_URL: 'https://api.credimo.es' }),
      /https/,
    );
    const config = readConfig({ ...own, PUBLIC_API_URL: 'https://api.credimo.es' });
    assert.equal(config.payments.provider === 'redsys' && config.payments.redsys.url, 'https://sis.redsys.es');
    requireRealPayments(config);
  });
});
