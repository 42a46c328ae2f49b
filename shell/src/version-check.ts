/** The open app asks {origin}/version.json for the running version every 5 s. */
export const VERSION_CHECK_MS = 5_000;
export const VERSION_PATH = '/version.json';

/** The version a /version.json body names, or null for anything else (a 404 page, a proxy's error). */
export function versionOf(body: unknown): string | null {
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === 'string' && version !== '' ? version : null;
}

/**
 * Polls the version: the first one read is the page's own; the first different one calls `onNewVersion` once and
 * stops. Failed reads (offline, a deploy in progress) are skipped. Answers the function that stops it.
 */
export function watchVersion(options: {
  readVersion: () => Promise<string | null>;
  onNewVersion: (version: string) => void;
  intervalMs?: number;
}): () => void {
  let baseline: string | null = null;
  let stopped = false;
  const check = async () => {
    const version = await options.readVersion().catch(() => null);
    if (stopped || version === null) return;
    if (baseline === null) baseline = version;
    else if (version !== baseline) {
      stop();
      options.onNewVersion(version);
    }
  };
  const timer = setInterval(check, options.intervalMs ?? VERSION_CHECK_MS);
  void check();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}

/** Reads the shell's /version.json past every cache. */
export async function fetchVersion(): Promise<string | null> {
  const answer = await fetch(VERSION_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
  return answer.ok ? versionOf(await answer.json()) : null;
}
