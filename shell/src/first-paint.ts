/**
 * The page's first paint: the shell's server prints the first screen's static frame in
 * `#first-paint` and leaves `#root` hidden (shell/server/first-paint.ts). The app renders into the hidden root;
 * once its first screen has mounted, this swaps the two in one step: the frame goes, the app shows in its place
 * with the same geometry, so nothing moves. Pages without a first paint (tests, unknown paths) are untouched.
 */
export function revealApp(doc: Document = document): void {
  doc.getElementById('first-paint')?.remove();
  const root = doc.getElementById('root');
  if (root?.hidden) root.hidden = false;
}

/** Whatever happens to the first screen (a remote that never answers), the app shows after this long. */
export const REVEAL_AT_THE_LATEST_MS = 10_000;
