import { madridToday } from '@credimo/shared/domain';
import { formatMoney, wireToDisplayDate } from '@credimo/shared/format';
import { type DocumentLayout, type LenderIdentity, taeText } from './layout';

/** What the signed loan agreement states; the signing room fills it from the loan and the signature. */
export interface AgreementData {
  /** The loan's public reference, printed on the agreement. */
  reference: string;
  productName: string;
  borrower: { fullName: string; personalId: string; address: string; phone: string };
  /** Cents. */
  amount: number;
  /** Cents: the commission (0 on a free first loan). */
  commission: number;
  /** Cents: amount plus commission, paid once at the due date. */
  totalToRepay: number;
  /** Days. */
  term: number;
  tae: number;
  lateDailyBasisPoints: number;
  /** When the customer applied (the offer's date). */
  issuedAt: Date;
  /** The Madrid day the loan is due (yyyy-MM-dd), as the SECCI and the account state it. */
  dueDate: string;
  /** Filled at signing; absent on the draft the customer reads before signing. */
  signature?: { signedAt: Date; codeHash: string; address?: string | null };
}

export const AGREEMENT_TITLE = 'Contrato de préstamo al consumo';

/** Shown in the signature block before signing, so a draft cannot pass for a signed agreement. */
export const UNSIGNED = 'Pendiente de firma';

/** An instant's calendar date in Madrid, as shown. */
const madridDate = (date: Date) => wireToDisplayDate(madridToday(date));

const dateTime = (date: Date) =>
  `${madridDate(date)} ${date.toLocaleTimeString('es-ES', { timeZone: 'Europe/Madrid', hour12: false })} (hora peninsular)`;

/** The loan agreement: title, parties, amounts in euros, dates, TAE and the signature block. */
export function agreementLayout(d: AgreementData, lender: LenderIdentity): DocumentLayout {
  return {
    title: `${AGREEMENT_TITLE} n.º ${d.reference}`,
    sections: [
      {
        title: '1. Partes',
        rows: [
          ['Prestamista', `${lender.name} (CIF ${lender.cif}), ${lender.address}`],
          ['Inscripción registral del prestamista', lender.registry],
          ['Prestatario', `${d.borrower.fullName} (DNI/NIE ${d.borrower.personalId})`],
          ['Domicilio del prestatario', d.borrower.address],
          ['Teléfono del prestatario', d.borrower.phone],
        ],
      },
      {
        title: '2. Importes',
        rows: [
          ['Producto', d.productName],
          ['Importe del préstamo', formatMoney(d.amount)],
          ['Comisión', formatMoney(d.commission)],
          ['Importe total a devolver', formatMoney(d.totalToRepay)],
          ['Tasa anual equivalente (TAE)', taeText(d.tae)],
          [
            'Interés de demora',
            `${(d.lateDailyBasisPoints / 100).toLocaleString('es-ES')} % diario sobre el importe vencido`,
          ],
        ],
      },
      {
        title: '3. Fechas',
        rows: [
          ['Fecha de la solicitud', madridDate(d.issuedAt)],
          ['Plazo', `${d.term} días`],
          ['Fecha de vencimiento', wireToDisplayDate(d.dueDate)],
          ['Forma de pago', `Un único pago de ${formatMoney(d.totalToRepay)} el ${wireToDisplayDate(d.dueDate)}`],
        ],
      },
      {
        title: '4. Condiciones',
        paragraphs: [
          'El prestatario puede desistir en los 14 días naturales siguientes a la firma, sin dar motivos, devolviendo el capital y la comisión correspondiente al tiempo dispuesto.',
          'El prestatario puede devolver el préstamo total o parcialmente en cualquier momento, sin coste.',
          'Este contrato se rige por la Ley 16/2011, de 24 de junio, de contratos de crédito al consumo.',
        ],
      },
      {
        title: '5. Firma',
        rows: [
          ['Firmado por', d.borrower.fullName],
          ['Fecha y hora de la firma', d.signature ? dateTime(d.signature.signedAt) : UNSIGNED],
          ['Huella del código SMS de firma (SHA-256)', d.signature?.codeHash ?? UNSIGNED],
          ...(d.signature?.address ? [['Dirección IP', d.signature.address] as [string, string]] : []),
        ],
      },
    ],
  };
}
