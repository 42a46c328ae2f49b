import { LoanStatus } from './loan-status';

// The customer-facing status texts, apart from the status numbers: the calculator on a marketing page needs only
// whether a loan is open, not these texts, in the scripts it loads before it answers.

export type LoanStatusType = 'warning' | 'error' | 'info';

export type LoanDisplayClass = 'active' | 'close' | 'sold';

/**
 * Per status, status_type, the Spanish status_text customers read and the display class
 * (close for denied and timed out, sold for sold and presale, active otherwise). Every loan status is here.
 */
export const LOAN_STATUS_VIEW: Readonly<
  Record<number, { type: LoanStatusType; text: string; display: LoanDisplayClass }>
> = {
  [LoanStatus.Request]: { type: 'info', text: 'Solicitud en estudio', display: 'active' },
  [LoanStatus.New]: { type: 'info', text: 'Solicitud en estudio', display: 'active' },
  [LoanStatus.AwaitingVerification]: { type: 'info', text: 'Verificación manual en curso', display: 'active' },
  [LoanStatus.AwaitingBankDataImport]: { type: 'info', text: 'Importando tus datos bancarios', display: 'active' },
  [LoanStatus.AwaitingBankProcessData]: {
    type: 'warning',
    text: 'Necesitamos verificar tu cuenta bancaria',
    display: 'active',
  },
  [LoanStatus.AwaitingIssuanceMethod]: { type: 'warning', text: 'Elige cómo recibir el dinero', display: 'active' },
  [LoanStatus.AwaitingSignContract]: { type: 'warning', text: 'Pendiente de firma', display: 'active' },
  [LoanStatus.ContractSigned]: { type: 'info', text: 'Contrato firmado', display: 'active' },
  [LoanStatus.Processing]: { type: 'info', text: 'El dinero está en camino', display: 'active' },
  [LoanStatus.ProcessingFail]: { type: 'error', text: 'No hemos podido enviar el dinero', display: 'active' },
  [LoanStatus.Active]: { type: 'info', text: 'Préstamo activo', display: 'active' },
  [LoanStatus.Extended]: { type: 'info', text: 'Préstamo prorrogado', display: 'active' },
  [LoanStatus.Overdue]: { type: 'error', text: 'Pago vencido', display: 'active' },
  [LoanStatus.AwaitingCollector]: { type: 'error', text: 'Pago vencido: en gestión de cobro', display: 'active' },
  [LoanStatus.CollectorInProgress]: { type: 'error', text: 'En gestión de cobro', display: 'active' },
  [LoanStatus.PreCourt]: { type: 'error', text: 'Reclamación previa a la vía judicial', display: 'active' },
  [LoanStatus.Court]: { type: 'error', text: 'Reclamación judicial', display: 'active' },
  [LoanStatus.PostCourt]: { type: 'error', text: 'Resolución judicial', display: 'active' },
  [LoanStatus.Execution]: { type: 'error', text: 'En ejecución judicial', display: 'active' },
  [LoanStatus.Sold]: { type: 'warning', text: 'Préstamo cedido', display: 'sold' },
  [LoanStatus.Presale]: { type: 'warning', text: 'Préstamo en proceso de cesión', display: 'sold' },
  [LoanStatus.Discount]: { type: 'info', text: 'Préstamo con descuento', display: 'active' },
  [LoanStatus.Returned]: { type: 'info', text: 'Préstamo devuelto', display: 'active' },
  [LoanStatus.Denied]: { type: 'error', text: 'Solicitud rechazada', display: 'close' },
  [LoanStatus.Timeout]: { type: 'error', text: 'Solicitud rechazada por falta de respuesta', display: 'close' },
};

export function loanStatusView(status: number): { type: LoanStatusType; text: string; display: LoanDisplayClass } {
  return LOAN_STATUS_VIEW[status] ?? { type: 'info', text: 'En curso', display: 'active' };
}
