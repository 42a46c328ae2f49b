import { api } from '@credimo/shared';

/** SPEC section 3, user.liveness; shapes of shared/src/contract/documents (the evidence API). */
export interface LivenessView {
  status: 'pending' | 'success' | 'failed' | null;
  allowed: boolean;
}
export interface DocumentsOverview {
  documents: Array<{ type: string; uploaded_at: string }>;
  /** SPEC section 4's required-documents rule, applied by the API. */
  required: string[];
  liveness: LivenessView;
}

/** Typed calls of the documents and liveness endpoints; only this remote makes them. */
export const documentCalls = {
  overview: async () => (await api().get<DocumentsOverview>('/v2/user/documents')).data,
  upload: async (type: string, file: Blob) => {
    const form = new FormData();
    form.append('type', type);
    form.append('document', file, `${type}.jpg`);
    await api().post('/v2/user/document', form);
  },
  skip: async (type: string) => {
    await api().put(`/v2/user/document/${encodeURIComponent(type)}`);
  },
  livenessCapture: async (returnUrl: string) =>
    (
      await api().get<{ url: string; engines: string[] }>('/v2/user/liveness/capture', {
        params: { return_url: returnUrl },
      })
    ).data,
  liveness: async (transactionId: string) =>
    (
      await api().put<{ liveness: LivenessView; message: string | null }>('/v2/user/liveness', {
        transaction_id: transactionId,
      })
    ).data,
};
