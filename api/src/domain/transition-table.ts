import { LoanStatus } from '@credimo/shared/domain';

const S = LoanStatus;

/** Statuses a loan in service can move between (repayment, extension, overdue, collection, sale). */
const IN_SERVICE_EXITS = [S.Returned, S.Extended, S.Overdue, S.Discount, S.Presale];
const COLLECTION_EXITS = [S.Returned, S.Presale, S.Discount];

/**
 * The loan state machine: for each status, the statuses it may move to. Anything not listed is refused.
 * Origination uses the first block; servicing the second.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  // Origination: decision, disbursement method, signing, payout.
  [S.Request]: [
    S.New,
    S.AwaitingVerification,
    S.AwaitingIssuanceMethod,
    S.AwaitingSignContract,
    S.AwaitingBankDataImport,
    S.Denied,
    S.Timeout,
  ],
  [S.New]: [
    S.AwaitingVerification,
    S.AwaitingIssuanceMethod,
    S.AwaitingSignContract,
    S.AwaitingBankDataImport,
    S.Denied,
    S.Timeout,
  ],
  [S.AwaitingBankDataImport]: [
    S.Request,
    S.AwaitingVerification,
    S.AwaitingSignContract,
    S.AwaitingBankProcessData,
    S.Denied,
    S.Timeout,
  ],
  [S.AwaitingVerification]: [S.AwaitingIssuanceMethod, S.AwaitingSignContract, S.Denied, S.Timeout],
  [S.AwaitingIssuanceMethod]: [S.AwaitingSignContract, S.AwaitingBankProcessData, S.Denied, S.Timeout],
  [S.AwaitingBankProcessData]: [
    S.AwaitingBankDataImport,
    S.AwaitingSignContract,
    S.AwaitingIssuanceMethod,
    S.Denied,
    S.Timeout,
  ],
  [S.AwaitingSignContract]: [S.ContractSigned, S.AwaitingIssuanceMethod, S.Denied, S.Timeout],
  [S.ContractSigned]: [S.Processing],
  [S.Processing]: [S.Active, S.ProcessingFail],
  [S.ProcessingFail]: [S.Processing, S.Denied],
  // Servicing.
  [S.Active]: IN_SERVICE_EXITS,
  [S.Extended]: IN_SERVICE_EXITS,
  [S.Overdue]: [S.Returned, S.Extended, S.AwaitingCollector, S.Discount, S.Presale],
  [S.AwaitingCollector]: [S.CollectorInProgress, ...COLLECTION_EXITS],
  [S.CollectorInProgress]: [S.PreCourt, ...COLLECTION_EXITS],
  [S.PreCourt]: [S.Court, ...COLLECTION_EXITS],
  [S.Court]: [S.PostCourt, ...COLLECTION_EXITS],
  [S.PostCourt]: [S.Execution, ...COLLECTION_EXITS],
  [S.Execution]: COLLECTION_EXITS,
  [S.Discount]: [S.Returned],
  // Presale is still ours until sold: a full repayment closes it (Returned) and calls the sale off.
  [S.Presale]: [S.Sold, S.Overdue, S.Returned],
  // Closed: Returned 3, Denied 4, Timeout 36 and Sold 27 go nowhere.
  [S.Returned]: [],
  [S.Denied]: [],
  [S.Timeout]: [],
  [S.Sold]: [],
};

export const canTransition = (from: number, to: number): boolean => ALLOWED_TRANSITIONS[from]?.includes(to) ?? false;
