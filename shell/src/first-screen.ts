/**
 * The first screen's own chunks, asked for while the shell's shared modules load: the page's server names the
 * manifest of each of the page's remotes in a `<link rel="preload" as="fetch">` (shell/server/first-load.ts); the
 * expose that link names (`data-expose`, `./App` unless the page loads a smaller one)
 * lists the chunks the runtime will ask for, which otherwise start only once React and the router have run.
 * Shared modules are not preloaded: the shell provides its own.
 */
interface Manifest {
  exposes?: Array<{ path: string; assets?: { js?: { sync?: string[] } } }>;
}

export function preloadFirstScreen(doc: Document = document): void {
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][href$="mf-manifest.json"]');
  for (const link of links) preloadExpose(doc, link.href, link.dataset.expose ?? './App');
}

function preloadExpose(doc: Document, manifestUrl: string, exposePath: string): void {
  fetch(manifestUrl)
    .then((response) => (response.ok ? (response.json() as Promise<Manifest>) : null))
    .then((manifest) => {
      const app = manifest?.exposes?.find((expose) => expose.path === exposePath);
      for (const file of app?.assets?.js?.sync ?? []) {
        const hint = doc.createElement('link');
        hint.setAttribute('rel', 'preload');
        hint.setAttribute('as', 'script');
        hint.setAttribute('href', new URL(file, manifestUrl).href);
        doc.head.appendChild(hint);
      }
    })
    .catch(() => {});
}
