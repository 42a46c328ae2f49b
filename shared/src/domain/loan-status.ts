/** Loan status numbers. */
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

/** Status groups as data. */
export const APPLICATION_IN_PROGRESS: readonly number[] = [1, 10, 15];
export const LOAN_IN_SERVICE: readonly number[] = [2, 20, 21, 23, 24, 29, 30, 31, 32, 28, 38];

/**
 * Loans that accrue and can be repaid: in service except Sold, whose debt belongs to the buyer.
 * Presale is still ours: the customer may repay, and a full repayment takes it to Returned (the sale is called off).
 */
export const REPAYABLE_LOAN_STATUSES: readonly number[] = LOAN_IN_SERVICE;

/** Each awaiting page and the status it waits on: the page is left once the loan status no longer matches. */
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
