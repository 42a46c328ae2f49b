import { formatDisplayDate, formatMoney } from '@credimo/shared/format';
import type { DocumentLayout, LenderIdentity } from './layout';

/** The loan's cession_portfolio: the loan sold to a buyer, who is paid from then on. */
export interface CessionData {
  reference: string;
  borrowerName: string;
  soldDate: Date;
  /** Cents still owed at the cession. */
  amountOwed: number;
  buyer: {
    name: string;
    phone: string;
    email: string;
    accountHolderName: string;
    accountNumber: string;
    swift: string;
    bankName: string;
  };
}

export const CESSION_TITLE = 'Notificación de cesión del crédito';

/** The notice that the loan was assigned, and where to pay from now on. */
export function cessionLayout(d: CessionData, lender: LenderIdentity): DocumentLayout {
  return {
    title: `${CESSION_TITLE} n.º ${d.reference}`,
    sections: [
      {
        title: '1. Cesión',
        paragraphs: [
          `Le informamos de que ${lender.name} ha cedido el ${formatDisplayDate(d.soldDate)} su préstamo n.º ${d.reference} a ${d.buyer.name}. Sus condiciones no cambian.`,
        ],
        rows: [
          ['Prestatario', d.borrowerName],
          ['Importe pendiente a la fecha de la cesión', formatMoney(d.amountOwed)],
        ],
      },
      {
        title: '2. Nuevo acreedor',
        rows: [
          ['Nombre', d.buyer.name],
          ['Teléfono', d.buyer.phone],
          ['Correo electrónico', d.buyer.email],
        ],
      },
      {
        title: '3. Dónde pagar desde ahora',
        rows: [
          ['Titular de la cuenta', d.buyer.accountHolderName],
          ['Cuenta', d.buyer.accountNumber],
          ['SWIFT/BIC', d.buyer.swift],
          ['Banco', d.buyer.bankName],
        ],
      },
    ],
  };
}
