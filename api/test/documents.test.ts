import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { SANDBOX_LENDER } from '../src/config.js';
import { type AgreementData, renderDocument } from '../src/documents/index.js';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

const agreement: AgreementData = {
  reference: 'CR-000123',
  productName: 'Credimo 30',
  borrower: {
    fullName: 'Ana García López',
    personalId: '12345678Z',
    address: 'Calle de Alcalá 1, 28014 Madrid',
    phone: '612345678',
  },
  amount: 50_000,
  commission: 12_345,
  totalToRepay: 62_345,
  term: 30,
  tae: 456.7,
  lateDailyBasisPoints: 50,
  issuedAt: new Date('2026-11-23T10:00:00Z'),
  dueDate: '2026-12-23',
};

/** One documents room, one layout and one PDF renderer for the SECCI, the agreement and the cession. */
describe('the loan agreement', () => {
  test('names the parties, the amounts in euros, the dates and the TAE', async () => {
    const { html } = await renderDocument('agreement', agreement, SANDBOX_LENDER);
    for (const text of [
      'Contrato de préstamo al consumo n.º CR-000123',
      'Credimo Financiación, S.L.',
      'Ana García López (DNI/NIE 12345678Z)',
      nbsp('500,00 €'),
      nbsp('123,45 €'),
      nbsp('623,45 €'),
      '23/11/2026',
      '23/12/2026',
      '30 días',
      '456,7 %',
    ])
      assert.ok(html.includes(text), `the agreement states ${text}`);
  });

  test('before signing, its signature block says it is pending rather than showing a time or code hash', async () => {
    const { html } = await renderDocument('agreement', agreement, SANDBOX_LENDER);
    assert.match(html, /Fecha y hora de la firma<\/th><td>Pendiente de firma/);
    assert.match(html, /Huella del código SMS de firma \(SHA-256\)<\/th><td>Pendiente de firma/);
  });

  test('once signed, the signature block carries the signing time in Madrid and the code hash', async () => {
    const signed = {
      ...agreement,
      signature: { signedAt: new Date('2026-11-23T10:05:07Z'), codeHash: 'ab12cd34', address: '10.0.0.1' },
    };
    const { html } = await renderDocument('agreement', signed, SANDBOX_LENDER);
    assert.ok(html.includes('23/11/2026 11:05:07 (hora peninsular)'), html);
    assert.ok(html.includes('<td>ab12cd34</td>'));
    assert.ok(html.includes('<td>10.0.0.1</td>'));
    assert.ok(!html.includes('Pendiente de firma'));
  });

  test('escapes what the customer typed', async () => {
    const { html } = await renderDocument(
      'agreement',
      {
        ...agreement,
        borrower: { ...agreement.borrower, fullName: '<script>x</script>' },
      },
      SANDBOX_LENDER,
    );
    assert.ok(!html.includes('<script>x'));
    assert.ok(html.includes('&lt;script&gt;x&lt;/script&gt;'));
  });

  test('is also a PDF titled like the HTML', async () => {
    const { pdf } = await renderDocument('agreement', agreement, SANDBOX_LENDER);
    const parsed = await PDFDocument.load(pdf);
    assert.equal(parsed.getTitle(), 'Contrato de préstamo al consumo n.º CR-000123');
    assert.ok(parsed.getPageCount() >= 1);
  });
});

describe('the cession notice', () => {
  test('says who bought the loan, what is owed and where to pay from now on', async () => {
    const { html, pdf } = await renderDocument(
      'cession',
      {
        reference: 'CR-000123',
        borrowerName: 'Ana García López',
        soldDate: new Date('2027-02-01T12:00:00Z'),
        amountOwed: 62_345,
        buyer: {
          name: 'Recobros Ibéricos, S.A.',
          phone: '+34 910 000 000',
          email: 'pagos@recobros.example',
          accountHolderName: 'Recobros Ibéricos, S.A.',
          accountNumber: 'ES9121000418450200051332',
          swift: 'CAIXESBBXXX',
          bankName: 'CaixaBank',
        },
      },
      SANDBOX_LENDER,
    );
    for (const text of ['01/02/2027', 'Recobros Ibéricos, S.A.', nbsp('623,45 €'), 'ES9121000418450200051332'])
      assert.ok(html.includes(text), `the notice states ${text}`);
    assert.equal((await PDFDocument.load(pdf)).getTitle(), 'Notificación de cesión del crédito n.º CR-000123');
  });
});
