/** SPEC section 3: the document types a customer uploads. */
export const DOCUMENT_TYPES = [
  'any',
  'id_card',
  'id_card_back',
  'income_statement',
  'selfie_with_id_card',
  'liveness_selfie',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** SPEC section 3: liveness engines the provider runs. */
export const LIVENESS_ENGINES = ['video_selfie_blank', 'photo_id_front', 'photo_id_back'] as const;
export type LivenessEngine = (typeof LIVENESS_ENGINES)[number];

/** SPEC section 3: verification status. */
export type LivenessStatus = 'pending' | 'success' | 'failed';

/** SPEC section 1: front of the ID card, back of the ID card, selfie with the ID card. */
export const DEFAULT_REQUIRED_DOCUMENTS: readonly DocumentType[] = ['id_card', 'id_card_back', 'selfie_with_id_card'];

/** SPEC section 3: a skipped document is marked skip_ plus its type. */
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
 * SPEC section 4, required documents: if the loan lists required files, only those (a liveness requirement counts
 * for the selfie); otherwise those not yet uploaded. A skipped document counts as handled: the customer chose to
 * send it later, and the loan can still ask for it by name.
 */
export function requiredDocuments(state: DocumentsState): DocumentType[] {
  const requested = (state.requiredFiles ?? []).filter(isDocumentType);
  if (requested.length > 0) {
    const selfieMet = state.livenessStatus === 'success';
    const wanted = requested.map((type) => (type === 'liveness_selfie' ? 'selfie_with_id_card' : type));
    return [...new Set(wanted)].filter((type) => !(selfieMet && SELFIE_TYPES.includes(type)));
  }
  const handled = new Set(state.documents.map((name) => (name.startsWith(SKIP_PREFIX) ? name.slice(5) : name)));
  const selfieMet = state.livenessStatus === 'success' || handled.has('liveness_selfie');
  return DEFAULT_REQUIRED_DOCUMENTS.filter((type) => !handled.has(type) && !(selfieMet && SELFIE_TYPES.includes(type)));
}

/** The name the pre-contract information's (SECCI) PDF is served and saved under. */
export const offerFileName = (term: number, amount: number) =>
  `informacion-normalizada-${amount / 100}-eur-${term}-dias.pdf`;
