/** SPEC section 4: loan status numbers. */
export const LoanStatus = {
  Request: 0,
  New: 100,
  ContractSigned: 1,
  Active: 2,
  Returned: 3,
  Denied: 4,
  Processing: 10,
  ProcessingFail: 15,
  Extended: 20,
  Overdue: 21,
  AwaitingCollector: 23,
  CollectorInProgress: 24,
  AwaitingSignContract: 26,
  Sold: 27,
  Presale: 28,
  PreCourt: 29,
  Court: 30,
  PostCourt: 31,
  Execution: 32,
  AwaitingVerification: 33,
  AwaitingIssuanceMethod: 34,
  AwaitingBankProcessData: 35,
  Timeout: 36,
  AwaitingBankDataImport: 37,
  Discount: 38,
} as const;
export type LoanStatusNumber = (typeof LoanStatus)[keyof typeof LoanStatus];

/** SPEC section 4: status groups as data. */
export const APPLICATION_IN_PROGRESS: readonly number[] = [1, 10, 15];
export const LOAN_IN_SERVICE: readonly number[] = [2, 20, 21, 23, 24, 29, 30, 31, 32, 28, 38];

/** SPEC section 2, rule 9: each awaiting page and the status it waits on. */
export const AWAITING_PAGES: ReadonlyArray<{ status: number; route: string }> = [
  { status: LoanStatus.AwaitingBankDataImport, route: 'applicationAwaitingBankDataImporting' },
  { status: LoanStatus.New, route: 'applicationAwaitingNewLoan' },
  { status: LoanStatus.Request, route: 'applicationAwaitingRequestLoan' },
  { status: LoanStatus.AwaitingVerification, route: 'applicationAwaitingVerificationLoan' },
];

/** Closed: the customer may apply again (and the database allows one open loan only). */
export const CLOSED_LOAN_STATUSES: readonly number[] = [LoanStatus.Returned, LoanStatus.Denied, LoanStatus.Timeout];
export const isOpenLoanStatus = (status: number) => !CLOSED_LOAN_STATUSES.includes(status);
export const isDeclinedLoanStatus = (status: number) => status === LoanStatus.Denied || status === LoanStatus.Timeout;

export type LoanStatusType = 'warning' | 'error' | 'info';

export type LoanDisplayClass = 'active' | 'close' | 'sold';

/**
 * SPEC sections 3 and 4: per status, status_type, the Spanish status_text customers read and the display class
 * (close for denied and timed out, sold for sold and presale, active otherwise). Every SPEC status is here.
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
