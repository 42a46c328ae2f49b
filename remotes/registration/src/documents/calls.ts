import { call } from '@credimo/shared';
import type { DocumentParams, DocumentSaved, DocumentsOverview, LivenessResult } from '@credimo/shared/contract';
import type { Static } from 'typebox';

export type { DocumentsOverview };

/** Typed calls of the documents and liveness endpoints; only this remote makes them. */
export const documentCalls = {
  overview: (): Promise<DocumentsOverview> => call('userDocuments'),
  upload: async (type: string, file: Blob) => {
    const form = new FormData();
    form.append('type', type);
    form.append('document', file, `${type}.jpg`);
    const saved: DocumentSaved = await call('uploadDocument', { body: form as never });
    return saved;
  },
  skip: async (type: Static<typeof DocumentParams>['type']) => {
    const saved: DocumentSaved = await call('skipDocument', { params: { type } });
    return saved;
  },
  livenessCapture: (returnUrl: string): Promise<{ url: string; engines: string[] }> =>
    call('livenessCapture', { query: { return_url: returnUrl } }),
  liveness: (transactionId: string): Promise<LivenessResult> =>
    call('liveness', { body: { transaction_id: transactionId } }),
};
