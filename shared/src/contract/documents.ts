import Type, { type Static } from 'typebox';
import type { DocumentType } from '../domain/documents';

const strict = { additionalProperties: false } as const;

/** The document types; a skipped one is reported as skip_<type>. */
export const DocumentTypeSchema = Type.Enum(
  ['any', 'id_card', 'id_card_back', 'income_statement', 'selfie_with_id_card', 'liveness_selfie'],
  { 'x-message': 'documentTypeUnknown' },
);

/** Compile-time check that the schema lists exactly the domain's types. */
const sameTypes: [Static<typeof DocumentTypeSchema>] extends [DocumentType]
  ? [DocumentType] extends [Static<typeof DocumentTypeSchema>]
    ? true
    : false
  : false = true;
void sameTypes;

export const DocumentParams = Type.Object({ type: DocumentTypeSchema });

/**
 * One entry of the user's `documents`: `type` is the document type, or `skip_<type>` for a
 * skipped one. Built from the `user_documents` view, so GET /v2/user can json_agg it in one query.
 */
export const DocumentEntry = Type.Object({
  type: Type.String(),
  uploaded_at: Type.String({ description: 'ISO 8601 instant' }),
});
export type DocumentEntry = Static<typeof DocumentEntry>;
export const DocumentsList = Type.Array(DocumentEntry);

/** The answer to an upload or a skip: the stored entry and all the customer's documents now. */
export const DocumentSaved = Type.Object({
  document: DocumentEntry,
  documents: DocumentsList,
});
export type DocumentSaved = Static<typeof DocumentSaved>;

/** Fetching a document returns it as base64 (always a JPEG, re-encoded on upload). */
export const DocumentContent = Type.Object({
  type: Type.String(),
  mime_type: Type.Literal('image/jpeg'),
  content: Type.String({ description: 'base64' }),
  uploaded_at: Type.String(),
});
export type DocumentContent = Static<typeof DocumentContent>;

export const LivenessRequest = Type.Object(
  { transaction_id: Type.String({ minLength: 8, maxLength: 128, 'x-message': 'livenessTransactionUnknown' }) },
  strict,
);
export type LivenessRequest = Static<typeof LivenessRequest>;

/** The user's liveness: status of the latest check, and whether another try is allowed. */
export const LivenessView = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed'), Type.Null()]),
  allowed: Type.Boolean(),
});
export type LivenessView = Static<typeof LivenessView>;

/** PUT /v2/user/liveness: the verdict, with the text customers read for it (in verification while pending). */
export const LivenessResult = Type.Object({
  liveness: LivenessView,
  message: Type.Union([Type.String(), Type.Null()]),
});
export type LivenessResult = Static<typeof LivenessResult>;

/** The documents screens' view: what is stored, what is still asked, and the liveness state. */
export const DocumentsOverview = Type.Object({
  documents: DocumentsList,
  required: Type.Array(DocumentTypeSchema),
  liveness: LivenessView,
});
export type DocumentsOverview = Static<typeof DocumentsOverview>;

export const LivenessCaptureQuery = Type.Object(
  { return_url: Type.String({ maxLength: 2048, 'x-message': 'incorrectData' }) },
  strict,
);
/** Where the browser takes the liveness check; it comes back to return_url with ?transaction_id=… */
export const LivenessCapture = Type.Object({
  url: Type.String({ description: 'absolute, or relative to the API base address' }),
  engines: Type.Array(Type.String()),
});
export type LivenessCapture = Static<typeof LivenessCapture>;
