import { offerFileName } from '../domain/documents';
import { offerPath } from './address';
import { api } from './client';

/**
 * A document the API gives only to the signed-in customer (their signed agreement, the pre-contract information
 * of their application): a plain link cannot carry the session's bearer token, so it is fetched with it and
 * handed to the browser as a file the customer opens and keeps.
 */
export async function fetchDocument(path: string, params: Record<string, string | number> = {}): Promise<Blob> {
  try {
    return (await api().get<Blob>(path, { params, responseType: 'blob' })).data;
  } catch (failure) {
    throw await withReadableBody(failure);
  }
}

/** An error answer read as a Blob carries the API's JSON error: read it so the usual wording applies. */
async function withReadableBody(failure: unknown): Promise<unknown> {
  const response = (failure as { response?: { data?: unknown } } | null)?.response;
  if (response && typeof Blob !== 'undefined' && response.data instanceof Blob) {
    try {
      response.data = JSON.parse(await response.data.text());
    } catch {
      response.data = null;
    }
  }
  return failure;
}

/** Hands a fetched document to the browser as a download under its name (the customer keeps it). */
export function saveDocument(file: Blob, name: string): void {
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

/** Fetches a customer's document with the session and saves it under `name`. */
export async function openDocument(path: string, name: string, params: Record<string, string | number> = {}) {
  saveDocument(await fetchDocument(path, params), name);
}

/**
 * The signed-in customer's pre-contract information (SECCI) for a choice: fetched with their session, so it is
 * priced for them (first loan, discounts, their own application) as the calculator and signing page are.
 */
export function openOffer(productId: number, term: number, amount: number, discount: string | null = null) {
  return openDocument(offerPath(productId, term, amount, 'pdf', discount), offerFileName(term, amount));
}
