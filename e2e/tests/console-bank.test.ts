import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOTP } from 'otpauth';
import { accessible, watchConsole, watchCspViolations } from '../src/browser';
import { stackPorts } from '../src/ports';
import { withStack } from '../src/stack-hooks';

/** The sandbox's demo admin (docs/operating.md, Operators' console). */
const ADMIN = { username: 'admin', password: 'admin-sandbox-12', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };
const LENDER_IBAN = 'ES7921000813610123456789';

/** A bank's end-of-day statement with one transfer whose concept names no loan. */
const STATEMENT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
 <BkToCstmrStmt>
  <GrpHdr><MsgId>E2E-STMT-1</MsgId><CreDtTm>2026-11-28T06:00:00</CreDtTm></GrpHdr>
  <Stmt>
   <Id>E2E-1</Id>
   <Acct><Id><IBAN>${LENDER_IBAN}</IBAN></Id></Acct>
   <Ntry>
    <Amt Ccy="EUR">12.34</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
    <BookgDt><Dt>2026-11-28</Dt></BookgDt><AcctSvcrRef>E2E-LINE-1</AcctSvcrRef>
    <NtryDtls><TxDtls><RmtInf><Ustrd>regalo de cumpleanos</Ustrd></RmtInf></TxDtls></NtryDtls>
   </Ntry>
  </Stmt>
 </BkToCstmrStmt>
</Document>`;

describe("the console's bank page in Chromium", () => {
  const site = withStack({ ...stackPorts(4170), PAYOUT_PROVIDER: 'sepa-file', LENDER_IBAN, LENDER_BIC: 'CAIXESBBXXX' });

  test('an admin presses for the day’s file and uploads a statement; the line no loan takes is listed', async () => {
    const page = await (await site.browser.newContext()).newPage();
    const cspViolations = await watchCspViolations(page);
    const errors = watchConsole(page);
    await page.goto(`${site.stack.urls.api}/console`);
    await page.getByLabel('Usuario').fill(ADMIN.username);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page
      .getByLabel(/Código de verificación/)
      .fill(new TOTP({ secret: ADMIN.totpSecret, digits: 6, period: 30, algorithm: 'SHA1' }).generate());
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Solicitudes en verificación manual' }).waitFor();

    await page.getByRole('link', { name: 'Banco' }).click();
    await page.getByRole('heading', { name: 'Ficheros del banco' }).waitFor();
    await page.getByText('Transferencias a la espera del fichero: 0').waitFor();
    await accessible(page, 'the bank page');

    // Nothing waits: no file is made.
    await page.getByRole('button', { name: 'Generar el fichero de hoy' }).click();
    await page.getByText('Ninguna transferencia espera fichero').waitFor();
    await page.getByRole('link', { name: 'Ficheros del banco' }).click();

    // The statement, as the operator picks it from the bank's download.
    const statement = page.locator('form[action$="/statements"]');
    await statement.getByLabel('Fichero XML').setInputFiles({
      name: 'camt053.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(STATEMENT),
    });
    await statement.getByRole('button', { name: 'Importar' }).click();
    await page.getByText('0 applied, 1 unmatched, 0 read before, 0 not incoming').waitFor();
    await accessible(page, 'the result of a statement');
    await page.getByRole('link', { name: 'Ficheros del banco' }).click();
    const row = page.getByRole('row', { name: /E2E-LINE-1/ });
    await row.waitFor();
    assert.match(await row.innerText(), /12,34\s€[\s\S]*regalo de cumpleanos/);

    assert.deepEqual(cspViolations, [], 'the bank page runs within its CSP');
    assert.deepEqual(errors, []);
  });
});
