import { LoanStatus } from './loan-status';

/** The document types a customer uploads. */
export const DOCUMENT_TYPES = [
  'any',
  'id_card',
  'id_card_back',
  'income_statement',
  'selfie_with_id_card',
  'liveness_selfie',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Liveness engines the provider runs. */
export const LIVENESS_ENGINES = ['video_selfie_blank', 'photo_id_front', 'photo_id_back'] as const;
export type LivenessEngine = (typeof LIVENESS_ENGINES)[number];

/** Verification status. */
export type LivenessStatus = 'pending' | 'success' | 'failed';

/** Front of the ID card, back of the ID card, selfie with the ID card. */
export const DEFAULT_REQUIRED_DOCUMENTS: readonly DocumentType[] = ['id_card', 'id_card_back', 'selfie_with_id_card'];

/** A skipped document is marked skip_ plus its type. */
export const SKIP_PREFIX = 'skip_';
export const skippedName = (type: DocumentType) => `${SKIP_PREFIX}${type}`;

export const isDocumentType = (value: string): value is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(value);

/** The selfie is asked once: as a selfie with the ID card, or proven by a passed liveness check. */
const SELFIE_TYPES: readonly string[] = ['selfie_with_id_card', 'liveness_selfie'];

export interface DocumentsState {
  /** The loan's required_files, if there is a loan that lists any. */
  requiredFiles: readonly string[] | null | undefined;
  /** Names as listed on the user: a type, or skip_<type> for a skipped one. */
  documents: readonly string[];
  livenessStatus?: LivenessStatus | null;
}

/**
 * The files a loan asks for that are still outstanding: the names it lists (a liveness requirement counts for the
 * selfie), less the selfie once a liveness check passed. The API keeps the loan's list to what is not uploaded yet
 * (an upload takes its type off), so the list itself says what is missing.
 */
export function loanFilesOutstanding(
  requiredFiles: readonly string[] | null | undefined,
  livenessStatus?: LivenessStatus | null,
): DocumentType[] {
  const selfieMet = livenessStatus === 'success';
  const wanted = (requiredFiles ?? [])
    .filter(isDocumentType)
    .map((type) => (type === 'liveness_selfie' ? 'selfie_with_id_card' : type));
  return [...new Set(wanted)].filter((type) => !(selfieMet && SELFIE_TYPES.includes(type)));
}

/**
 * Required documents: if the loan lists required files, only those (a liveness requirement counts
 * for the selfie); otherwise those not yet uploaded. A skipped document counts as handled: the customer chose to
 * send it later, and the loan can still ask for it by name.
 */
export function requiredDocuments(state: DocumentsState): DocumentType[] {
  if ((state.requiredFiles ?? []).some(isDocumentType)) {
    return loanFilesOutstanding(state.requiredFiles, state.livenessStatus);
  }
  const handled = new Set(state.documents.map((name) => (name.startsWith(SKIP_PREFIX) ? name.slice(5) : name)));
  const selfieMet = state.livenessStatus === 'success' || handled.has('liveness_selfie');
  return DEFAULT_REQUIRED_DOCUMENTS.filter((type) => !handled.has(type) && !(selfieMet && SELFIE_TYPES.includes(type)));
}

/** The name the pre-contract information's (SECCI) PDF is served and saved under. */
export const offerFileName = (term: number, amount: number) =>
  `informacion-normalizada-${amount / 100}-eur-${term}-dias.pdf`;

/**
 * What a decision that may lend asks for (front and back of the ID card and a selfie with it, or a
 * passed liveness check), those not uploaded yet (a skipped one is asked by name: it was put off, not sent); manual
 * verification also asks for a recent income statement, even if one was sent for an earlier loan.
 */
export function filesToAsk(state: {
  documents: readonly string[];
  livenessStatus?: LivenessStatus | null;
  manualReview: boolean;
}): DocumentType[] {
  const uploaded = new Set(state.documents);
  const selfieMet = state.livenessStatus === 'success' || uploaded.has('liveness_selfie');
  const identity = DEFAULT_REQUIRED_DOCUMENTS.filter(
    (type) => !uploaded.has(type) && !(selfieMet && SELFIE_TYPES.includes(type)),
  );
  return state.manualReview ? [...identity, 'income_statement'] : identity;
}

/** The loan's list once a photo of type `uploaded` arrived (a liveness requirement is met by the selfie too). */
export function filesLeftAfter(requiredFiles: readonly string[], uploaded: DocumentType): string[] {
  const asType = (file: string) => (file === 'liveness_selfie' ? 'selfie_with_id_card' : file);
  return requiredFiles.filter((file) => asType(file) !== uploaded);
}

/**
 * Loan statuses in which the files it asks for are collected: from the application to the signature. The API signs
 * nothing and pays nothing out while one is outstanding, and the browser's rule 8 asks for them only here (a
 * declined or closed loan asks for nothing).
 */
export const FILES_COLLECTED_STATUSES: readonly number[] = [
  LoanStatus.Request,
  LoanStatus.New,
  LoanStatus.AwaitingBankDataImport,
  LoanStatus.AwaitingVerification,
  LoanStatus.AwaitingIssuanceMethod,
  LoanStatus.AwaitingBankProcessData,
  LoanStatus.AwaitingSignContract,
  LoanStatus.ContractSigned,
];

/** Redirect rule 8's count: the loan's files still outstanding while it is collecting them. */
export function requiredFilesOutstanding(
  loan: { status: number; required_files?: readonly string[] | null },
  livenessStatus?: LivenessStatus | null,
): number {
  if (!FILES_COLLECTED_STATUSES.includes(loan.status)) return 0;
  return loanFilesOutstanding(loan.required_files, livenessStatus).length;
}
