import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inflateSync } from 'node:zlib';
import { readConfig, SANDBOX_LENDER } from '../src/config.js';
import { LENDER_ENV, startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

/** Everything else production asks for, so only the lender is missing. */
const PRODUCTION_ENV = {
  PROVIDER_MODE: 'production',
  SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  METRICS_TOKEN: 'metrics-token',
};

/** The text of a PDF made by the documents room (pdf-lib: flate streams, WinAnsi hex strings), lines unwrapped. */
function pdfText(pdf: Uint8Array): string {
  const lines: string[] = [];
  for (const stream of Buffer.from(pdf)
    .toString('latin1')
    .matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      lines.push(Buffer.from(shown[1] ?? '', 'hex').toString('latin1'));
  }
  return lines.join(' ');
}

describe("the lender's legal identity is configuration", () => {
  test('production refuses to start without every part of it, naming what is missing', () => {
    assert.throws(
      () => readConfig(PRODUCTION_ENV),
      /needs the lender's legal identity: set LENDER_NAME, LENDER_CIF, LENDER_ADDRESS, LENDER_REGISTRY, LENDER_PHONE, LENDER_EMAIL/,
    );
    assert.throws(
      () => readConfig({ ...PRODUCTION_ENV, ...LENDER_ENV, LENDER_REGISTRY: ' ' }),
      /identity: set LENDER_REGISTRY$/,
    );
    assert.deepEqual(readConfig({ ...PRODUCTION_ENV, ...LENDER_ENV }).lender, {
      name: LENDER_ENV.LENDER_NAME,
      cif: LENDER_ENV.LENDER_CIF,
      address: LENDER_ENV.LENDER_ADDRESS,
      registry: LENDER_ENV.LENDER_REGISTRY,
      phone: LENDER_ENV.LENDER_PHONE,
      email: LENDER_ENV.LENDER_EMAIL,
    });
  });

  test('a CIF that is not one stops the start', () => {
    assert.throws(() => readConfig({ ...LENDER_ENV, LENDER_CIF: 'B0000' }), /LENDER_CIF must be a CIF/);
  });

  test('the sandbox names a stand-in that says it is one', () => {
    const { lender } = readConfig({});
    assert.deepEqual(lender, SANDBOX_LENDER);
    assert.match(lender.name, /pruebas/);
    assert.match(lender.cif, /ficticio/);
    assert.match(lender.registry, /pruebas/);
  });
});

describe('the documents name the configured lender', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({
      workers: true,
      env: { ...LENDER_ENV, TRUST_PROXY: 'true', SANDBOX_DECISION_DELAY_SECONDS: '0' },
    });
  });
  after(() => api.close());

  const identity = [
    `${LENDER_ENV.LENDER_NAME} (CIF ${LENDER_ENV.LENDER_CIF})`,
    LENDER_ENV.LENDER_ADDRESS,
    LENDER_ENV.LENDER_REGISTRY,
  ];

  test('the SECCI, as PDF and as HTML', async () => {
    const pdf = await fetch(`${api.baseUrl}/v2/products/1/prices/30/50000/offer/pdf`);
    assert.equal(pdf.status, 200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const part of identity) assert.ok(text.includes(part), `the SECCI PDF states ${part}`);
    assert.ok(!text.includes('B00000000'), 'and never the sandbox CIF');
    const html = await (await fetch(`${api.baseUrl}/v2/products/1/prices/30/50000/offer/html`)).text();
    for (const part of identity) assert.ok(html.includes(part), `the SECCI HTML states ${part}`);
  });

  test('the agreement the customer signed, as the account opens it', async () => {
    const { headers } = await customerAt(api, 'signed');
    const { body: loan } = await api.request('GET', '/v2/loan', { headers });
    const link = loan.agreements?.[0]?.link;
    assert.ok(link, 'the signed loan has an agreement');
    const response = await fetch(`${api.baseUrl}${link}`, { headers });
    assert.equal(response.status, 200);
    const text = pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const part of [`${LENDER_ENV.LENDER_NAME} (CIF ${LENDER_ENV.LENDER_CIF}), ${LENDER_ENV.LENDER_ADDRESS}`])
      assert.ok(text.includes(part), `the agreement states ${part}`);
    assert.ok(text.includes(LENDER_ENV.LENDER_REGISTRY), 'and its registration');
  });

  test('the legal notice the footer links states who runs the service', async () => {
    const html = await (await fetch(`${api.baseUrl}/v2/products/1/agreement/legal_notice`)).text();
    for (const part of [
      LENDER_ENV.LENDER_NAME,
      LENDER_ENV.LENDER_CIF,
      LENDER_ENV.LENDER_ADDRESS,
      LENDER_ENV.LENDER_REGISTRY,
    ])
      assert.ok(html.includes(part), `the legal notice states ${part}`);
  });
});
