import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import { accessible, tokenOf, watchConsole } from '../src/browser';
import { finishLoanThroughPages } from '../src/journey';
import { stackPorts } from '../src/ports';
import { registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';
import { withStack } from '../src/stack-hooks';

const PHONE = '612000901';
/** A valid Spanish IBAN (check digits per ISO 13616), typed with spaces as customers do. */
const IBAN = 'ES91 2100 0418 4502 0005 1332';

/** A generated photo: a PNG of one colour (the API re-encodes it to JPEG). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: png(640, 400) });

describe('origination in Chromium: from the calculator choice to an active loan', () => {
  // The sandbox scoring engine decides within a second; the sandbox bank confirms a payout 2 s after it is sent.
  const site = withStack({ ...stackPorts(3960), SANDBOX_DECISION_DELAY_SECONDS: '1' });

  test('sign-in, application, IBAN, decision, signing by SMS, auto-debit skipped, payout, the active loan', async () => {
    const page = await (await site.browser.newContext()).newPage();
    const errors = watchConsole(page);
    // The WordPress calculator's "Solicitar" opens the app's sign-in with the choice in the address.
    await signInThroughPages(page, site.stack.urls.app, PHONE, {
      query: '?product=1&amount=30000&term=15',
      onForm: () => accessible(page, 'sign-in'),
    });

    // Registration (its own e2e checks each field, registration.test.ts): with the choice from WordPress kept, the
    // last step applies with it (the loan's amount is checked at the end).
    await registerThroughPages(page, PHONE);

    // The sandbox approves the application, which asks for the identity photos and the selfie first (photo
    // verification comes before signing), through the documents page; then how to receive the money, the signing
    // (the SECCI and the terms first, then the SMS code), auto-debit skipped, and the account once the sandbox bank
    // confirms.
    await finishLoanThroughPages(page, {
      iban: IBAN,
      on: {
        iban: async () => {
          await accessible(page, 'the IBAN screen');
          await page.getByLabel('IBAN').fill('ES00 1234');
          await page.getByRole('button', { name: 'Continuar' }).click();
          await page.getByText('Número de IBAN incorrecto').waitFor();
        },
        signing: async () => {
          // The customer's own SECCI opens with their session, as a file they keep.
          const secciDownload = page.waitForEvent('download');
          await page.getByRole('button', { name: 'Información normalizada europea (SECCI)' }).click();
          const secci = await secciDownload;
          assert.match(secci.suggestedFilename(), /^informacion-normalizada-\d+-eur-\d+-dias\.pdf$/);
          assert.equal(
            (await readFile((await secci.path()) ?? '')).subarray(0, 5).toString(),
            '%PDF-',
            'the SECCI opens',
          );
          await accessible(page, 'the signing screen');
        },
        signingCode: async (signCode) => {
          assert.match(signCode, /^\d{4}$/);
          await page.getByLabel('Código de firma').fill(signCode === '0000' ? '1111' : '0000');
          await page.getByRole('button', { name: 'Firmar' }).click();
          await page.getByText('El código no es correcto').waitFor();
          await accessible(page, 'the signing code form');
        },
        autoDebit: () => accessible(page, 'the auto-debit screen'),
        // The account: money on the way, then the active loan once the sandbox bank confirms.
        payoutOrdered: async () => {
          await page.getByRole('heading', { name: /El dinero está en camino|Contrato firmado/ }).waitFor();
          await accessible(page, 'the account with the money on the way');
        },
      },
    });
    await page.getByText('300,00').first().waitFor();
    await accessible(page, 'the account with the active loan');

    const loan = await (
      await fetch(`${site.stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })
    ).json();
    assert.equal(loan.status, 2, 'the loan is Active');
    assert.equal(loan.request_amount, 30000);
    assert.ok(loan.give_date && loan.must_pay_date, 'give and due dates are set');
    // The loan detail shows the due date (the prolongation card may show the same day as an extension's new date).
    await page
      .getByRole('region', { name: 'Tu préstamo activo' })
      .getByText(loan.must_pay_date.split('-').reverse().join('/'))
      .waitFor();
    // The wrong code was refused on purpose (422); nothing else failed on the way.
    assert.deepEqual(
      errors.filter((e) => !e.startsWith('422 ')),
      [],
    );
    await page.context().close();
  });

  test('the sandbox liveness page, there and back, then the documents by file', async () => {
    const phone = '612000902';
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    // The documents page is where an approval sends the customer: signed in, registered and applied through the pages.
    await signInThroughPages(page, site.stack.urls.app, phone);
    await registerThroughPages(page, phone);
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Solicitar' }).click();
    await page.waitForURL(/\/registration\/photo-verification$/, { timeout: 30_000 });
    const token = await tokenOf(page);
    await page.getByRole('heading', { name: 'Verifica tu identidad' }).waitFor();
    await accessible(page, 'the documents onboarding');
    await page.getByRole('button', { name: 'Empezar' }).click();
    await page.getByRole('heading', { name: 'Sube tus documentos' }).waitFor();
    await accessible(page, 'the documents upload');

    // Liveness first, while the loan still asks for files (once they are in, the redirect rules lead on): the
    // provider's page, and back with the transaction.
    await page.getByRole('button', { name: 'Verificar con selfie' }).click();
    await page.getByRole('heading', { name: 'Verificación de identidad' }).waitFor();
    for (const engine of ['video_selfie_blank', 'photo_id_front', 'photo_id_back']) {
      await page.locator(`input[type=file][name=${engine}]`).setInputFiles(photo(`${engine}.png`));
    }
    await page.getByRole('button', { name: 'Enviar verificación' }).click();
    await page.waitForURL(/\/registration\/photo-verification/);
    await page.getByText('Tu identidad está verificada.').waitFor({ timeout: 15_000 });
    await accessible(page, 'the liveness verdict');

    // A passed liveness check stands for the selfie: the two sides of the ID card are left.
    assert.equal(await page.getByLabel('Elegir foto: Selfie con tu DNI o NIE').count(), 0);
    for (const label of ['DNI o NIE: parte delantera', 'DNI o NIE: parte trasera']) {
      await page.getByLabel(`Elegir foto: ${label}`).setInputFiles(photo(`${label}.png`));
      await page.getByRole('heading', { name: label }).waitFor({ state: 'detached' });
    }
    await page.getByRole('heading', { name: '¡Listo! Ya tenemos tus documentos' }).waitFor();
    await accessible(page, 'the documents done message');
    const listed = await (
      await fetch(`${site.stack.urls.api}/v2/user/documents`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const types: string[] = listed.documents.map((d: { type: string }) => d.type);
    assert.ok(types.includes('id_card') && types.includes('id_card_back'), JSON.stringify(types));
    assert.ok(!types.includes('selfie_with_id_card'), JSON.stringify(types));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
