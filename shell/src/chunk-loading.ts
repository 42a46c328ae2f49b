/**
 * Total blocking time: when the shell's bootstrap is imported, the federation runtime asks for every
 * shared module's chunk at once, and webpack's runtime inserts one `<script>` per chunk in that same task. A
 * trace of /registration/personal-data at 4x CPU showed half of that task (about 150 of 325 ms) in those
 * insertions. Each insertion is deferred to a task of its own here, so the browser can run between them; the
 * files are already on their way (the server's and preloadFirstScreen's preloads), so nothing waits longer.
 * `__webpack_require__.l` is webpack 5's script loader (RuntimeGlobals.loadScript), used by its chunk loading.
 */
type LoadScript = (url: string, done: (event: Event) => void, key?: string, chunkId?: string | number) => void;

export function spreadChunkScripts(
  runtime: { l?: LoadScript },
  defer: (run: () => void) => void = (run) => setTimeout(run, 0),
) {
  const load = runtime.l;
  if (typeof load !== 'function') return;
  runtime.l = (url, done, key, chunkId) => defer(() => load(url, done, key, chunkId));
}
