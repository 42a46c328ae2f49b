import { apiAddress } from '../api/address';
import { DEFAULT_PRODUCT_ID } from '../price-tables/prices';
import type { Link, SiteContent } from './defaults';

/** The legal documents a customer is pointed to: the two required consents' and the footer's legal notice. */
export type LegalDocument = 'privacy' | 'terms' | 'legalNotice';

/**
 * Editors name the content site's links as customers read them, so a document is found by its title. When the
 * content names none, the API's own version (GET /v2/products/{id}/agreement/{type}, with the configured lender)
 * is linked: a consent or the legal notice never points nowhere.
 */
const LEGAL_DOCUMENTS: Record<LegalDocument, { title: RegExp; template: string }> = {
  privacy: { title: /privacidad/i, template: 'privacy' },
  terms: { title: /condiciones generales/i, template: 'general' },
  legalNotice: { title: /aviso legal/i, template: 'legal_notice' },
};

function absolute(url: string, base: string | undefined): string {
  try {
    return new URL(url, new URL(base ?? '/', globalThis.location?.href)).href;
  } catch {
    return url;
  }
}

/** A content link's address: a path ("/aviso-legal") is a page of the content site, not of this app. */
export const contentUrl = (url: string): string => absolute(url, apiAddress()?.wpBaseUrl);

/** Where a legal document opens: the content site's documents and footer menus first, else the API's version. */
export function legalDocumentUrl(content: SiteContent, document: LegalDocument): string {
  const { title, template } = LEGAL_DOCUMENTS[document];
  const links: Link[] = [...content.documents, ...content.footer.menu_2, ...content.footer.menu, ...content.menu];
  const found = links.find((link) => title.test(link.title));
  if (found) return contentUrl(found.url);
  const api = apiAddress()?.apiBaseUrl.replace(/\/$/, '') ?? '';
  return `${api}/v2/products/${DEFAULT_PRODUCT_ID}/agreement/${template}`;
}
