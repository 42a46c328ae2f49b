/** The evidence room: customers' document photos and liveness checks. */
export {
  deleteDocument,
  documentContent,
  documentsOf,
  documentsOverview,
  type EvidenceDeps,
  filesOutstanding,
  skipDocument,
  uploadDocument,
  uploadRefused,
} from './documents';
export { cleanImage, IMAGE_LIMITS, ImageRefused } from './images';
export { claimLiveness, livenessOf, recordLivenessVerdict } from './liveness';
