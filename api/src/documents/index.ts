import { type AgreementData, agreementLayout } from './agreement';
import { type CessionData, cessionLayout } from './cession';
import { documentHtml } from './html';
import type { DocumentLayout, LenderIdentity } from './layout';
import { documentPdf } from './pdf';
import { type SecciData, secciLayout } from './secci';

export type { AgreementData } from './agreement';
export type { CessionData } from './cession';
export { documentHtml } from './html';
export type { DocumentLayout, LenderIdentity } from './layout';
export { documentPdf } from './pdf';
export type { SecciData } from './secci';
export { AGREEMENT_TYPES, type AgreementType, isAgreementType, templateLayout } from './templates';

/** The documents a customer receives, each with the data it states. */
export interface DocumentData {
  secci: SecciData;
  agreement: AgreementData;
  cession: CessionData;
}

export type DocumentKind = keyof DocumentData;

const LAYOUTS: { [K in DocumentKind]: (data: DocumentData[K], lender: LenderIdentity) => DocumentLayout } = {
  secci: secciLayout,
  agreement: agreementLayout,
  cession: cessionLayout,
};

/** A document of a kind laid out from its data and the lender, for a caller that needs only one of the two forms. */
export function documentLayout<K extends DocumentKind>(
  kind: K,
  data: DocumentData[K],
  lender: LenderIdentity,
): DocumentLayout {
  return LAYOUTS[kind](data, lender);
}

/** One document in both forms, laid out once: the HTML the customer reads and the PDF that is stored or sent. */
export async function renderDocument<K extends DocumentKind>(
  kind: K,
  data: DocumentData[K],
  lender: LenderIdentity,
): Promise<{ html: string; pdf: Uint8Array }> {
  const layout = documentLayout(kind, data, lender);
  return { html: documentHtml(layout), pdf: await documentPdf(layout) };
}
