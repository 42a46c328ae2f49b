/** Money rails through bank files: SEPA payouts (pain.001 out, pain.002 back) and statements in (camt.053). */
export { BANK_FILE_COMMANDS, MAX_BANK_FILE_BYTES, payoutDebtor, statementLines, statusReportLines } from './commands';
export { checkCreditTransferFile } from './pain001';
export { createPayoutFile, payoutFile, payoutFiles, waitingPayouts } from './payout-files';
export { sandboxStatement, sandboxStatusReport } from './sandbox-bank';
export { importStatement, unmatchedEntries } from './statements';
export { importStatusReport } from './status-reports';
export { BankFileError } from './xml';
