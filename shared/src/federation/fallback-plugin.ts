import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteUnavailable } from '../i18n/remote-unavailable';

/** Marks the stand-in module so hosts can render their own styled fallback. */
export const UNAVAILABLE = '__credimoRemoteUnavailable';

export function unavailableMount(el: Element): () => void {
  // Plain DOM: this runs when React itself may be what failed to load.
  const box = el.ownerDocument.createElement('div');
  box.setAttribute('role', 'alert');
  box.className = 'credimo-remote-unavailable';
  box.textContent = remoteUnavailable;
  el.replaceChildren(box);
  return () => box.remove();
}

const Unavailable = () => remoteUnavailable;

/** The module a host receives instead of a remote that could not load. */
export function unavailableModule(id: string) {
  return { [UNAVAILABLE]: id, __esModule: true, default: Unavailable, mount: unavailableMount };
}

/**
 * A remote that is down never blanks the page. Whatever stage fails (manifest, entry,
 * chunk), the host gets a stand-in module that shows the Spanish fallback. No React import here: the
 * plugin is part of the runtime, which must not consume shared modules eagerly.
 */
export default function offlineFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'credimo-offline-fallback',
    errorLoadRemote({ id, error }) {
      console.error(`[credimo] remote ${id} is unavailable`, error);
      return unavailableModule(id);
    },
  };
}
