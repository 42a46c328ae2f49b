import { formatMoney } from '@credimo/shared/format';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface AgreementData {
  publicId: string;
  customer: { name: string; personalId: string };
  amount: number;
  commission: number;
  returnAmount: number;
  term: number;
  iban: string;
  signedAt: Date;
}

/**
 * The signed loan agreement as a PDF (pdf-lib). Kept small on purpose: when the documents room offers
 * renderDocument('agreement', data), this moves there.
 */
/** Helvetica's WinAnsi has no narrow or no-break spaces, which Intl puts in amounts. */
const money = (cents: number) => formatMoney(cents).replace(/[\u00a0\u202f]/g, ' ');

export async function agreementPdf(data: AgreementData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Contrato de préstamo ${data.publicId}`);
  pdf.setCreationDate(data.signedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    `Contrato de préstamo ${data.publicId}`,
    '',
    `Prestatario: ${data.customer.name} (${data.customer.personalId})`,
    `Importe: ${money(data.amount)}`,
    `Comisión: ${money(data.commission)}`,
    `Importe a devolver: ${money(data.returnAmount)}`,
    `Plazo: ${data.term} días`,
    `Cuenta de abono (IBAN): ${data.iban}`,
    '',
    `Firmado electrónicamente con código SMS el ${data.signedAt.toISOString()}.`,
    'Derecho de desistimiento: 14 días naturales desde la entrega del dinero.',
  ];
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 780 - i * 22, size: i === 0 ? 16 : 11, font });
  });
  return pdf.save();
}
