/**
 * One way to lay out a document: a title and sections of labelled rows and paragraphs. Every document the
 * customer receives (SECCI, loan agreement, cession notice, templates) is data of this shape; html.ts and pdf.ts
 * are its only two renderers, so a document looks the same on screen, in print and in the signed PDF.
 */
export interface DocumentSection {
  title: string;
  rows?: Array<[label: string, value: string]>;
  paragraphs?: string[];
}

export interface DocumentLayout {
  title: string;
  sections: DocumentSection[];
}

/** The lender named in every document: the API's configuration (LENDER_*), never a constant of the documents. */
export type { LenderIdentity } from '../config';

/** A TAE as customers read it: one decimal, Spanish separators. */
export const taeText = (tae: number) =>
  `${tae.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
