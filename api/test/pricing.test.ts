import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { expandPrices } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(() => api.close());

/** The price table as the widget has it: the compact form the API sends, expanded. */
async function prices(path: string, headers: Record<string, string> = {}) {
  const response = await api.request('GET', path, { headers });
  return { ...response, body: response.status === 200 ? expandPrices(response.body) : response.body };
}

describe('products and prices', () => {
  test('product 1: 50 to 1,000 EUR in steps of 10 EUR, 5 to 30 days, first loan free up to 300 EUR', async () => {
    const { status, body } = await api.request('GET', '/v2/products');
    assert.equal(status, 200);
    assert.deepEqual(body, [
      {
        id: 1,
        name: 'Préstamo rápido',
        currency: 'EUR',
        amounts: { min: 5000, max: 100000, step: 1000 },
        terms: { min: 5, max: 30, step: 1 },
        free_first_loan_max_amount: 30000,
      },
    ]);
  });

  test('prices are keyed by term then amount in cents, with commissions, total and TAE', async () => {
    const { status, body, headers } = await prices('/v2/products/1/prices', { 'accept-encoding': 'gzip' });
    assert.equal(status, 200);
    assert.equal(headers.get('content-encoding'), 'gzip');
    assert.deepEqual(
      Object.keys(body).map(Number),
      Array.from({ length: 26 }, (_, i) => i + 5),
    );
    assert.equal(Object.keys(body['30']).length, 96);
    // 500 EUR for 30 days at 1 % a day: 150 EUR of commission; 650 EUR to repay; 1.3^(365/30) - 1.
    assert.deepEqual(body['30']['50000'], {
      is_free: false,
      commissions: { total: 15000, original_total: 15000 },
      return_amount: 65000,
      tae: 2333.9,
    });
    // The 5-to-15-day band costs 1.1 % a day: 1,000 EUR for 10 days, 110 EUR.
    assert.equal(body['10']['100000'].commissions.total, 11000);
  });

  test('a first loan up to 300 EUR is free, with TAE 0 and the original commission shown', async () => {
    const { body } = await prices('/v2/products/1/prices');
    assert.deepEqual(body['30']['30000'], {
      is_free: true,
      commissions: { total: 0, original_total: 9000 },
      return_amount: 30000,
      tae: 0,
    });
    assert.equal(body['30']['31000'].is_free, false);
  });

  test('a valid promo code discounts the commission, but never a free loan', async () => {
    const { body } = await prices('/v2/products/1/prices?discount=credimo10');
    assert.deepEqual(body['30']['50000'].commissions, { total: 13500, original_total: 15000 });
    assert.equal(body['30']['50000'].return_amount, 63500);
    assert.equal(body['30']['30000'].commissions.total, 0);
  });

  test('the price table of product 1 is sent compact: at most 8 KB gzipped, with or without a discount', async () => {
    for (const path of ['/v2/products/1/prices', '/v2/products/1/prices?discount=CREDIMO10']) {
      const response = await fetch(`${api.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const raw = Buffer.from(await response.arrayBuffer());
      assert.ok(gzipSync(raw).length <= 8 * 1024, `${path}: ${gzipSync(raw).length} bytes gzipped`);
      assert.equal(Object.keys(expandPrices(JSON.parse(raw.toString()))).length, 26);
    }
  });

  test('the price table has an ETag: the same version answers 304 without a body, brotli and gzip alike', async () => {
    const first = await fetch(`${api.baseUrl}/v2/products/1/prices`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(first.headers.get('content-encoding'), 'br');
    const etag = first.headers.get('etag') ?? '';
    assert.match(etag, /^"[\w-]+"$/);
    await first.arrayBuffer();
    const again = await fetch(`${api.baseUrl}/v2/products/1/prices`, {
      headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' },
    });
    assert.equal(again.status, 304);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
    const discounted = await fetch(`${api.baseUrl}/v2/products/1/prices?discount=CREDIMO10`, {
      headers: { 'if-none-match': etag },
    });
    assert.equal(discounted.status, 200, 'another discount is another table');
    assert.notEqual(discounted.headers.get('etag'), etag);
    await discounted.arrayBuffer();
  });

  test('an unknown product answers 404; a bad discount answers 422 with the promo message', async () => {
    assert.equal((await api.request('GET', '/v2/products/9/prices')).status, 404);
    const bad = await api.request('GET', '/v2/products/1/prices?discount=NOPE');
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors, [{ message: messages.promoCodeNotFound, property: 'discount' }]);
  });

  test('products and fee schedules are data: a change in the database changes the prices', async () => {
    const before = (await api.request('GET', '/v2/products/1/prices')).headers.get('etag');
    await api.database.db
      .updateTable('product_fee_bands')
      .set({ daily_basis_points: 90 })
      .where('max_term', '=', 30)
      .execute();
    const { body, headers } = await prices('/v2/products/1/prices');
    assert.equal(body['30']['50000'].commissions.total, 13500);
    assert.notEqual(headers.get('etag'), before, 'a price change is a new version');
    await api.database.db
      .updateTable('product_fee_bands')
      .set({ daily_basis_points: 100 })
      .where('max_term', '=', 30)
      .execute();
  });

  test('calculator settings give the default toggle positions', async () => {
    const { body } = await api.request('GET', '/api/products/1/settings');
    assert.deepEqual(body, { calculator: { amount_default_toggle_position: 25, term_default_toggle_position: 25 } });
  });

  test('discounts: 15 % on the next loan for auto-debit', async () => {
    const { body } = await api.request('GET', '/v2/discounts?target=autodebit_card_added');
    assert.equal(body.length, 1);
    assert.equal(body[0].percent, 15);
  });
});

describe('promo codes: required, trimmed, at most 10 uppercase alphanumerics', () => {
  const check = (promocode: unknown) => api.request('POST', '/v2/check-promocode', { body: { promocode } });

  test('a valid code, typed with spaces and in lowercase, is valid', async () => {
    const { status, body } = await check('  credimo10 ');
    assert.equal(status, 200);
    assert.deepEqual(body, {
      valid: true,
      code: 'CREDIMO10',
      percent_commission: 10,
      percent_extension: null,
      percent_extension_price: null,
    });
  });

  test('required; more than 10 characters or not alphanumeric is not found', async () => {
    assert.deepEqual((await check('')).body.errors, [{ message: messages.fieldRequired, property: 'promocode' }]);
    for (const code of ['CREDIMO10XX', 'CRE-DIMO', 'NOPE']) {
      const { status, body } = await check(code);
      assert.equal(status, 422);
      assert.deepEqual(body.errors, [{ message: messages.promoCodeNotFound, property: 'promocode' }]);
    }
  });

  test('an expired code answers promoCodeExpired on its field; one used up or not started yet is not found', async () => {
    await sql`insert into promo_codes (code, percent_commission, valid_to) values ('OLD', 5, now() - interval '1 day')`.execute(
      api.database.db,
    );
    await sql`insert into promo_codes (code, percent_commission, max_uses, used_count) values ('USED', 5, 1, 1)`.execute(
      api.database.db,
    );
    await sql`insert into promo_codes (code, percent_commission, valid_from) values ('SOON', 5, now() + interval '1 day')`.execute(
      api.database.db,
    );
    const expired = await check('OLD');
    assert.equal(expired.status, 422);
    assert.deepEqual(expired.body.errors, [{ message: messages.promoCodeExpired, property: 'promocode' }]);
    for (const code of ['USED', 'SOON']) {
      const { status, body } = await check(code);
      assert.equal(status, 422, code);
      assert.deepEqual(body.errors, [{ message: messages.promoCodeNotFound, property: 'promocode' }], code);
    }
  });

  test("another customer's personal code is not found, even expired: codes cannot be probed", async () => {
    const owner = await confirmedUser(api.database.db, '612000778');
    await sql`insert into promo_codes (code, percent_commission, user_id, valid_to) values ('SUYO', 20, ${owner}, now() - interval '1 day')`.execute(
      api.database.db,
    );
    const { status, body } = await check('SUYO');
    assert.equal(status, 422);
    assert.deepEqual(body.errors, [{ message: messages.promoCodeNotFound, property: 'promocode' }]);
  });

  test('a personal code works only for its owner', async () => {
    const owner = await confirmedUser(api.database.db, '612000777');
    await sql`insert into promo_codes (code, percent_commission, user_id) values ('MIO', 20, ${owner})`.execute(
      api.database.db,
    );
    assert.equal((await check('MIO')).status, 422);
    const token = await openSession(api.database.db, { userId: owner, kind: 'customer', address: null });
    const mine = await api.request('POST', '/v2/check-promocode', {
      body: { promocode: 'MIO' },
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(mine.status, 200);
  });
});

describe('the SECCI offer and agreements', () => {
  test('the offer as HTML names lender, amount, term, total, commission, TAE, 14-day withdrawal and late payment', async () => {
    const response = await fetch(`${api.baseUrl}/v2/products/1/prices/30/50000/offer/html`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const html = await response.text();
    for (const text of [
      'Información Normalizada Europea sobre el Crédito al Consumo',
      'Credimo Financiación, S.L.',
      '500,00&nbsp;€',
      '30 días',
      '650,00&nbsp;€',
      '150,00&nbsp;€',
      '2333,9 %',
      '14 días naturales',
      'interés de demora',
    ]) {
      assert.ok(html.replace(/\u00a0/g, '&nbsp;').includes(text), `missing: ${text}`);
    }
  });

  test('the offer as PDF', async () => {
    const response = await fetch(`${api.baseUrl}/v2/products/1/prices/30/50000/offer/pdf`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    assert.ok(bytes.length > 1500);
  });

  test('an amount or term outside the product is refused with 422', async () => {
    assert.equal((await api.request('GET', '/v2/products/1/prices/31/50000/offer/html')).status, 422);
    assert.equal((await api.request('GET', '/v2/products/1/prices/30/50500/offer/html')).status, 422);
    assert.equal((await api.request('GET', '/v2/products/1/prices/30/50000/offer/doc')).status, 422);
  });

  test('the default offer and the agreement templates', async () => {
    const offer = await fetch(`${api.baseUrl}/api/products/1/offer/html`);
    assert.equal(offer.status, 200);
    assert.match(await offer.text(), /Información Normalizada Europea sobre el Crédito al Consumo/);
    const general = await fetch(`${api.baseUrl}/v2/products/1/agreement/general`);
    assert.match(await general.text(), /Condiciones generales del préstamo/);
    assert.equal((await api.request('GET', '/v2/products/1/agreement/unknown')).status, 404);
  });
});
