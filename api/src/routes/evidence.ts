import { endpoints } from '@credimo/shared/contract';
import { isDocumentType, LIVENESS_ENGINES } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { customerFeatures } from '../customer-flags';
import { ApiError } from '../errors';
import {
  claimLiveness,
  deleteDocument,
  documentContent,
  documentsOverview,
  type EvidenceDeps,
  IMAGE_LIMITS,
  skipDocument,
  uploadDocument,
  uploadRefused,
} from '../evidence';
import { readUploadForm, UploadTooLarge } from '../http/multipart';
import { requireSession } from '../identity/auth';
import type { LivenessProvider } from '../providers/liveness';
import { isAllowedReturnUrl } from '../providers/return-urls';
import { route } from './route';

export interface EvidenceRoutesOptions {
  context: AppContext;
  evidence: EvidenceDeps;
  liveness: LivenessProvider;
}

/** Documents and liveness. Every call finds the customer's own records through the token. */
export async function evidenceRoutes(app: FastifyInstance, { context, evidence, liveness }: EvidenceRoutesOptions) {
  route(app, endpoints.uploadDocument, async (request, reply) => {
    const session = requireSession(request);
    let form: Awaited<ReturnType<typeof readUploadForm>>;
    try {
      form = await readUploadForm(request, { maxFileBytes: IMAGE_LIMITS.maxBytes });
    } catch (error) {
      if (error instanceof UploadTooLarge) throw uploadRefused('too_large');
      throw error;
    }
    const type = form.fields.type ?? '';
    if (!isDocumentType(type)) throw ApiError.field(422, 'type', messages.documentTypeUnknown);
    const file = form.files.find((f) => f.field === 'document');
    if (!file) throw ApiError.field(422, 'document', messages.fieldRequired);
    reply.code(201);
    return uploadDocument(evidence, session.userId, type, file.bytes);
  });

  route(app, endpoints.document, async (request) =>
    documentContent(evidence, requireSession(request).userId, request.params.type),
  );

  route(app, endpoints.skipDocument, async (request) =>
    skipDocument(evidence, requireSession(request).userId, request.params.type),
  );

  route(app, endpoints.deleteDocument, async (request) =>
    deleteDocument(evidence, requireSession(request).userId, request.params.type),
  );

  route(app, endpoints.userDocuments, async (request) =>
    documentsOverview(evidence.db, requireSession(request).userId),
  );

  route(app, endpoints.livenessCapture, async (request) => {
    const { userId } = requireSession(request);
    // Liveness is a feature flag per customer, the one GET /v2/user's liveness.allowed carries.
    const { liveness: flag } = await customerFeatures(evidence.db, userId, context.config.customerFlagDefaults);
    if (!flag.allowed) throw ApiError.request(409, messages.livenessUnavailable);
    if (!isAllowedReturnUrl(context.config, request.query.return_url)) {
      throw ApiError.field(422, 'return_url', messages.incorrectData);
    }
    return { url: liveness.captureUrl(request.query.return_url), engines: [...LIVENESS_ENGINES] };
  });

  route(app, endpoints.liveness, async (request) =>
    claimLiveness(evidence.db, liveness, requireSession(request).userId, request.body.transaction_id),
  );
}
