import { atom } from 'jotai';
import { calls } from '../api/client';
import { sessionStore } from '../session/store';
import { DEFAULT_SITE_CONTENT, type SiteContent } from './defaults';

export * from './defaults';

export const siteContentAtom = atom<SiteContent>(DEFAULT_SITE_CONTENT);

let requested = false;

/** Loads the content once; a content site that is down leaves the defaults in place. */
export function loadSiteContent(): void {
  if (requested) return;
  requested = true;
  calls
    .siteContent()
    .then((content) => sessionStore.set(siteContentAtom, { ...DEFAULT_SITE_CONTENT, ...content }))
    .catch(() => {});
}
