import { api } from '@credimo/shared';
import type { DocumentSaved, DocumentsOverview, LivenessResult } from '@credimo/shared/contract';

export type { DocumentsOverview };

/** Typed calls of the documents and liveness endpoints; only this remote makes them. */
export const documentCalls = {
  overview: async () => (await api().get<DocumentsOverview>('/v2/user/documents')).data,
  upload: async (type: string, file: Blob) => {
    const form = new FormData();
    form.append('type', type);
    form.append('document', file, `${type}.jpg`);
    return (await api().post<DocumentSaved>('/v2/user/document', form)).data;
  },
  skip: async (type: string) => {
    return (await api().put<DocumentSaved>(`/v2/user/document/${encodeURIComponent(type)}`)).data;
  },
  livenessCapture: async (returnUrl: string) =>
    (
      await api().get<{ url: string; engines: string[] }>('/v2/user/liveness/capture', {
        params: { return_url: returnUrl },
      })
    ).data,
  liveness: async (transactionId: string) =>
    (
      await api().put<LivenessResult>('/v2/user/liveness', {
        transaction_id: transactionId,
      })
    ).data,
};
