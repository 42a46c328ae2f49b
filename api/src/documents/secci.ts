import { formatMoney, wireToDisplayDate } from '@credimo/shared/format';
import { type DocumentLayout, type LenderIdentity, taeText } from './layout';

/** What the SECCI states: the offer's figures, priced by the pricing room. */
export interface SecciData {
  productName: string;
  /** Cents. */
  amount: number;
  /** Days. */
  term: number;
  price: { return_amount: number; is_free: boolean; commissions: { total: number }; tae: number };
  lateDailyBasisPoints: number;
  /** The Madrid day the loan is due (yyyy-MM-dd). */
  dueDate: string;
}

export const SECCI_TITLE = 'Información Normalizada Europea sobre el Crédito al Consumo';

/** The SECCI ("Información Normalizada Europea sobre el Crédito al Consumo") as labelled rows. */
export function secciLayout(f: SecciData, lender: LenderIdentity): DocumentLayout {
  const due = wireToDisplayDate(f.dueDate);
  return {
    title: SECCI_TITLE,
    sections: [
      {
        title: '1. Identidad y datos de contacto del prestamista',
        rows: [
          ['Prestamista', `${lender.name} (CIF ${lender.cif})`],
          ['Dirección', lender.address],
          ['Inscripción registral', lender.registry],
          ['Teléfono y correo electrónico', `${lender.phone} · ${lender.email}`],
        ],
      },
      {
        title: '2. Descripción de las características principales del crédito',
        rows: [
          ['Tipo de crédito', `${f.productName}: préstamo de un solo pago`],
          ['Importe total del crédito', formatMoney(f.amount)],
          ['Duración del contrato de crédito', `${f.term} días (vencimiento el ${due})`],
          ['Importe total adeudado', formatMoney(f.price.return_amount)],
          ['Plazos y orden de los pagos', `Un único pago de ${formatMoney(f.price.return_amount)} el ${due}`],
        ],
      },
      {
        title: '3. Costes del crédito',
        rows: [
          [
            'Comisión',
            f.price.is_free ? `${formatMoney(0)} (primer préstamo gratuito)` : formatMoney(f.price.commissions.total),
          ],
          ['Tipo deudor', '0 % fijo: el coste es la comisión indicada'],
          ['Tasa anual equivalente (TAE)', taeText(f.price.tae)],
          [
            'Consecuencias del impago',
            `Un interés de demora del ${(f.lateDailyBasisPoints / 100).toLocaleString('es-ES')} % diario sobre el importe vencido, y la posible inclusión en ficheros de solvencia. El impago puede dificultar la obtención de créditos en el futuro.`,
          ],
        ],
      },
      {
        title: '4. Otros aspectos jurídicos importantes',
        rows: [
          [
            'Derecho de desistimiento',
            'Sí: puede desistir en los 14 días naturales siguientes a la firma, sin dar motivos, devolviendo el capital y la comisión correspondiente al tiempo dispuesto.',
          ],
          ['Reembolso anticipado', 'Puede devolver el préstamo total o parcialmente en cualquier momento, sin coste.'],
          [
            'Consulta de bases de datos',
            'Se le informará inmediatamente si su solicitud se rechaza por la consulta de un fichero de solvencia.',
          ],
          ['Ley aplicable', 'Ley 16/2011, de 24 de junio, de contratos de crédito al consumo.'],
        ],
      },
    ],
  };
}
